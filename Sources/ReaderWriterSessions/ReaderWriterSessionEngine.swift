import Foundation
import PersistenceSession
import ReaderWriterDriver
import SQLiteEngine

/// A `PersistenceSession` on the reader/writer driver, configured by the app: the serialized queue
/// (`ReaderWriterSessionEngine<DatabaseQueue, …>`) or the WAL pool (`ReaderWriterSessionEngine<DatabasePool, …>`).
///
/// - `read` runs the driver's `read` (a read-only transaction: one snapshot); `write` runs the driver's `write` (an
///   IMMEDIATE transaction: committed on return, rolled back on throw).
/// - A unit of work inside another of the same session throws `PersistenceError.invalidUse(_:)` (the driver's
///   reentrancy check); a write on a read-only session throws `PersistenceError.readOnly(path:detail:)`; every
///   unit after ``close()`` throws `PersistenceError.closed`.
/// - Schemas a write unit attached (noted on its `UnitScope`) are detached once its transaction ended.
///
/// ```swift
/// let setup = ReaderWriterSessionSetup(makeReadContext: { TodoRead(unit: $0) }, makeWriteContext: { TodoWrite(unit: $0) })
/// let session = try ReaderWriterSessionEngine<DatabasePool, TodoRead, TodoWrite>.open(at: path, access: .readWrite, setup: setup)
/// ```
public final class ReaderWriterSessionEngine<Store: ReaderWriterStore, ReadContext, WriteContext>: PersistenceSession {
    /// ``DriverKind/queue`` for a `DatabaseQueue` store, ``DriverKind/pool`` for a `DatabasePool`.
    public var driver: DriverKind { Store.sessionDriver }
    /// Where the database lives: the path the session was opened with (not `connectAt`), or memory.
    public let location: SessionLocation
    /// Whether write units are allowed; a read-only session's store was opened read-only, so it never turns on WAL.
    public let access: SessionAccess
    private let store: Store
    private let setup: ReaderWriterSessionSetup<ReadContext, WriteContext>
    private let onClose: @Sendable () -> Void
    private let closed = CloseOnce()

    /// Wraps a queue or pool the caller opened.
    ///
    /// - Parameters:
    ///   - store: the queue or pool, from now on used only by the session.
    ///   - location: where the database lives, as the session reports it.
    ///   - access: whether write units are allowed.
    ///   - setup: the app's contexts and error mapping.
    ///   - onClose: runs once, after every connection closed (remove a private copy or sample folder).
    public init(
        store: Store, location: SessionLocation, access: SessionAccess,
        setup: ReaderWriterSessionSetup<ReadContext, WriteContext>, onClose: @escaping @Sendable () -> Void = {}
    ) {
        self.store = store
        self.location = location
        self.access = access
        self.setup = setup
        self.onClose = onClose
    }

    deinit {
        if closed.markClosed() {
            try? store.close()
            onClose()
        }
    }

    private var path: String? { location.path }

    // MARK: Opening

    /// Opens an existing database file with the setup's configuration (read-only when `access` says so).
    ///
    /// - Parameters:
    ///   - path: the file, as the session reports it.
    ///   - access: read-only or read-write: a read-only store never switches the file to WAL.
    ///   - setup: the app's contexts, driver configuration and error mapping.
    ///   - connectAt: what SQLite opens when it is not `path` itself (a `file:` URI with parameters, a private copy).
    ///   - onClose: runs once after every connection closed (also when the open fails).
    /// - Throws: what the setup's `mapError` makes of the failure (`PersistenceError.notFound(path:)` when nothing
    ///   is at `path`: a missing file is never created).
    public static func open(
        at path: String, access: SessionAccess, setup: ReaderWriterSessionSetup<ReadContext, WriteContext>,
        connectAt: String? = nil, onClose: @escaping @Sendable () -> Void = {}
    ) throws -> ReaderWriterSessionEngine {
        if connectAt == nil, !FileManager.default.fileExists(atPath: path) {
            throw PersistenceError.notFound(path: path)
        }
        var configuration = setup.configuration
        configuration.readonly = access == .readOnly
        do {
            let store = try Store.openStore(path: connectAt ?? path, configuration: configuration)
            return ReaderWriterSessionEngine(
                store: store, location: .file(path: path), access: access, setup: setup, onClose: onClose
            )
        } catch {
            onClose()
            throw setup.mapError(error, path)
        }
    }

