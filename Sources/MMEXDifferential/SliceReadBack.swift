import Differential
import MMEXModel
import MMEXSession

/// What the read-back check reads for each slice: after every scenario, the reader/writer session's copy is read
/// by the legacy session through these operations and must give what the reader/writer session itself reads
/// (``DifferentialHarness/readBack``). Each slice reads back every table it writes, through the legacy reading
/// repositories, so a value the new driver writes in a form the legacy code cannot decode, or decodes to something
/// else, fails the run as "not readable by the legacy driver".
extension PortedSlice {
    /// The slice's read-back operations.
    public var readBack: [DifferentialOperation<any MMEXSession>] {
        SliceReadBack.operations(for: slice)
    }
}

/// The read-back operations of each slice, by what the slice writes.
enum SliceReadBack {
    typealias Operation = DifferentialOperation<any MMEXSession>

    static func operations(for slice: RepositorySlice) -> [Operation] {
        switch slice {
        case .infoTable: [infoEntries, settings]
        case .currencies: [currencies, currencyHistory, infoEntries]
        case .accounts: [accounts, accountFlows]
        case .payees: [payees]
        case .categories: [categories, categoryTree]
        case .tags: [tags]
        case .transactions: [accounts, ledgersAndLatest]
        case .scheduled: [scheduled]
        case .budgets: [budgets]
        case .assets: [assets]
        case .stocks: [stocks, stockHistory]
        case .reports: [reports]
        case .importing: [accounts, payees, categories, tags, currencies, ledgers]
        case .duplicates: [duplicateGroups, ledgersAndLatest]
        }
    }

    private static func read<Result: Encodable>(
        _ name: String, _ body: @escaping @Sendable (any MMEXReadContext) throws -> Result
    ) -> Operation {
        SessionOperation.read("read back \(name)", body)
    }

    static var infoEntries: Operation { read("infoTable.entries") { try $0.infoTable.entries() } }

    /// `SETTING_V1` where the file has it (desktop and Android files do not: both sides then agree it is absent).
    static var settings: Operation {
        read("settings.settings") { context -> [Setting] in
            try context.settings.isAvailable() ? try context.settings.settings() : []
        }
    }

    static var currencies: Operation { read("currencies.currencies") { try $0.currencies.currencies() } }

    static var currencyHistory: Operation {
        read("currencies.history(each)") { context in
            try context.currencies.currencies().map { try context.currencies.history(currencyId: $0.id) }
        }
    }

    static var accounts: Operation { read("accounts.accounts") { try $0.accounts.accounts() } }
    static var accountFlows: Operation { read("accounts.flows") { try $0.accounts.flows() } }
    static var payees: Operation { read("payees.payees") { try $0.payees.payees() } }
    static var categories: Operation { read("categories.categories") { try $0.categories.categories() } }
    static var categoryTree: Operation { read("categories.tree") { try $0.categories.tree() } }
    static var tags: Operation { read("tags.tags") { try $0.tags.tags() } }

    /// Every account's whole ledger (every transaction with its running balance).
    static var ledgers: Operation {
        read("transactions.ledger(each account)") { context in
            try context.accounts.accounts().map { try context.transactions.ledger(accountId: $0.id, from: nil, to: nil) }
        }
    }

    /// Every account's whole ledger, and the full detail (splits, tags) of the 40 newest transactions: where the
    /// scenarios' writes land, read without fetching every transaction of a large file one by one.
    static var ledgersAndLatest: Operation {
        read("transactions.ledger(each account), transaction(newest 40)") { context in
            let ledgers = try context.accounts.accounts().map {
                try context.transactions.ledger(accountId: $0.id, from: nil, to: nil)
            }
            let newest = Set(ledgers.flatMap { $0.map(\.transaction.id) }).sorted(by: >).prefix(40)
            return LedgersAndDetails(
                ledgers: ledgers, newest: try newest.map { try context.transactions.transaction(id: $0) }
            )
        }
    }

    static var scheduled: Operation { read("scheduled.scheduled") { try $0.scheduled.scheduled() } }

    static var budgets: Operation {
        read("budgets.entries(each year)") { context in
            try context.budgets.budgetYears().map { year in
                BudgetYearEntries(year: year, entries: try context.budgets.entries(budgetYearId: year.id))
            }
        }
    }

    static var assets: Operation { read("assets.assets") { try $0.assets.assets() } }
    static var stocks: Operation { read("stocks.stocks") { try $0.stocks.stocks(accountId: nil) } }

    static var stockHistory: Operation {
        read("stocks.history(each symbol)") { context in
            let symbols = Set(try context.stocks.stocks(accountId: nil).compactMap(\.symbol)).sorted()
            return try symbols.map { try context.stocks.history(symbol: $0) }
        }
    }

    static var reports: Operation { read("reports.reports") { try $0.reports.reports() } }

    static var duplicateGroups: Operation {
        read("duplicates.duplicateGroups") { try $0.duplicates.duplicateGroups(accountId: nil) }
    }
}

/// Every ledger and the newest transactions' details, as one read-back value.
struct LedgersAndDetails: Encodable {
    let ledgers: [[LedgerEntry]]
    let newest: [TransactionDetail?]
}

/// A budget year with its entries, as one read-back value.
struct BudgetYearEntries: Encodable {
    let year: BudgetYear
    let entries: [BudgetEntry]
}
