import MMEXModel
import MMEXSession
import PersistenceSession

/// The context of a reader/writer read unit of work: the reading side of the ported repositories.
struct ReaderWriterReadContext: MMEXReadContext {
    /// The unit of work every repository of this context works in. A new slice adds one property that makes its
    /// repository from it (`var currencies: any CurrencyReading { ReaderWriterCurrencyRepository(unit: unit) }`).
    let unit: ReaderWriterUnit
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

    init(unit: ReaderWriterUnit) {
        self.unit = unit
        infoTable = ReaderWriterInfoTableRepository(unit: unit)
        settings = ReaderWriterSettingsRepository(unit: unit)
        currencies = ReaderWriterCurrencyRepository(unit: unit)
        accounts = ReaderWriterAccountRepository(unit: unit)
        payees = ReaderWriterPayeeRepository(unit: unit)
        categories = ReaderWriterCategoryRepository(unit: unit)
        tags = ReaderWriterTagRepository(unit: unit)
        transactions = ReaderWriterTransactionRepository(unit: unit)
        assets = ReaderWriterAssetRepository(unit: unit)
        stocks = ReaderWriterStockRepository(unit: unit)
        reports = ReaderWriterReportRepository(unit: unit)
        scheduled = ReaderWriterScheduledRepository(unit: unit)
        budgets = ReaderWriterBudgetRepository(unit: unit)
        duplicates = ReaderWriterDuplicateRepository(unit: unit)
    }
}

/// The context of a reader/writer write unit of work: the ported repositories with their writing side.
struct ReaderWriterWriteContext: MMEXWriteContext {
    /// The unit of work every repository of this context works in. A new slice adds one property that makes its
    /// repository from it (`var currencies: any CurrencyRepository { ReaderWriterCurrencyRepository(unit: unit) }`).
    let unit: ReaderWriterUnit
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

    init(unit: ReaderWriterUnit) {
        self.unit = unit
        infoTable = ReaderWriterInfoTableRepository(unit: unit)
        settings = ReaderWriterSettingsRepository(unit: unit)
        currencies = ReaderWriterCurrencyRepository(unit: unit)
        accounts = ReaderWriterAccountRepository(unit: unit)
        payees = ReaderWriterPayeeRepository(unit: unit)
        categories = ReaderWriterCategoryRepository(unit: unit)
        tags = ReaderWriterTagRepository(unit: unit)
        transactions = ReaderWriterTransactionRepository(unit: unit)
        assets = ReaderWriterAssetRepository(unit: unit)
        stocks = ReaderWriterStockRepository(unit: unit)
        reports = ReaderWriterReportRepository(unit: unit)
        scheduled = ReaderWriterScheduledRepository(unit: unit)
        budgets = ReaderWriterBudgetRepository(unit: unit)
        importer = ReaderWriterImportRepository(unit: unit)
        duplicates = ReaderWriterDuplicateRepository(unit: unit)
    }
}
