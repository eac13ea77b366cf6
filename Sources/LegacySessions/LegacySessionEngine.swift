import Foundation
import LegacyDriver
import PersistenceSession
import SQLiteEngine

/// A `PersistenceSession` on the legacy (query-builder) driver, configured by the app: one retained
/// `Connection` for the session's whole life, synchronous, as an app on SQLite.swift has it.
///
/// - Units of work run one at a time on the connection (other threads wait); a read runs in a transaction (one
///   consistent view), a write in a transaction that commits when the closure returns and rolls back when it throws.
/// - A unit of work started inside another on the same thread throws `PersistenceError.invalidUse(_:)`; a write on
///   a read-only session throws `PersistenceError.readOnly(path:detail:)`; every unit after ``close()`` throws
///   `PersistenceError.closed`.
/// - Schemas a unit attached (noted on its `UnitScope`) are detached once its transaction ended.
///
/// ```swift
/// var setup = LegacySessionSetup(makeReadContext: { TodoLegacyRead(unit: $0) },
///                                makeWriteContext: { TodoLegacyWrite(unit: $0) })
/// setup.createSchema = { db in try db.run(lists.create { ... }) }
/// let session = try LegacySessionEngine.create(at: path, setup: setup)
/// let lists = try session.read { try $0.lists.all() }
/// ```
public final class LegacySessionEngine<ReadContext, WriteContext>: PersistenceSession, @unchecked Sendable {
    // @unchecked Sendable: `gate` serializes every use of `connection` (a connection used by one thread at a time)
    // across threads; `closed` is a CloseOnce (its own mutex); every other stored property is immutable and Sendable.
    /// Always ``DriverKind/legacy``.
    public let driver: DriverKind = .legacy
    /// Where the database lives: the path the session was opened with (not `connectAt`), or memory.
    public let location: SessionLocation
    /// Whether write units are allowed; a read-only session also opened SQLite read-only.
    public let access: SessionAccess
    private let connection: Connection
    private let setup: LegacySessionSetup<ReadContext, WriteContext>
    private let onClose: @Sendable () -> Void
    private let gate = UnitOfWorkGate()
    private let closed = CloseOnce()

    /// Wraps a connection the caller opened (with the setup's `prepareConnection` already applied).
    ///
    /// - Parameters:
    ///   - connection: the session's one connection, from now on used only by the session.
    ///   - location: where the database lives, as the session reports it.
    ///   - access: whether write units are allowed.
    ///   - setup: the app's contexts, checks and error mapping.
    ///   - onClose: runs once, after the connection closed (remove a private copy the session read).
    public init(
        connection: Connection, location: SessionLocation, access: SessionAccess,
        setup: LegacySessionSetup<ReadContext, WriteContext>, onClose: @escaping @Sendable () -> Void = {}
    ) {
        self.connection = connection
        self.location = location
        self.access = access
        self.setup = setup
        self.onClose = onClose
    }

    deinit {
        if closed.markClosed() {
            connection.close()
            onClose()
        }
    }

    private var path: String? { location.path }

    // MARK: Opening

    /// Opens an existing database file.
    ///
    /// - Parameters:
    ///   - path: the file, as the session reports it.
    ///   - setup: the app's contexts, checks and error mapping.
    ///   - access: `SessionAccess.readOnly` opens SQLite read-only; every write unit is refused.
    ///   - connectAt: what SQLite opens when it is not `path` itself (a `file:` URI with parameters, a private copy).
    ///   - onClose: runs once after the connection closed.
    /// - Throws: what the setup's `mapError` makes of SQLite's failure (`PersistenceError.notFound(path:)` when
    ///   nothing is at `path`: a missing file is never created).
    public static func open(
        at path: String, access: SessionAccess, setup: LegacySessionSetup<ReadContext, WriteContext>,
        connectAt: String? = nil, onClose: @escaping @Sendable () -> Void = {}
    ) throws -> LegacySessionEngine {
        if connectAt == nil, !FileManager.default.fileExists(atPath: path) {
            throw PersistenceError.notFound(path: path)
        }
        do {
            let options = OpenOptions(
                access: access == .readOnly ? .readOnly : .readWrite, uri: true, vfs: setup.vfs
            )
            let connection = try Connection(.uri(connectAt ?? path), options: options, prepare: setup.prepareConnection)
            try setup.afterOpen?(connection, access)
            return LegacySessionEngine(
                connection: connection, location: .file(path: path), access: access, setup: setup, onClose: onClose
            )
        } catch {
            onClose()
            throw setup.mapError(error, path)
        }
    }

