/// `STATUS` of a transaction or scheduled transaction.
///
/// The column is nullable; a NULL status is a `nil` ``TransactionStatus``, distinct from the empty text
/// (``unreconciled``) MMEX writes for "no status".
public enum TransactionStatus: OpenTextEnum {
    /// `""`: no status (MMEX shows it as "Unreconciled" / "None").
    case unreconciled
    /// `R`: reconciled.
    case reconciled
    /// `V`: void (excluded from balances).
    case void
    /// `F`: follow up.
    case followUp
    /// `D`: duplicate.
    case duplicate
    /// Any other stored text.
    case unknown(String)

    public static let knownCases: [TransactionStatus] = [.unreconciled, .reconciled, .void, .followUp, .duplicate]

    public init(rawValue: String) {
        switch rawValue {
        case "": self = .unreconciled
        case "R": self = .reconciled
        case "V": self = .void
        case "F": self = .followUp
        case "D": self = .duplicate
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .unreconciled: ""
        case .reconciled: "R"
        case .void: "V"
        case .followUp: "F"
        case .duplicate: "D"
        case .unknown(let text): text
        }
    }
}
