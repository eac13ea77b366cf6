import LegacyDriver
import LegacySessions
import MMEXModel
import MMEXSession
import MMEXSessionSupport
import PersistenceSession
import SQLiteEngine

/// The MMEX session on the legacy (query-builder) driver: what the MMEX iOS app does today.
///
/// The generic `LegacySessionEngine` configured with MMEX's open checks, key, journal mode and contexts; the
/// unit-of-work rules are the engine's.
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
public final class LegacySession: MMEXSession {
    public static var driver: DriverKind { .legacy }

    /// The generic engine configured for MMEX: every unit of work and the connection's life are its.
    private let engine: LegacySessionEngine<any MMEXReadContext, any MMEXWriteContext>

    private init(engine: LegacySessionEngine<any MMEXReadContext, any MMEXWriteContext>) {
        self.engine = engine
    }

    public var location: SessionLocation { engine.location }
    public var access: SessionAccess { engine.access }
    public var isClosed: Bool { engine.isClosed }

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
        var setup = setup(path: path, keyGiven: keyGiven, configuration: configuration)
        setup.vfs = SessionKey.vfsName(for: sessionKey)
        setup.prepareConnection = { engine in
            engine.statementRewrite = configuration.statementRewrite
            try sessionKey?.apply(to: engine, path: path)
            try MMEXFileCheck.verify(engine, path: path, keyGiven: keyGiven)
        }
        setup.afterOpen = { connection, access in
            if access == .readWrite { try useMemoryJournal(connection) }
        }
        var source: ReadOnlySource?
        do {
            if access == .readOnly { source = try ReadOnlySource.prepare(path: path, probe: probe, key: sessionKey) }
        } catch {
            throw LegacyErrors.mapped(error, path: path, keyGiven: keyGiven)
        }
        let opened = source
        return LegacySession(
            engine: try .open(at: path, access: access, setup: setup, connectAt: source?.uri, onClose: { opened?.discard() })
        )
    }

    /// The engine's setup for MMEX: contexts over ``LegacyUnit``, MMEX's error mapping.
    private static func setup(
        path: String?, keyGiven: Bool, configuration: SessionConfiguration
    ) -> LegacySessionSetup<any MMEXReadContext, any MMEXWriteContext> {
        let minter = configuration.minter
        var setup = LegacySessionSetup<any MMEXReadContext, any MMEXWriteContext>(
            makeReadContext: { unit in
                LegacyReadContext(unit: LegacyUnit(unit, minter: minter, path: path, keyGiven: keyGiven))
            },
            makeWriteContext: { unit in
                LegacyWriteContext(unit: LegacyUnit(unit, minter: minter, path: path, keyGiven: keyGiven))
            }
        )
        setup.mapError = { error, path in LegacyErrors.mapped(error, path: path, keyGiven: keyGiven) }
        return setup
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
        var setup = setup(path: nil, keyGiven: false, configuration: configuration)
        setup.afterOpen = { connection, _ in try connection.execute("PRAGMA journal_mode = MEMORY") }
        return LegacySession(engine: try .openInMemory(setup: setup, fill: { try SampleDatabase.fill($0.engine) }))
    }

    public func close() throws {
        try engine.close()
    }

    // MARK: Units of work

    public func read<T>(_ work: (any MMEXReadContext) throws -> T) throws -> T {
        try engine.read(work)
    }

    public func write<T>(_ work: (any MMEXWriteContext) throws -> T) throws -> T {
        try engine.write(work)
    }
}
