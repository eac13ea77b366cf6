import MMEXModel
import MMEXSession
import PersistenceSession

/// Every MMEX repository protocol, one case per row of MIGRATION.md's status table: which slice it belongs to, and
/// how to ask a session whether it implements it.
public enum MMEXRepository: String, Sendable, Hashable, Codable, CaseIterable {
    case infoTable = "InfoTableRepository"
    case settings = "SettingsRepository"
    case currencies = "CurrencyRepository"
    case accounts = "AccountRepository"
    case payees = "PayeeRepository"
    case categories = "CategoryRepository"
    case tags = "TagRepository"
    case transactions = "TransactionRepository"
    case scheduled = "ScheduledRepository"
    case budgets = "BudgetRepository"
    case assets = "AssetRepository"
    case stocks = "StockRepository"
    case reports = "ReportRepository"
    case importer = "ImportRepository"
    case duplicates = "DuplicateRepository"

    /// The protocol's name, as the status table shows it.
    public var protocolName: String { rawValue }

    /// The slice of the port it belongs to.
    public var slice: RepositorySlice {
        switch self {
        case .infoTable, .settings: .infoTable
        case .currencies: .currencies
        case .accounts: .accounts
        case .payees: .payees
        case .categories: .categories
        case .tags: .tags
        case .transactions: .transactions
        case .scheduled: .scheduled
        case .budgets: .budgets
        case .assets: .assets
        case .stocks: .stocks
        case .reports: .reports
        case .importer: .importing
        case .duplicates: .duplicates
        }
    }

    /// Whether `session` vends this repository. The MMEX context protocols have no defaults, so a session whose
    /// contexts lack a repository does not compile; this proves at run time that the context hands one out, by
    /// reaching it in a write unit of work that is always rolled back (a failure to vend it is thrown).
    public func isImplemented(by session: any MMEXSession) throws -> Bool {
        do {
            try session.write { context in
                try reach(context)
                throw ProbeRollback()
            }
        } catch is ProbeRollback {
            return true
        }
        return true
    }

    private func reach(_ context: any MMEXWriteContext) throws {
        switch self {
        case .infoTable: _ = context.infoTable
        case .settings: _ = context.settings
        case .currencies: _ = try context.currencies
        case .accounts: _ = try context.accounts
        case .payees: _ = try context.payees
        case .categories: _ = try context.categories
        case .tags: _ = try context.tags
        case .transactions: _ = try context.transactions
        case .scheduled: _ = try context.scheduled
        case .budgets: _ = try context.budgets
        case .assets: _ = try context.assets
        case .stocks: _ = try context.stocks
        case .reports: _ = try context.reports
        case .importer: _ = try context.importer
        case .duplicates: _ = try context.duplicates
        }
    }
}

/// Thrown to roll back the probe's unit of work.
private struct ProbeRollback: Error {}
