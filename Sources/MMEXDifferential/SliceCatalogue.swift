import MMEXModel
import MMEXSession
import PersistenceSession

// The catalogue of the port: every slice, every repository and the registry of ported slices. Adding a slice
// changes this file (its case, its repositories' cases, its registry line) and no other file of this module but its
// own scenario file.

/// The families of repositories, in the order the port takes them (issue 8), for status tables and `--slices`.
public enum RepositorySlice: String, Sendable, Hashable, Codable, CaseIterable {
    /// `INFOTABLE_V1` and `SETTING_V1`: the first slice.
    case infoTable = "infotable"
    case currencies
    case accounts
    case payees
    case categories
    case tags
    case transactions
    case scheduled
    case budgets
    case assets
    case stocks
    case reports
    case importing = "import"
    case duplicates

    /// The stage in the port plan: 0 for the first slice, then issue 8's numbered slices (1 currencies; 2 lookups;
    /// 3 transactions; 4 scheduled, budgets, assets, stocks; 5 reports; 6 import; 7 duplicates).
    public var stage: Int {
        switch self {
        case .infoTable: 0
        case .currencies: 1
        case .accounts, .payees, .categories, .tags: 2
        case .transactions: 3
        case .scheduled, .budgets, .assets, .stocks: 4
        case .reports: 5
        case .importing: 6
        case .duplicates: 7
        }
    }
}

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
        case .currencies: _ = context.currencies
        case .accounts: _ = context.accounts
        case .payees: _ = context.payees
        case .categories: _ = context.categories
        case .tags: _ = context.tags
        case .transactions: _ = context.transactions
        case .scheduled: _ = context.scheduled
        case .budgets: _ = context.budgets
        case .assets: _ = context.assets
        case .stocks: _ = context.stocks
        case .reports: _ = context.reports
        case .importer: _ = context.importer
        case .duplicates: _ = context.duplicates
        }
    }
}

/// Thrown to roll back the probe's unit of work.
private struct ProbeRollback: Error {}

/// Every slice ported to both drivers, in the port's order: the one list `driverport diff`, the tests and
/// MIGRATION.md's status table read.
///
/// To add a slice (see MIGRATION.md, "How to add a slice"): write its repositories on each driver
/// (`Sources/MMEXLegacy`, `Sources/MMEXReaderWriter`, each file vending its repository from its driver's contexts),
/// write its scenario file here (a `PortedSlice` with hand-written scenarios and a random operation generator), and
/// add its cases and its line in this file.
public enum SliceRegistry {
    public static var ported: [PortedSlice] {
        [
            InfoTableScenarios.slice,
            CurrencyScenarios.slice,
            AccountScenarios.slice,
            PayeeScenarios.slice,
            CategoryScenarios.slice,
            TagScenarios.slice,
            TransactionScenarios.slice,
            ScheduledScenarios.slice,
            BudgetScenarios.slice,
            AssetScenarios.slice,
            StockScenarios.slice,
            ReportScenarios.slice,
            ImportScenarios.slice,
            DuplicateScenarios.slice,
        ]
    }
}
