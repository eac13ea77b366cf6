import MMEXModel
import PersistenceSession

/// The context of a reader/writer read unit of work: the reading side of the ported repositories.
struct ReaderWriterReadContext: MMEXReadContext {
    let infoTable: any InfoTableReading
    let settings: any SettingsReading
    let assets: any AssetReading
    let stocks: any StockReading
    let reports: any ReportReading
    let scheduled: any ScheduledReading
    let budgets: any BudgetReading

    init(unit: ReaderWriterUnit) {
        infoTable = ReaderWriterInfoTableRepository(unit: unit)
        settings = ReaderWriterSettingsRepository(unit: unit)
        assets = ReaderWriterAssetRepository(unit: unit)
        stocks = ReaderWriterStockRepository(unit: unit)
        reports = ReaderWriterReportRepository(unit: unit)
        scheduled = ReaderWriterScheduledRepository(unit: unit)
        budgets = ReaderWriterBudgetRepository(unit: unit)
    }
}

/// The context of a reader/writer write unit of work: the ported repositories with their writing side.
struct ReaderWriterWriteContext: MMEXWriteContext {
    let infoTable: any InfoTableRepository
    let settings: any SettingsRepository
    let assets: any AssetRepository
    let stocks: any StockRepository
    let reports: any ReportRepository
    let scheduled: any ScheduledRepository
    let budgets: any BudgetRepository

    init(unit: ReaderWriterUnit) {
        infoTable = ReaderWriterInfoTableRepository(unit: unit)
        settings = ReaderWriterSettingsRepository(unit: unit)
        assets = ReaderWriterAssetRepository(unit: unit)
        stocks = ReaderWriterStockRepository(unit: unit)
        reports = ReaderWriterReportRepository(unit: unit)
        scheduled = ReaderWriterScheduledRepository(unit: unit)
        budgets = ReaderWriterBudgetRepository(unit: unit)
    }
}
