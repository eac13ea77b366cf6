import MMEXModel
import PersistenceSession

/// The context of a legacy read unit of work: the reading side of the ported repositories.
struct LegacyReadContext: MMEXReadContext {
    let infoTable: any InfoTableReading
    let settings: any SettingsReading
    let duplicates: any DuplicateReading

    init(unit: LegacyUnit) {
        infoTable = LegacyInfoTableRepository(unit: unit)
        settings = LegacySettingsRepository(unit: unit)
        duplicates = LegacyDuplicateRepository(unit: unit)
    }
}

/// The context of a legacy write unit of work: the ported repositories with their writing side.
struct LegacyWriteContext: MMEXWriteContext {
    let infoTable: any InfoTableRepository
    let settings: any SettingsRepository
    let importer: any ImportRepository
    let duplicates: any DuplicateRepository

    init(unit: LegacyUnit) {
        infoTable = LegacyInfoTableRepository(unit: unit)
        settings = LegacySettingsRepository(unit: unit)
        importer = LegacyImportRepository(unit: unit)
        duplicates = LegacyDuplicateRepository(unit: unit)
    }
}
