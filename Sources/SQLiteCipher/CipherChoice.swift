/// Which cipher to open a file with: detect it, none (a plain file), or a named format.
public enum CipherChoice: Sendable, Hashable, CustomStringConvertible {
    /// Detect the format with an app's policy: a plain file opens without a key; an encrypted one is tried in the
    /// policy's ``CipherDetection/order``; an empty file with a key gets its ``CipherDetection/newFileFormat``.
    case detect(CipherDetection)
    /// A plain SQLite file, no key.
    case none
    /// Exactly this format (a file in another format fails as a wrong key).
    case format(CipherFormat)

    /// Detection with the standard policy (``CipherDetection/standard``): what `--cipher auto` means.
    public static let auto: CipherChoice = .detect(.standard)

    /// Parses a command-line name: `auto` (the standard detection), `none` or a ``CipherFormat`` raw value.
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
        case .detect: "auto"
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
        case .detect(let detection): detection.order
        case .none: []
        case .format(let format): [format]
        }
    }

    /// The format an empty file gets when a key is applied.
    var newFileFormat: CipherFormat? {
        switch self {
        case .detect(let detection): detection.newFileFormat
        case .none: nil
        case .format(let format): format
        }
    }
}

/// How `auto` finds an encrypted file's format, and what a new file gets: an app's policy, passed in as
/// ``CipherChoice/detect(_:)``.
///
/// An app knows which formats its files are likely to be in: trying those first saves the other formats' key
/// derivations (hundreds of milliseconds each for SQLCipher) on every open. The order never changes which format
/// opens a file, only how soon: a format left out of ``order`` is never tried.
public struct CipherDetection: Sendable, Hashable {
    /// The formats to try, in order.
    public var order: [CipherFormat]
    /// The format an empty file gets when a key is applied.
    public var newFileFormat: CipherFormat

    /// A policy. With an empty `order` no format is tried: an encrypted file then fails as with a wrong key.
    public init(order: [CipherFormat], newFileFormat: CipherFormat) {
        self.order = order
        self.newFileFormat = newFileFormat
    }

    /// ``CipherFormat/detectionOrder`` (the most widely written formats first, then every other format), and
    /// SQLCipher 4 for a new file, the format most apps write today.
    public static let standard = CipherDetection(order: CipherFormat.detectionOrder, newFileFormat: .sqlcipher4)

    /// This policy with `formats` tried first, in that order, and every other format of this policy after them.
    public func preferring(_ formats: [CipherFormat]) -> CipherDetection {
        var first: [CipherFormat] = []
        for format in formats where !first.contains(format) { first.append(format) }
        return CipherDetection(order: first + order.filter { !first.contains($0) }, newFileFormat: newFileFormat)
    }
}
