import MMEXModel
import PersistenceSession

/// The context of a reader/writer read unit of work: the reading side of the ported repositories.
struct ReaderWriterReadContext: MMEXReadContext {
    let infoTable: any InfoTableReading
    let settings: any SettingsReading
    let duplicates: any DuplicateReading

    init(unit: ReaderWriterUnit) {
        infoTable = ReaderWriterInfoTableRepository(unit: unit)
        settings = ReaderWriterSettingsRepository(unit: unit)
        duplicates = ReaderWriterDuplicateRepository(unit: unit)
    }
}

/// The context of a reader/writer write unit of work: the ported repositories with their writing side.
struct ReaderWriterWriteContext: MMEXWriteContext {
    let infoTable: any InfoTableRepository
    let settings: any SettingsRepository
    let importer: any ImportRepository
    let duplicates: any DuplicateRepository

    init(unit: ReaderWriterUnit) {
        infoTable = ReaderWriterInfoTableRepository(unit: unit)
        settings = ReaderWriterSettingsRepository(unit: unit)
        importer = ReaderWriterImportRepository(unit: unit)
        duplicates = ReaderWriterDuplicateRepository(unit: unit)
    }
}
