/// Which cipher to open a file with: detect it, none (a plain file), or a named format.
public enum CipherChoice: Sendable, Hashable, CustomStringConvertible {
    /// Detect the format: a plain file opens without a key; an encrypted one is tried with
    /// ``CipherFormat/detectionOrder``; an empty file with a key becomes SQLCipher 4 (the most widely written format).
    case auto
    /// A plain SQLite file, no key.
    case none
    /// Exactly this format (a file in another format fails as a wrong key).
    case format(CipherFormat)

    /// Parses a command-line name: `auto`, `none` or a ``CipherFormat`` raw value.
    public init?(name: String) {
        switch name {
        case "auto": self = .auto
        case "none": self = .none
        default:
            guard let format = CipherFormat(rawValue: name) ?? CipherFormat.aliases[name] else { return nil }
            self = .format(format)
        }
    }

    /// The command-line name.
    public var name: String {
        switch self {
        case .auto: "auto"
        case .none: "none"
        case .format(let format): format.rawValue
        }
    }

    public var description: String { name }

    /// Every command-line name, in the order help texts list them.
    public static let allNames: [String] =
        ["auto", "none"] + CipherFormat.allCases.map(\.rawValue) + CipherFormat.aliases.keys.sorted()

    /// The formats to try for this choice, in order.
    var candidates: [CipherFormat] {
        switch self {
        case .auto: CipherFormat.detectionOrder
        case .none: []
        case .format(let format): [format]
        }
    }

    /// The format an empty file gets when a key is applied.
    var newFileFormat: CipherFormat? {
        switch self {
        case .auto: .sqlcipher4
        case .none: nil
        case .format(let format): format
        }
    }
}
