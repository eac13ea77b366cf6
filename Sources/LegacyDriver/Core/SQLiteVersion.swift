/// `PRAGMA user_version`'s type, as SQLite.swift names it.
public typealias UserVersion = Int32

/// A version of the SQLite library: `SQLite 3.40.1`.
public struct SQLiteVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The major version: 3 for every SQLite 3 library.
    public let major: Int
    /// The minor version: 40 in 3.40.1.
    public let minor: Int
    /// The patch release: 1 in 3.40.1; 0 when not given.
    public var point: Int = 0

    /// A version to compare ``Connection/sqliteVersion`` with, such as `SQLiteVersion(major: 3, minor: 35)`
    /// (the first with `RETURNING`). SQLite.swift's initializer is internal; this one is public.
    public init(major: Int, minor: Int, point: Int = 0) {
        self.major = major
        self.minor = minor
        self.point = point
    }

    /// The version read when the library's could not be: 0.0.0.
    public static let zero = SQLiteVersion(major: 0, minor: 0)

    /// `SQLite 3.40.1`, as SQLite.swift prints it.
    public var description: String { "SQLite \(major).\(minor).\(point)" }

    /// Whether `lhs` is an older version than `rhs`: compares major, then minor, then point.
    public static func < (lhs: SQLiteVersion, rhs: SQLiteVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.point) < (rhs.major, rhs.minor, rhs.point)
    }
}
