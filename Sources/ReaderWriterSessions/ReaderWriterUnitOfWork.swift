import PersistenceSession
import ReaderWriterDriver

/// What an app's reader/writer repositories work with during one unit of work: the `db` handle the queue or pool
/// lent to it and the unit's scope.
///
/// ``ReaderWriterSessionEngine`` makes one per unit and hands it to the app's context factory; the repositories the
/// context vends keep it and call ``run(_:)`` around each of their calls, which refuses a repository that escaped
/// its closure before it touches `db` (whose use after the closure would stop the program).
public struct ReaderWriterUnitOfWork {
    /// The handle the queue or pool lent to this unit.
    public let db: Database
    /// The unit's lifetime: ended when the closure returns or throws.
    public let scope: UnitScope
    /// Where the session's database lives (for error messages).
    public let location: SessionLocation

    package init(db: Database, scope: UnitScope, location: SessionLocation) {
        self.db = db
        self.scope = scope
        self.location = location
    }

    /// Runs one repository call with the unit's `db`; refuses it once the unit ended.
    @inlinable
    public func run<T>(_ body: (Database) throws -> T) throws -> T {
        try scope.check()
        return try body(db)
    }
}
