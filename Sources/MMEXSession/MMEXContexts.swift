import MMEXModel
import PersistenceSession

/// What a read unit of work can reach: the reading side of every repository.
///
/// The session passes a context to the closure of ``MMEXSession``'s `read`; repositories obtained from it are
/// valid only inside that closure (on the legacy driver they use the retained connection, on the reader/writer
/// driver the connection the queue or pool lent to this read). A read sees one consistent state of the file from its
/// first statement to its end.
///
/// Every repository is a requirement without a default: a driver's context that lacks one does not compile, so a
/// slice cannot be left out of one driver by accident.
public protocol MMEXReadContext {
    var infoTable: any InfoTableReading { get }
    var settings: any SettingsReading { get }
    var currencies: any CurrencyReading { get }
    var accounts: any AccountReading { get }
    var payees: any PayeeReading { get }
    var categories: any CategoryReading { get }
    var tags: any TagReading { get }
    var transactions: any TransactionReading { get }
    var scheduled: any ScheduledReading { get }
    var budgets: any BudgetReading { get }
    var assets: any AssetReading { get }
    var stocks: any StockReading { get }
    var reports: any ReportReading { get }
    var duplicates: any DuplicateReading { get }
}

/// What a write unit of work can reach: every repository with its writing side.
///
/// Everything done through one context commits together when the closure of ``MMEXSession``'s `write`
/// returns, and rolls back together when it throws. Reads through it see the unit's own uncommitted writes.
///
/// It is deliberately not a refinement of ``MMEXReadContext``: the same names vend the writing protocols (each of
/// which refines its reading protocol, so a helper that takes `any InfoTableReading` accepts either). A driver
/// implements two small context types, which is also what lets a read unit of work never reach a write method.
public protocol MMEXWriteContext {
    var infoTable: any InfoTableRepository { get }
    var settings: any SettingsRepository { get }
    var currencies: any CurrencyRepository { get }
    var accounts: any AccountRepository { get }
    var payees: any PayeeRepository { get }
    var categories: any CategoryRepository { get }
    var tags: any TagRepository { get }
    var transactions: any TransactionRepository { get }
    var scheduled: any ScheduledRepository { get }
    var budgets: any BudgetRepository { get }
    var assets: any AssetRepository { get }
    var stocks: any StockRepository { get }
    var reports: any ReportRepository { get }
    var importer: any ImportRepository { get }
    var duplicates: any DuplicateRepository { get }
}
