/// Which driver a session runs on: the project's three (``legacy``, ``queue``, ``pool``) or a name of the app's own
/// (an adapter over a real library: `DriverKind(rawValue: "sqlite-swift")`).
///
/// A struct, not an enum, so a session over a driver this package does not know can still say what it runs on;
/// ``allCases`` lists the project's three, the kinds its own engines report.
public struct DriverKind: RawRepresentable, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The name reports and JSON show (`legacy`, `queue`, `pool`, or the app's own).
    public let rawValue: String

    /// A driver kind named `rawValue`; the project's own names give the static members.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The query-builder driver: one retained connection, synchronous, as an app on SQLite.swift has it today.
    public static let legacy = DriverKind(rawValue: "legacy")
    /// The reader/writer driver's serialized queue: one connection, every access serialized, journal mode left alone.
    public static let queue = DriverKind(rawValue: "queue")
    /// The reader/writer driver's pool: WAL, one writer beside several snapshot readers.
    public static let pool = DriverKind(rawValue: "pool")

    /// The project's own three kinds, in this order.
    public static let allCases: [DriverKind] = [.legacy, .queue, .pool]

    /// One of the project's own kinds by name (`legacy`, `queue`, `pool`), `nil` for any other: what a command line
    /// that offers only those parses with.
    public static func known(_ name: String) -> DriverKind? {
        allCases.first { $0.rawValue == name }
    }

    public var description: String { rawValue }
}
