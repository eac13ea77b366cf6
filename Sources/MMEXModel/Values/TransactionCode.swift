/// `TRANSCODE` of a transaction or scheduled transaction: which way the money moves.
public enum TransactionCode: OpenTextEnum {
    /// `Withdrawal`: money leaves the account.
    case withdrawal
    /// `Deposit`: money enters the account.
    case deposit
    /// `Transfer`: money moves from `ACCOUNTID` to `TOACCOUNTID` (`TRANSAMOUNT` out, `TOTRANSAMOUNT` in).
    case transfer
    /// Any other stored text.
    case unknown(String)

    public static let knownCases: [TransactionCode] = [.withdrawal, .deposit, .transfer]

    public init(rawValue: String) {
        switch rawValue {
        case "Withdrawal": self = .withdrawal
        case "Deposit": self = .deposit
        case "Transfer": self = .transfer
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .withdrawal: "Withdrawal"
        case .deposit: "Deposit"
        case .transfer: "Transfer"
        case .unknown(let text): text
        }
    }
}