    /// Creates a new database file with the setup's schema (in one transaction) and opens it.
    ///
    /// - Parameters:
    ///   - path: where the new file goes.
    ///   - setup: the app's contexts, schema, checks and error mapping.
    /// - Throws: `PersistenceError.alreadyExists(path:)` when anything is at `path` (never overwrites); when the
    ///   schema fails, the new file is removed and the error rethrown.
    public static func create(
        at path: String, setup: LegacySessionSetup<ReadContext, WriteContext>
    ) throws -> LegacySessionEngine {
        if FileManager.default.fileExists(atPath: path) { throw PersistenceError.alreadyExists(path: path) }
        do {
            let options = OpenOptions(access: .readWriteCreate, uri: true, vfs: setup.vfs)
            let connection = try Connection(.uri(path), options: options, prepare: setup.prepareConnection)
            do {
                if let createSchema = setup.createSchema {
                    try connection.transaction(.exclusive) { try createSchema(connection) }
                }
                try setup.afterOpen?(connection, .readWrite)
            } catch {
                connection.close()
                try? FileManager.default.removeItem(atPath: path)
                throw error
            }
            return LegacySessionEngine(connection: connection, location: .file(path: path), access: .readWrite, setup: setup)
        } catch {
            throw setup.mapError(error, path)
        }
    }

    /// Opens a private in-memory database with the setup's schema, filled by `fill`; it disappears on ``close()``.
    ///
    /// - Parameters:
    ///   - setup: the app's contexts, schema and error mapping.
    ///   - fill: writes the initial rows (sample data), after the schema.
    public static func openInMemory(
        setup: LegacySessionSetup<ReadContext, WriteContext>, fill: ((Connection) throws -> Void)? = nil
    ) throws -> LegacySessionEngine {
        do {
            let connection = try Connection(.inMemory)
            if let createSchema = setup.createSchema {
                try connection.transaction(.exclusive) { try createSchema(connection) }
            }
            try fill?(connection)
            try setup.afterOpen?(connection, .readWrite)
            return LegacySessionEngine(connection: connection, location: .memory, access: .readWrite, setup: setup)
        } catch {
            throw setup.mapError(error, nil)
        }
    }

    // MARK: Lifecycle

    /// Whether ``close()`` has run (or the session was released); every unit then throws
    /// `PersistenceError.closed`.
    public var isClosed: Bool { closed.isClosed }

    /// Waits for a running unit of work, closes the connection once (later calls do nothing), then runs `onClose`.
    ///
    /// - Throws: `PersistenceError.invalidUse(_:)` when called from inside a unit of work of this session.
    public func close() throws {
        try gate.run {
            guard closed.markClosed() else { return }
            connection.close()
            onClose()
        }
    }

    private func checkOpen() throws {
        try closed.check()
    }

    // MARK: Units of work

    /// Runs `work` in a transaction of the setup's `readTransaction` mode (one consistent view), after any unit
    /// another thread is running.
    ///
    /// - Parameter work: The app's reads; its repositories must not escape it.
    /// - Returns: What `work` returns.
    /// - Throws: `PersistenceError.closed` after ``close()``, `PersistenceError.invalidUse(_:)` inside another unit
    ///   on this thread, SQLite's failures through the setup's `mapError`, and what `work` throws.
    public func read<T>(_ work: (ReadContext) throws -> T) throws -> T {
        try checkOpen()
        return try gate.run {
            try checkOpen()
            return try inTransaction(setup.readTransaction) { unit in try work(setup.makeReadContext(unit)) }
        }
    }

    /// Runs `work` in a transaction of the setup's `writeTransaction` mode, after any unit another thread is running:
    /// committed when `work` returns, rolled back when it throws.
    ///
    /// - Parameter work: The app's writes (and reads); its repositories must not escape it.
    /// - Returns: What `work` returns, once the transaction committed.
    /// - Throws: `PersistenceError.closed` after ``close()``, `PersistenceError.readOnly(path:detail:)` on a read-only
    ///   session, `PersistenceError.invalidUse(_:)` inside another unit on this thread, SQLite's failures through
    ///   the setup's `mapError`, and what `work` throws.
    public func write<T>(_ work: (WriteContext) throws -> T) throws -> T {
        try checkOpen()
        if access == .readOnly { throw UnitOfWorkRules.readOnlySession(path: path) }
        return try gate.run {
            try checkOpen()
            return try inTransaction(setup.writeTransaction) { unit in try work(setup.makeWriteContext(unit)) }
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

    /// One transaction with a fresh scope: committed when `body` returns, rolled back when it throws.
    private func inTransaction<T>(_ mode: TransactionMode, _ body: (LegacyUnitOfWork) throws -> T) throws -> T {
        let scope = UnitScope()
        defer { scope.end() }
        let unit = LegacyUnitOfWork(connection: connection, scope: scope, location: location)
        defer {
            // Schemas attached during the unit can only be detached once its transaction ended.
            for schema in scope.attachedSchemas { try? connection.detach(schema) }
        }
        do {
            return try connection.transaction(mode) { try body(unit) }
        } catch {
            throw setup.mapError(error, path)
        }
    }
}
