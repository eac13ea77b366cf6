/// The families of repositories, in the order the port takes them (issue 8), for status tables, `--slices` and
/// errors about a slice a session has not ported yet.
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
