import Foundation
import MMEXModel
import MMEXSession
import MMEXSessionSupport
import PersistenceSession
import ReaderWriterDriver
import ReaderWriterSessions
import SQLiteEngine

/// The MMEX session on the serialized queue of the reader/writer driver.
///
/// One connection, every unit of work serialized on it; the file's journal mode is left as it is (a rollback-journal
/// file stays one self-contained file: the policy's choice for files in a document provider or cloud folder).
public typealias QueueSession = ReaderWriterSession<DatabaseQueue>

/// The MMEX session on the WAL pool of the reader/writer driver.
///
/// One writer and up to five readers: a read unit of work runs beside a write and sees one snapshot. The file is in
/// WAL mode while the session is open; `close()` puts its original journal mode back (a desktop or Android
/// rollback-journal file leaves without `-wal`/`-shm`, header as it came). A read-only pool never switches to WAL:
/// its readers share the file with shared locks, and read units still run side by side.
public typealias PoolSession = ReaderWriterSession<DatabasePool>

/// The MMEX session on the reader/writer driver: one implementation over the driver's writer abstraction, used as
/// ``QueueSession`` and ``PoolSession``: the generic `ReaderWriterSessionEngine` configured with MMEX's open checks,
/// key and contexts.
///
/// - The key of an encrypted file is applied in `Configuration.prepareDatabase` on every new connection, through
///   the page codec's VFS, before the first read; the same hook checks `user_version` and the core MMEX tables
///   before the pool switches anything, so a refused file is not touched.
/// - `read` runs the driver's `read` (a read-only transaction: one snapshot); `write` runs the driver's `write` (an
///   IMMEDIATE transaction: committed on return, rolled back on throw). A unit of work inside another of the same
///   session throws ``PersistenceError/invalidUse(_:)`` (the driver's reentrancy check).
/// - Read-only sessions open the driver read-only on a ``ReadOnlySource`` (a `file:` URI; the system SQLite is
///   built with `SQLITE_USE_URI`, so the driver's plain open understands it): no journal mode change, no sidecar.
/// - Foreign keys stay off, as in the MMEX apps (the one declared foreign key is not enforced by them).
public final class ReaderWriterSession<Store: MMEXStore>: MMEXSession {
    public static var driver: DriverKind { Store.sessionDriver }

    /// The generic engine configured for MMEX: every unit of work and the store's life are its.
    private let engine: ReaderWriterSessionEngine<Store, any MMEXReadContext, any MMEXWriteContext>

    private init(engine: ReaderWriterSessionEngine<Store, any MMEXReadContext, any MMEXWriteContext>) {
        self.engine = engine
    }

    public var location: SessionLocation { engine.location }
    public var access: SessionAccess { engine.access }
    public var isClosed: Bool { engine.isClosed }

    // MARK: Lifecycle

    public static func create(
        at path: String, key: DatabaseKey?, configuration: SessionConfiguration
    ) throws -> ReaderWriterSession<Store> {
        let sessionKey = try key.map(SessionKey.init)
        try NewMMEXFile.create(at: path, key: sessionKey)
        return try open(at: path, key: key, access: .readWrite, configuration: configuration)
    }

    public static func open(
        at path: String, key: DatabaseKey?, access: SessionAccess, configuration: SessionConfiguration
    ) throws -> ReaderWriterSession<Store> {
        let sessionKey = try key.map(SessionKey.init)
        let keyGiven = key != nil
        let probe = try MMEXFileCheck.examine(path, keyGiven: keyGiven)
        var setup = setup(path: path, keyGiven: keyGiven, configuration: configuration)
        setup.configuration.label = "MMEX \(Store.sessionDriver)"
        setup.configuration.vfs = SessionKey.vfsName(for: sessionKey)
        setup.configuration.prepareDatabase { db in
            try db.withEngineConnection { engine in
                engine.statementRewrite = configuration.statementRewrite
                try sessionKey?.apply(to: engine, path: path)
                try MMEXFileCheck.verify(engine, path: path, keyGiven: keyGiven)
            }
        }
        var source: ReadOnlySource?
        do {
            if access == .readOnly { source = try ReadOnlySource.prepare(path: path, probe: probe, key: sessionKey) }
        } catch {
            throw ReaderWriterErrors.mapped(error, path: path, keyGiven: keyGiven)
        }
        let opened = source
        return ReaderWriterSession(
            engine: try .open(at: path, access: access, setup: setup, connectAt: source?.uri, onClose: { opened?.discard() })
        )
    }

    /// The engine's setup for MMEX: contexts over ``ReaderWriterUnit``, foreign keys off as in the MMEX apps (the one
    /// declared foreign key is not enforced by them), MMEX's error mapping.
    private static func setup(
        path: String?, keyGiven: Bool, configuration: SessionConfiguration
    ) -> ReaderWriterSessionSetup<any MMEXReadContext, any MMEXWriteContext> {
        let minter = configuration.minter
        var setup = ReaderWriterSessionSetup<any MMEXReadContext, any MMEXWriteContext>(
            makeReadContext: { unit in
                ReaderWriterReadContext(unit: ReaderWriterUnit(unit, minter: minter, path: path, keyGiven: keyGiven))
            },
            makeWriteContext: { unit in
                ReaderWriterWriteContext(unit: ReaderWriterUnit(unit, minter: minter, path: path, keyGiven: keyGiven))
            }
        )
        setup.configuration.foreignKeysEnabled = false
        setup.mapError = { error, path in ReaderWriterErrors.mapped(error, path: path, keyGiven: keyGiven) }
        return setup
    }

    public static func openInMemorySample(configuration: SessionConfiguration) throws -> ReaderWriterSession<Store> {
        var driverConfiguration = setup(path: nil, keyGiven: false, configuration: configuration).configuration
        driverConfiguration.label = "MMEX \(Store.sessionDriver) sample"
        do {
            let (store, location, folder) = try Store.openSample(configuration: driverConfiguration)
            let path: String? = if case .file(let path) = location { path } else { nil }
            return ReaderWriterSession(
                engine: ReaderWriterSessionEngine(
                    store: store, location: location, access: .readWrite,
                    setup: setup(path: path, keyGiven: false, configuration: configuration),
                    onClose: { if let folder { ScratchFolder.remove(folder) } }
                )
            )
        } catch {
            throw ReaderWriterErrors.mapped(error, path: nil, keyGiven: false)
        }
    }

    /// Waits for running units of work, closes every connection (a pool first puts the journal mode back), and
    /// removes a private copy or sample folder.
    ///
    /// - Throws: ``PersistenceError/busy(path:)`` when a pool cannot put the journal mode back because another
    ///   connection has the file open (the connections are closed anyway).
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
