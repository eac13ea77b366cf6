import MMEXModel
import PersistenceSession

/// The context of a legacy read unit of work: the reading side of the ported repositories.
struct LegacyReadContext: MMEXReadContext {
    /// The unit of work every repository of this context works in. A new slice adds one property that makes its
    /// repository from it (`var currencies: any CurrencyReading { LegacyCurrencyRepository(unit: unit) }`).
    let unit: LegacyUnit
    let infoTable: any InfoTableReading
    let settings: any SettingsReading

    init(unit: LegacyUnit) {
        self.unit = unit
        infoTable = LegacyInfoTableRepository(unit: unit)
        settings = LegacySettingsRepository(unit: unit)
    }
}

/// The context of a legacy write unit of work: the ported repositories with their writing side.
struct LegacyWriteContext: MMEXWriteContext {
    /// The unit of work every repository of this context works in. A new slice adds one property that makes its
    /// repository from it (`var currencies: any CurrencyRepository { LegacyCurrencyRepository(unit: unit) }`).
    let unit: LegacyUnit
    let infoTable: any InfoTableRepository
    let settings: any SettingsRepository

    init(unit: LegacyUnit) {
        self.unit = unit
        infoTable = LegacyInfoTableRepository(unit: unit)
        settings = LegacySettingsRepository(unit: unit)
    }
}
