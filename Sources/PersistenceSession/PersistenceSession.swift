/// The driver-neutral boundary between an app and its database: lifecycle and units of work, in terms of the app's
/// own contexts only.
///
/// Generic over the app's two context types: `ReadContext` vends the reading side of the app's repositories,
/// `WriteContext` their writing side. No connection, queue, pool, row, statement or query-builder type crosses the
/// boundary, so an app holds `any PersistenceSession<MyRead, MyWrite>` and never learns which driver runs underneath;
/// the differential runs the same calls through two sessions and compares them.
///
/// Two reusable engines implement it, one per driver: `LegacySessionEngine` (module `LegacySessions`: one retained
/// connection, as an app on the query-builder driver has today) and `ReaderWriterSessionEngine` (module
/// `ReaderWriterSessions`: the serialized queue or the WAL pool). An app configures an engine with its open checks,
/// its schema and the factories of its contexts, instead of writing session plumbing of its own.
///
/// ## Units of work
/// `read` and `write` run a closure synchronously with a context. A write commits when the closure returns
/// and rolls back when it throws; errors the closure throws pass through unchanged, database failures arrive as
/// ``PersistenceError``. A unit of work nested inside another of the same session throws
/// ``PersistenceError/invalidUse(_:)`` instead of deadlocking or crashing. A write on a read-only session throws
/// ``PersistenceError/readOnly(path:detail:)``, and every unit after ``close()`` throws ``PersistenceError/closed``.
/// Repositories obtained in a unit of work must not escape it (a ``UnitScope`` lets them refuse escaped use); the
/// values they return may. The `async` variants (`read` and `write` with an `@Sendable` closure) run the same unit off the caller's thread.
public protocol PersistenceSession<ReadContext, WriteContext>: AnyObject, Sendable {
    /// What a read unit of work receives: the reading side of the app's repositories.
    associatedtype ReadContext
    /// What a write unit of work receives: the app's repositories with their writing side.
    associatedtype WriteContext

    /// The driver this session runs on.
    var driver: DriverKind { get }

    /// Where the database lives.
    var location: SessionLocation { get }

    /// Whether the session may write.
    var access: SessionAccess { get }

    /// Whether ``close()`` has run.
    var isClosed: Bool { get }

    /// Runs a read unit of work: one consistent view of the database for the whole closure.
    func read<T>(_ work: (ReadContext) throws -> T) throws -> T

    /// Runs a write unit of work in one transaction: committed when `work` returns, rolled back when it throws.
    func write<T>(_ work: (WriteContext) throws -> T) throws -> T

    /// Runs a read unit of work off the calling task's thread (the default implementation runs the synchronous `read`
    /// on a thread of its own). In an `async` function, `try await session.read { ... }` picks this one.
    func read<T: Sendable>(_ work: @escaping @Sendable (ReadContext) throws -> T) async throws -> T

    /// Runs a write unit of work off the calling task's thread (the default implementation runs
    /// the synchronous `write` on a thread of its own). In an `async` function, `try await session.write { ... }` picks
    /// this one.
    func write<T: Sendable>(_ work: @escaping @Sendable (WriteContext) throws -> T) async throws -> T

    /// Closes the session (idempotent). Sidecars the driver created are cleaned up by SQLite as it closes the last
    /// connection.
    func close() throws
}
