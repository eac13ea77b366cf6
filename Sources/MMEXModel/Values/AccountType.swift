/// `ACCOUNTTYPE` of an account.
public enum AccountType: OpenTextEnum {
    case cash
    case checking
    case term
    case investment
    /// `Credit Card`.
    case creditCard
    case loan
    case asset
    case shares
    /// Any other stored text.
    case unknown(String)

    public static let knownCases: [AccountType] = [
        .cash, .checking, .term, .investment, .creditCard, .loan, .asset, .shares,
    ]

    public init(rawValue: String) {
        self = Self.known(rawValue) ?? .unknown(rawValue)
    }

    public var rawValue: String {
        switch self {
        case .cash: "Cash"
        case .checking: "Checking"
        case .term: "Term"
        case .investment: "Investment"
        case .creditCard: "Credit Card"
        case .loan: "Loan"
        case .asset: "Asset"
        case .shares: "Shares"
        case .unknown(let text): text
        }
    }

    /// Investment-like accounts, which MMEX leaves out of the money-flow summaries.
    public var isInvestment: Bool { self == .investment || self == .shares }
}
