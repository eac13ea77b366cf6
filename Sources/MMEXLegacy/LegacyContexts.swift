import MMEXModel
import MMEXSession
import PersistenceSession

/// The context of a legacy read unit of work: the reading side of the ported repositories.
struct LegacyReadContext: MMEXReadContext {
    /// The unit of work every repository of this context works in. A new slice adds one property that makes its
    /// repository from it (`var currencies: any CurrencyReading { LegacyCurrencyRepository(unit: unit) }`).
    let unit: LegacyUnit
    let infoTable: any InfoTableReading
    let settings: any SettingsReading
    let currencies: any CurrencyReading
    let accounts: any AccountReading
    let payees: any PayeeReading
    let categories: any CategoryReading
    let tags: any TagReading
    let transactions: any TransactionReading
    let assets: any AssetReading
    let stocks: any StockReading
    let reports: any ReportReading
    let scheduled: any ScheduledReading
    let budgets: any BudgetReading
    let duplicates: any DuplicateReading

    init(unit: LegacyUnit) {
        self.unit = unit
        infoTable = LegacyInfoTableRepository(unit: unit)
        settings = LegacySettingsRepository(unit: unit)
        currencies = LegacyCurrencyRepository(unit: unit)
        accounts = LegacyAccountRepository(unit: unit)
        payees = LegacyPayeeRepository(unit: unit)
        categories = LegacyCategoryRepository(unit: unit)
        tags = LegacyTagRepository(unit: unit)
        transactions = LegacyTransactionRepository(unit: unit)
        assets = LegacyAssetRepository(unit: unit)
        stocks = LegacyStockRepository(unit: unit)
        reports = LegacyReportRepository(unit: unit)
        scheduled = LegacyScheduledRepository(unit: unit)
        budgets = LegacyBudgetRepository(unit: unit)
        duplicates = LegacyDuplicateRepository(unit: unit)
    }
}

/// The context of a legacy write unit of work: the ported repositories with their writing side.
struct LegacyWriteContext: MMEXWriteContext {
    /// The unit of work every repository of this context works in. A new slice adds one property that makes its
    /// repository from it (`var currencies: any CurrencyRepository { LegacyCurrencyRepository(unit: unit) }`).
    let unit: LegacyUnit
    let infoTable: any InfoTableRepository
    let settings: any SettingsRepository
    let currencies: any CurrencyRepository
    let accounts: any AccountRepository
    let payees: any PayeeRepository
    let categories: any CategoryRepository
    let tags: any TagRepository
    let transactions: any TransactionRepository
    let assets: any AssetRepository
    let stocks: any StockRepository
    let reports: any ReportRepository
    let scheduled: any ScheduledRepository
    let budgets: any BudgetRepository
    let importer: any ImportRepository
    let duplicates: any DuplicateRepository

    init(unit: LegacyUnit) {
        self.unit = unit
        infoTable = LegacyInfoTableRepository(unit: unit)
        settings = LegacySettingsRepository(unit: unit)
        currencies = LegacyCurrencyRepository(unit: unit)
        accounts = LegacyAccountRepository(unit: unit)
        payees = LegacyPayeeRepository(unit: unit)
        categories = LegacyCategoryRepository(unit: unit)
        tags = LegacyTagRepository(unit: unit)
        transactions = LegacyTransactionRepository(unit: unit)
        assets = LegacyAssetRepository(unit: unit)
        stocks = LegacyStockRepository(unit: unit)
        reports = LegacyReportRepository(unit: unit)
        scheduled = LegacyScheduledRepository(unit: unit)
        budgets = LegacyBudgetRepository(unit: unit)
        importer = LegacyImportRepository(unit: unit)
        duplicates = LegacyDuplicateRepository(unit: unit)
    }
}
