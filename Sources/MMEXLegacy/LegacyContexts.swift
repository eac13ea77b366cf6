import MMEXModel
import PersistenceSession

/// The context of a legacy read unit of work: the reading side of the ported repositories.
struct LegacyReadContext: MMEXReadContext {
    let infoTable: any InfoTableReading
    let settings: any SettingsReading
    let transactions: any TransactionReading

    init(unit: LegacyUnit) {
        infoTable = LegacyInfoTableRepository(unit: unit)
        settings = LegacySettingsRepository(unit: unit)
        transactions = LegacyTransactionRepository(unit: unit)
    }
}

/// The context of a legacy write unit of work: the ported repositories with their writing side.
struct LegacyWriteContext: MMEXWriteContext {
    let infoTable: any InfoTableRepository
    let settings: any SettingsRepository
    let transactions: any TransactionRepository

    init(unit: LegacyUnit) {
        infoTable = LegacyInfoTableRepository(unit: unit)
        settings = LegacySettingsRepository(unit: unit)
        transactions = LegacyTransactionRepository(unit: unit)
    }
}
