import MMEXModel
import PersistenceSession

/// The context of a reader/writer read unit of work: the reading side of the ported repositories.
struct ReaderWriterReadContext: MMEXReadContext {
    /// The unit of work every repository of this context works in. A new slice adds one property that makes its
    /// repository from it (`var currencies: any CurrencyReading { ReaderWriterCurrencyRepository(unit: unit) }`).
    let unit: ReaderWriterUnit
    let infoTable: any InfoTableReading
    let settings: any SettingsReading

    init(unit: ReaderWriterUnit) {
        self.unit = unit
        infoTable = ReaderWriterInfoTableRepository(unit: unit)
        settings = ReaderWriterSettingsRepository(unit: unit)
    }
}

/// The context of a reader/writer write unit of work: the ported repositories with their writing side.
struct ReaderWriterWriteContext: MMEXWriteContext {
    /// The unit of work every repository of this context works in. A new slice adds one property that makes its
    /// repository from it (`var currencies: any CurrencyRepository { ReaderWriterCurrencyRepository(unit: unit) }`).
    let unit: ReaderWriterUnit
    let infoTable: any InfoTableRepository
    let settings: any SettingsRepository

    init(unit: ReaderWriterUnit) {
        self.unit = unit
        infoTable = ReaderWriterInfoTableRepository(unit: unit)
        settings = ReaderWriterSettingsRepository(unit: unit)
    }
}
