/// `PRAGMA user_version`'s type, as SQLite.swift names it.
public typealias UserVersion = Int32

/// A version of the SQLite library: `SQLite 3.40.1`.
public struct SQLiteVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let major: Int
    public let minor: Int
    public var point: Int = 0

    public init(major: Int, minor: Int, point: Int = 0) {
        self.major = major
        self.minor = minor
        self.point = point
    }

    /// The version read when the library's could not be: 0.0.0.
    public static let zero = SQLiteVersion(major: 0, minor: 0)

    public var description: String { "SQLite \(major).\(minor).\(point)" }

    public static func < (lhs: SQLiteVersion, rhs: SQLiteVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.point) < (rhs.major, rhs.minor, rhs.point)
    }
}
