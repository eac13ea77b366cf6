/// `STATUS` of an account.
public enum AccountStatus: OpenTextEnum {
    case open
    case closed
    /// Any other stored text.
    case unknown(String)

    public static let knownCases: [AccountStatus] = [.open, .closed]

    public init(rawValue: String) {
        switch rawValue {
        case "Open": self = .open
        case "Closed": self = .closed
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .open: "Open"
        case .closed: "Closed"
        case .unknown(let text): text
        }
    }
}