    /// Creates a new database file with the setup's schema (in one write) and opens it.
    ///
    /// - Parameters:
    ///   - path: where the new file goes.
    ///   - setup: the app's contexts, driver configuration, schema and error mapping.
    /// - Throws: `PersistenceError.alreadyExists(path:)` when anything is at `path` (never overwrites); when the
    ///   schema fails, the new file is removed and the error rethrown.
    public static func create(
        at path: String, setup: ReaderWriterSessionSetup<ReadContext, WriteContext>
    ) throws -> ReaderWriterSessionEngine {
        if FileManager.default.fileExists(atPath: path) { throw PersistenceError.alreadyExists(path: path) }
        do {
            let store = try Store.openStore(path: path, configuration: setup.configuration)
            do {
                if let createSchema = setup.createSchema { try store.write { db in try createSchema(db) } }
            } catch {
                try? store.close()
                for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
                throw error
            }
            return ReaderWriterSessionEngine(store: store, location: .file(path: path), access: .readWrite, setup: setup)
        } catch {
            throw setup.mapError(error, path)
        }
    }

    // MARK: Lifecycle

    /// Whether ``close()`` has run (or the session was released); every unit then throws
    /// `PersistenceError.closed`.
    public var isClosed: Bool { closed.isClosed }

    /// Waits for running units of work, closes every connection (a pool first puts the journal mode back), then
    /// runs `onClose`.
    ///
    /// - Throws: `PersistenceError.busy(path:)` when a pool cannot put the journal mode back because another
    ///   connection has the file open (the connections are closed anyway).
    public func close() throws {
        guard closed.markClosed() else { return }
        defer { onClose() }
        do {
            try store.close()
        } catch {
            throw setup.mapError(error, path)
        }
    }

    private func checkOpen() throws {
        try closed.check()
    }

    // MARK: Units of work

    /// Runs `work` in the driver's `read`: a read-only transaction on one snapshot. On a pool it runs beside a
    /// write; on a queue it waits for it.
    ///
    /// - Parameter work: The app's reads; its repositories must not escape it.
    /// - Returns: What `work` returns.
    /// - Throws: `PersistenceError.closed` after ``close()``, `PersistenceError.invalidUse(_:)` inside another unit
    ///   of this session on this thread, the driver's failures through the setup's `mapError`, and what `work`
    ///   throws.
    public func read<T>(_ work: (ReadContext) throws -> T) throws -> T {
        try checkOpen()
        do {
            return try store.read { db in
                let unit = ReaderWriterUnitOfWork(db: db, scope: UnitScope(), location: location)
                defer { unit.scope.end() }
                return try work(setup.makeReadContext(unit))
            }
        } catch {
            throw setup.mapError(error, path)
        }
    }

    /// Runs `work` in the driver's `write`: an IMMEDIATE transaction, committed when `work` returns and rolled back
    /// when it throws. Schemas it attached are detached afterwards.
    ///
    /// - Parameter work: The app's writes (and reads); its repositories must not escape it.
    /// - Returns: What `work` returns, once the transaction committed.
    /// - Throws: `PersistenceError.closed` after ``close()``, `PersistenceError.readOnly(path:detail:)` on a read-only
    ///   session, `PersistenceError.invalidUse(_:)` inside another unit of this session on this thread, the driver's
    ///   failures through the setup's `mapError`, and what `work` throws.
    public func write<T>(_ work: (WriteContext) throws -> T) throws -> T {
        try checkOpen()
        if access == .readOnly { throw UnitOfWorkRules.readOnlySession(path: path) }
        let scope = UnitScope()
        defer { detachSchemas(attachedIn: scope) }
        do {
            return try store.write { db in
                let unit = ReaderWriterUnitOfWork(db: db, scope: scope, location: location)
                defer { scope.end() }
                return try work(setup.makeWriteContext(unit))
            }
        } catch {
            throw setup.mapError(error, path)
        }
    }

    /// the synchronous `read` off the calling task's thread; a task cancelled before it starts never runs it.
    public func read<T: Sendable>(_ work: @escaping @Sendable (ReadContext) throws -> T) async throws -> T {
        try await runUnitDetached { try self.read(work) }
    }

    /// the synchronous `write` off the calling task's thread; a task cancelled before it starts writes nothing,
    /// and a started unit commits or rolls back as a whole.
    public func write<T: Sendable>(_ work: @escaping @Sendable (WriteContext) throws -> T) async throws -> T {
        try await runUnitDetached { try self.write(work) }
    }

    /// Detaches the schemas a write unit attached, once its transaction ended (SQLite refuses while it runs).
    private func detachSchemas(attachedIn scope: UnitScope) {
        let schemas = scope.attachedSchemas
        guard !schemas.isEmpty else { return }
        _ = try? store.writeWithoutTransaction { db in
            for schema in schemas { try? db.execute(sql: "DETACH DATABASE \(quoteIdentifier(schema))") }
        }
    }
}
