/// A text column with a known set of values that real files may extend: every value loads, known ones as cases, any
/// other as `unknown(String)`.
///
/// Real MMEX files come from several apps and many versions; a value this toolkit does not know (a new account type,
/// a misspelled status) must never stop a file from loading, and must be written back unchanged. Conformers are
/// enums with one case per known value plus `unknown(String)`; ``init(rawValue:)`` never fails. Equality and hashing
/// compare the stored text, so `.unknown("Deposit") == .deposit`.
public protocol OpenTextEnum: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible
where RawValue == String {
    /// Every known value, in the order MMEX lists them.
    static var knownCases: [Self] { get }
    /// A value the toolkit does not know, kept as stored.
    static func unknown(_ rawValue: String) -> Self
    /// The case for a stored text: a known case when one matches exactly (case-sensitive, as MMEX compares), else
    /// ``unknown(_:)``.
    init(rawValue: String)
}

extension OpenTextEnum {
    /// Whether this is one of ``knownCases``.
    public var isKnown: Bool { Self.knownCases.contains { $0.rawValue == rawValue } }

    /// Finds the known case whose text is `rawValue` (used by conformers' `init(rawValue:)`).
    public static func known(_ rawValue: String) -> Self? {
        knownCases.first { $0.rawValue == rawValue }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public var description: String { rawValue }

    /// Decodes the stored text.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the stored text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
