import MMEXModel
import PersistenceSession

/// The context of a legacy read unit of work: the reading side of the ported repositories.
struct LegacyReadContext: MMEXReadContext {
    let infoTable: any InfoTableReading
    let settings: any SettingsReading
    let assets: any AssetReading
    let stocks: any StockReading
    let reports: any ReportReading
    let scheduled: any ScheduledReading
    let budgets: any BudgetReading

    init(unit: LegacyUnit) {
        infoTable = LegacyInfoTableRepository(unit: unit)
        settings = LegacySettingsRepository(unit: unit)
        assets = LegacyAssetRepository(unit: unit)
        stocks = LegacyStockRepository(unit: unit)
        reports = LegacyReportRepository(unit: unit)
        scheduled = LegacyScheduledRepository(unit: unit)
        budgets = LegacyBudgetRepository(unit: unit)
    }
}

/// The context of a legacy write unit of work: the ported repositories with their writing side.
struct LegacyWriteContext: MMEXWriteContext {
    let infoTable: any InfoTableRepository
    let settings: any SettingsRepository
    let assets: any AssetRepository
    let stocks: any StockRepository
    let reports: any ReportRepository
    let scheduled: any ScheduledRepository
    let budgets: any BudgetRepository

    init(unit: LegacyUnit) {
        infoTable = LegacyInfoTableRepository(unit: unit)
        settings = LegacySettingsRepository(unit: unit)
        assets = LegacyAssetRepository(unit: unit)
        stocks = LegacyStockRepository(unit: unit)
        reports = LegacyReportRepository(unit: unit)
        scheduled = LegacyScheduledRepository(unit: unit)
        budgets = LegacyBudgetRepository(unit: unit)
    }
}
