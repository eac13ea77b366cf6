import PersistenceSession
import ReaderWriterDriver

/// What an app's reader/writer repositories work with during one unit of work: the `db` handle the queue or pool
/// lent to it and the unit's scope (the session core's `StoreUnitOfWork` over the driver's `Database`).
///
/// ``ReaderWriterSessionEngine`` makes one per unit and hands it to the app's context factory; the repositories the
/// context vends keep it and call `run(_:)` around each of their calls, which refuses a repository that escaped
/// its closure before it touches `db` (whose use after the closure would stop the program).
public typealias ReaderWriterUnitOfWork = StoreUnitOfWork<Database>

extension StoreUnitOfWork where Handle == Database {
    /// The handle the queue or pool lent to this unit.
    public var db: Database { handle }

    package init(db: Database, scope: UnitScope, location: SessionLocation) {
        self.init(handle: db, scope: scope, location: location)
    }
}
