import Differential
import MMEXModel
import MMEXSession

/// The read-back operations the MMEX slices share: each slice's ``PortedSlice/readBack`` lists the ones that read
/// every table it writes (several slices write accounts, ledgers or the lookups, so the reads live here once).
enum SliceReadBack {
    typealias Operation = DifferentialOperation<any MMEXSession>

    static var infoEntries: Operation { SessionOperation.readBack("infoTable.entries") { try $0.infoTable.entries() } }

    /// `SETTING_V1` where the file has it (desktop and Android files do not: both sides then agree it is absent).
    static var settings: Operation {
        SessionOperation.readBack("settings.settings") { context -> [Setting] in
            try context.settings.isAvailable() ? try context.settings.settings() : []
        }
    }

    static var currencies: Operation {
        SessionOperation.readBack("currencies.currencies") { try $0.currencies.currencies() }
    }

    static var currencyHistory: Operation {
        SessionOperation.readBack("currencies.history(each)") { context in
            try context.currencies.currencies().map { try context.currencies.history(currencyId: $0.id) }
        }
    }

    static var accounts: Operation { SessionOperation.readBack("accounts.accounts") { try $0.accounts.accounts() } }
    static var accountFlows: Operation { SessionOperation.readBack("accounts.flows") { try $0.accounts.flows() } }
    static var payees: Operation { SessionOperation.readBack("payees.payees") { try $0.payees.payees() } }
    static var categories: Operation {
        SessionOperation.readBack("categories.categories") { try $0.categories.categories() }
    }
    static var categoryTree: Operation { SessionOperation.readBack("categories.tree") { try $0.categories.tree() } }
    static var tags: Operation { SessionOperation.readBack("tags.tags") { try $0.tags.tags() } }

    /// Every account's whole ledger (every transaction with its running balance).
    static var ledgers: Operation {
        SessionOperation.readBack("transactions.ledger(each account)") { context in
            try context.accounts.accounts().map { try context.transactions.ledger(accountId: $0.id, from: nil, to: nil) }
        }
    }

    /// Every account's whole ledger, and the full detail (splits, tags) of the 40 newest transactions: where the
    /// scenarios' writes land, read without fetching every transaction of a large file one by one.
    static var ledgersAndLatest: Operation {
        SessionOperation.readBack("transactions.ledger(each account), transaction(newest 40)") { context in
            let ledgers = try context.accounts.accounts().map {
                try context.transactions.ledger(accountId: $0.id, from: nil, to: nil)
            }
            let newest = Set(ledgers.flatMap { $0.map(\.transaction.id) }).sorted(by: >).prefix(40)
            return LedgersAndDetails(
                ledgers: ledgers, newest: try newest.map { try context.transactions.transaction(id: $0) }
            )
        }
    }

    static var scheduled: Operation {
        SessionOperation.readBack("scheduled.scheduled") { try $0.scheduled.scheduled() }
    }

    static var budgets: Operation {
        SessionOperation.readBack("budgets.entries(each year)") { context in
            try context.budgets.budgetYears().map { year in
                BudgetYearEntries(year: year, entries: try context.budgets.entries(budgetYearId: year.id))
            }
        }
    }

    static var assets: Operation { SessionOperation.readBack("assets.assets") { try $0.assets.assets() } }
    static var stocks: Operation { SessionOperation.readBack("stocks.stocks") { try $0.stocks.stocks(accountId: nil) } }

    static var stockHistory: Operation {
        SessionOperation.readBack("stocks.history(each symbol)") { context in
            let symbols = Set(try context.stocks.stocks(accountId: nil).compactMap(\.symbol)).sorted()
            return try symbols.map { try context.stocks.history(symbol: $0) }
        }
    }

    static var reports: Operation { SessionOperation.readBack("reports.reports") { try $0.reports.reports() } }

    static var duplicateGroups: Operation {
        SessionOperation.readBack("duplicates.duplicateGroups") { try $0.duplicates.duplicateGroups(accountId: nil) }
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
