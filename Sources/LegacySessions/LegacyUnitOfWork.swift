import LegacyDriver
import PersistenceSession

/// What an app's legacy repositories work with during one unit of work: the session's retained connection and the
/// unit's scope (the session core's `StoreUnitOfWork` over the driver's `Connection`).
///
/// ``LegacySessionEngine`` makes one per unit and hands it to the app's context factory; the repositories the
/// context vends keep it and call `run(_:)` around each of their calls, which refuses a repository that escaped.
public typealias LegacyUnitOfWork = StoreUnitOfWork<Connection>

extension StoreUnitOfWork where Handle == Connection {
    /// The session's one connection, inside the unit's transaction.
    public var connection: Connection { handle }

    package init(connection: Connection, scope: UnitScope, location: SessionLocation) {
        self.init(handle: connection, scope: scope, location: location)
    }
}
