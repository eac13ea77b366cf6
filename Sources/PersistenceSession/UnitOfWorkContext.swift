import MMEXModel

/// What a read unit of work can reach: the reading side of every repository.
///
/// The session passes a context to the closure of ``PersistenceSession/read(_:)``; repositories obtained from it are
/// valid only inside that closure (on the legacy driver they use the retained connection, on the reader/writer
/// driver the connection the queue or pool lent to this read). A read sees one consistent state of the file from its
/// first statement to its end.
///
/// The first slice (infotable and settings) is required of every session. Later slices have default
/// implementations that throw ``PersistenceError/sliceNotPorted(_:)``, so a driver's session ports repository
/// families one at a time.
public protocol MMEXReadContext {
    var infoTable: any InfoTableReading { get }
    var settings: any SettingsReading { get }
    var currencies: any CurrencyReading { get throws }
    var accounts: any AccountReading { get throws }
    var payees: any PayeeReading { get throws }
    var categories: any CategoryReading { get throws }
    var tags: any TagReading { get throws }
    var transactions: any TransactionReading { get throws }
    var scheduled: any ScheduledReading { get throws }
    var budgets: any BudgetReading { get throws }
    var assets: any AssetReading { get throws }
    var stocks: any StockReading { get throws }
    var reports: any ReportReading { get throws }
    var duplicates: any DuplicateReading { get throws }
}

/// What a write unit of work can reach: every repository with its writing side.
///
/// Everything done through one context commits together when the closure of ``PersistenceSession/write(_:)``
/// returns, and rolls back together when it throws. Reads through it see the unit's own uncommitted writes.
///
/// It is deliberately not a refinement of ``MMEXReadContext``: the same names vend the writing protocols (each of
/// which refines its reading protocol, so a helper that takes `any InfoTableReading` accepts either). A driver
/// implements two small context types, which is also what lets a read unit of work never reach a write method.
public protocol MMEXWriteContext {
    var infoTable: any InfoTableRepository { get }
    var settings: any SettingsRepository { get }
    var currencies: any CurrencyRepository { get throws }
    var accounts: any AccountRepository { get throws }
    var payees: any PayeeRepository { get throws }
    var categories: any CategoryRepository { get throws }
    var tags: any TagRepository { get throws }
    var transactions: any TransactionRepository { get throws }
    var scheduled: any ScheduledRepository { get throws }
    var budgets: any BudgetRepository { get throws }
    var assets: any AssetRepository { get throws }
    var stocks: any StockRepository { get throws }
    var reports: any ReportRepository { get throws }
    var importer: any ImportRepository { get throws }
    var duplicates: any DuplicateRepository { get throws }
}

extension MMEXReadContext {
    public var currencies: any CurrencyReading { get throws { throw PersistenceError.sliceNotPorted(.currencies) } }
    public var accounts: any AccountReading { get throws { throw PersistenceError.sliceNotPorted(.accounts) } }
    public var payees: any PayeeReading { get throws { throw PersistenceError.sliceNotPorted(.payees) } }
    public var categories: any CategoryReading { get throws { throw PersistenceError.sliceNotPorted(.categories) } }
    public var tags: any TagReading { get throws { throw PersistenceError.sliceNotPorted(.tags) } }
    public var transactions: any TransactionReading { get throws { throw PersistenceError.sliceNotPorted(.transactions) } }
    public var scheduled: any ScheduledReading { get throws { throw PersistenceError.sliceNotPorted(.scheduled) } }
    public var budgets: any BudgetReading { get throws { throw PersistenceError.sliceNotPorted(.budgets) } }
    public var assets: any AssetReading { get throws { throw PersistenceError.sliceNotPorted(.assets) } }
    public var stocks: any StockReading { get throws { throw PersistenceError.sliceNotPorted(.stocks) } }
    public var reports: any ReportReading { get throws { throw PersistenceError.sliceNotPorted(.reports) } }
    public var duplicates: any DuplicateReading { get throws { throw PersistenceError.sliceNotPorted(.duplicates) } }
}

extension MMEXWriteContext {
    public var currencies: any CurrencyRepository { get throws { throw PersistenceError.sliceNotPorted(.currencies) } }
    public var accounts: any AccountRepository { get throws { throw PersistenceError.sliceNotPorted(.accounts) } }
    public var payees: any PayeeRepository { get throws { throw PersistenceError.sliceNotPorted(.payees) } }
    public var categories: any CategoryRepository { get throws { throw PersistenceError.sliceNotPorted(.categories) } }
    public var tags: any TagRepository { get throws { throw PersistenceError.sliceNotPorted(.tags) } }
    public var transactions: any TransactionRepository {
        get throws { throw PersistenceError.sliceNotPorted(.transactions) }
    }
    public var scheduled: any ScheduledRepository { get throws { throw PersistenceError.sliceNotPorted(.scheduled) } }
    public var budgets: any BudgetRepository { get throws { throw PersistenceError.sliceNotPorted(.budgets) } }
    public var assets: any AssetRepository { get throws { throw PersistenceError.sliceNotPorted(.assets) } }
    public var stocks: any StockRepository { get throws { throw PersistenceError.sliceNotPorted(.stocks) } }
    public var reports: any ReportRepository { get throws { throw PersistenceError.sliceNotPorted(.reports) } }
    public var importer: any ImportRepository { get throws { throw PersistenceError.sliceNotPorted(.importing) } }
    public var duplicates: any DuplicateRepository { get throws { throw PersistenceError.sliceNotPorted(.duplicates) } }
}
