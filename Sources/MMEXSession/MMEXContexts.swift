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
/// Everything done through one context commits together when the closure of ``MMEXSession``'s `write`
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
