import LegacyDriver
import PersistenceSession

/// What an app's legacy repositories work with during one unit of work: the session's retained connection and the
/// unit's scope.
///
/// ``LegacySessionEngine`` makes one per unit and hands it to the app's context factory; the repositories the
/// context vends keep it and call ``run(_:)`` around each of their calls.
public struct LegacyUnitOfWork {
    /// The session's one connection, inside the unit's transaction.
    public let connection: Connection
    /// The unit's lifetime: ended when the closure returns or throws.
    public let scope: UnitScope
    /// Where the session's database lives (for error messages).
    public let location: SessionLocation

    package init(connection: Connection, scope: UnitScope, location: SessionLocation) {
        self.connection = connection
        self.scope = scope
        self.location = location
    }

    /// Runs one repository call: refuses it once the unit ended (a repository that escaped its closure).
    @inlinable
    public func run<T>(_ body: (Connection) throws -> T) throws -> T {
        try scope.check()
        return try body(connection)
    }
}
