/// The name of an `INFOTABLE_V1` entry.
///
/// Names are free text (apps add their own), so this is an open string wrapper with constants for the entries the
/// MMEX apps write. Lookups compare names the way the `INFONAME` column's NOCASE collation does (ASCII letters
/// case-insensitively); equality of two keys here is exact text.
public struct InfoKey: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ name: String) { self.rawValue = name }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    /// `DATAVERSION`: the data format generation (MMEX writes `3`), not the schema version (`user_version`).
    public static let dataVersion: InfoKey = "DATAVERSION"
    /// `BASECURRENCYID`: the id of the base currency in `CURRENCYFORMATS_V1`.
    public static let baseCurrencyId: InfoKey = "BASECURRENCYID"
    /// `MMEXVERSION`: the version of the desktop app that created the file.
    public static let mmexVersion: InfoKey = "MMEXVERSION"
    /// `CREATEDATE`: the day the file was created (`YYYY-MM-DD`).
    public static let createDate: InfoKey = "CREATEDATE"
    /// `DATEFORMAT`: the user's date format (`%Y-%m-%d`).
    public static let dateFormat: InfoKey = "DATEFORMAT"
    /// `USERNAME`: the name shown in reports.
    public static let userName: InfoKey = "USERNAME"
    /// `UID`: the file's unique id (used by sync).
    public static let uid: InfoKey = "UID"
}

/// An `INFOTABLE_V1` value is not in the shape a typed accessor needs.
public struct InfoValueError: Error, Sendable, Equatable, CustomStringConvertible {
    public let key: InfoKey
    /// The stored text.
    public let storedValue: String
    /// What the accessor expected (`an integer`, `a YYYY-MM-DD day`).
    public let expected: String

    public init(key: InfoKey, storedValue: String, expected: String) {
        self.key = key
        self.storedValue = storedValue
        self.expected = expected
    }

    public var description: String {
        "INFOTABLE_V1 entry \(key.rawValue) holds \"\(storedValue)\", not \(expected)"
    }
}
