import LegacyDriver
import MMEXModel
import MMEXSessionSupport
import PersistenceSession
import SQLiteEngine
import Synchronization

/// The MMEX session on the legacy (query-builder) driver: what the MMEX iOS app does today.
///
/// One retained `Connection` for the session's whole life, synchronous, with `PRAGMA journal_mode = MEMORY` set
/// right after opening, as the app sets it: the rollback journal lives in memory, no `-journal` file appears beside
/// the database, and the file never goes to WAL. (On a file that is in WAL mode, which MMEX desktop 1.9 writes, this
/// pragma takes the file out of WAL when no other connection has it open, exactly as the app does; the
/// reader/writer sessions leave the journal mode alone, a difference MIGRATION.md records.) No busy timeout and no
/// foreign keys, as in the app.
///
/// - The key of an encrypted file is applied in the connection's `prepare` hook, through the page codec's VFS,
///   before the first read; the same hook checks `user_version` and the core MMEX tables, so a refused file is not
///   touched.
/// - Units of work run one at a time on the connection (other threads wait); a read runs in a deferred transaction
///   (one consistent view), a write in a deferred transaction, SQLite.swift's default `transaction()`. A unit of
///   work started inside another on the same thread throws ``PersistenceError/invalidUse(_:)``.
/// - Read-only sessions read through ``ReadOnlySource``: the file, its journal mode and its sidecars stay as they
///   are.
public final class LegacySession: PersistenceSession, @unchecked Sendable {
    // @unchecked Sendable: `gate` serializes every use of `connection` (a non-Sendable, NOMUTEX connection) across
    // threads; `isClosedFlag` is a Mutex; every other stored property is immutable and Sendable.
    public static var driver: DriverKind { .legacy }

    public let location: SessionLocation
    public let access: SessionAccess
    private let connection: Connection
    private let configuration: SessionConfiguration
    private let keyGiven: Bool
    private let readOnlySource: ReadOnlySource?
    private let gate = UnitOfWorkGate()
    private let isClosedFlag = Mutex(false)

    private init(
        connection: Connection, location: SessionLocation, access: SessionAccess, configuration: SessionConfiguration,
        keyGiven: Bool, readOnlySource: ReadOnlySource?
    ) {
        self.connection = connection
        self.location = location
        self.access = access
        self.configuration = configuration
        self.keyGiven = keyGiven
        self.readOnlySource = readOnlySource
    }

    deinit {
        connection.close()
        readOnlySource?.discard()
    }

    private var path: String? {
        if case .file(let path) = location { return path }
        return nil
    }

    // MARK: Lifecycle

    public static func create(at path: String, key: DatabaseKey?, configuration: SessionConfiguration) throws -> LegacySession {
        let sessionKey = try key.map(SessionKey.init)
        try NewMMEXFile.create(at: path, key: sessionKey)
        return try open(at: path, key: key, access: .readWrite, configuration: configuration)
    }

    public static func open(
        at path: String, key: DatabaseKey?, access: SessionAccess, configuration: SessionConfiguration
    ) throws -> LegacySession {
        let sessionKey = try key.map(SessionKey.init)
        let keyGiven = key != nil
        let probe = try MMEXFileCheck.examine(path, keyGiven: keyGiven)
        let vfs = SessionKey.vfsName(for: sessionKey)
        let prepare: (EngineConnection) throws -> Void = { engine in
            try sessionKey?.apply(to: engine, path: path)
            try MMEXFileCheck.verify(engine, path: path, keyGiven: keyGiven)
        }
        var source: ReadOnlySource?
        do {
            let connection: Connection
            switch access {
            case .readWrite:
                // Read-write without create: a file that vanished since it was examined is not made anew.
                connection = try Connection(
                    .uri(path), options: OpenOptions(access: .readWrite, uri: true, vfs: vfs), prepare: prepare
                )
                try useMemoryJournal(connection)
            case .readOnly:
                let readOnly = try ReadOnlySource.prepare(path: path, probe: probe, key: sessionKey)
                source = readOnly
                connection = try Connection(.uri(readOnly.uri), readonly: true, vfs: vfs, prepare: prepare)
            }
            return LegacySession(
                connection: connection, location: .file(path: path), access: access, configuration: configuration,
                keyGiven: keyGiven, readOnlySource: source
            )
        } catch {
            source?.discard()
            throw LegacyErrors.mapped(error, path: path, keyGiven: keyGiven)
        }
    }

    /// Sets `journal_mode = MEMORY` as the MMEX app does, unless SQLite opened the file read-only (its header's
    /// write version is above 2): then the file keeps its journal mode and writes fail with `readOnly`, as on the
    /// queue and pool sessions.
    private static func useMemoryJournal(_ connection: Connection) throws {
        let refusal: LegacyError?
        do {
            try connection.execute("PRAGMA journal_mode = MEMORY")
            refusal = nil
        } catch {
            refusal = error
        }
        if let refusal, refusal.code != 8 /* SQLITE_READONLY */ { throw refusal }
    }

    public static func openInMemorySample(configuration: SessionConfiguration) throws -> LegacySession {
        do {
            let connection = try Connection(.inMemory)
            try SampleDatabase.fill(connection.engine)
            try connection.execute("PRAGMA journal_mode = MEMORY")
            return LegacySession(
                connection: connection, location: .memory, access: .readWrite, configuration: configuration,
                keyGiven: false, readOnlySource: nil
            )
        } catch {
            throw LegacyErrors.mapped(error, path: nil, keyGiven: false)
        }
    }

    public var isClosed: Bool { isClosedFlag.withLock { $0 } }

    public func close() throws {
        try gate.run {
            let first = isClosedFlag.withLock { closed in
                defer { closed = true }
                return !closed
            }
            guard first else { return }
            connection.close()
            readOnlySource?.discard()
        }
    }

    private func checkOpen() throws {
        if isClosed { throw PersistenceError.closed }
    }

    // MARK: Units of work

    public func read<T>(_ work: (any MMEXReadContext) throws -> T) throws -> T {
        try checkOpen()
        return try gate.run {
            try checkOpen()
            return try inTransaction { unit in try work(LegacyReadContext(unit: unit)) }
        }
    }

    public func write<T>(_ work: (any MMEXWriteContext) throws -> T) throws -> T {
        try checkOpen()
        if access == .readOnly { throw SessionErrors.readOnlySession(path: path) }
        return try gate.run {
            try checkOpen()
            return try inTransaction { unit in try work(LegacyWriteContext(unit: unit)) }
        }
    }

    /// One deferred transaction with a fresh scope: committed when `body` returns, rolled back when it throws.
    private func inTransaction<T>(_ body: (LegacyUnit) throws -> T) throws -> T {
        let scope = UnitScope()
        defer { scope.end() }
        let unit = LegacyUnit(
            db: connection, scope: scope, minter: configuration.minter, path: path, keyGiven: keyGiven
        )
        defer {
            // Import sources attached during the unit can only be detached once its transaction ended.
            for schema in scope.attachedSchemas { try? connection.detach(schema) }
        }
        do {
            return try connection.transaction(.deferred) { try body(unit) }
        } catch {
            throw LegacyErrors.mapped(error, path: path, keyGiven: keyGiven)
        }
    }
}
