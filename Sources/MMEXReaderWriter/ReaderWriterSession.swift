import Foundation
import MMEXModel
import MMEXSessionSupport
import PersistenceSession
import ReaderWriterDriver
import SQLiteEngine
import Synchronization

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
/// ``QueueSession`` and ``PoolSession``.
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
public final class ReaderWriterSession<Store: ReaderWriterStore>: PersistenceSession {
    public static var driver: DriverKind { Store.sessionDriver }

    public let location: SessionLocation
    public let access: SessionAccess
    private let store: Store
    private let configuration: SessionConfiguration
    private let keyGiven: Bool
    /// The private copy a read-only session may read, or the sample's folder: removed on close.
    private let cleanup: @Sendable () -> Void
    private let isClosedFlag = Mutex(false)

    private init(
        store: Store, location: SessionLocation, access: SessionAccess, configuration: SessionConfiguration,
        keyGiven: Bool, cleanup: @escaping @Sendable () -> Void
    ) {
        self.store = store
        self.location = location
        self.access = access
        self.configuration = configuration
        self.keyGiven = keyGiven
        self.cleanup = cleanup
    }

    deinit {
        try? store.close()
        cleanup()
    }

    private var path: String? {
        if case .file(let path) = location { return path }
        return nil
    }

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
        var driverConfiguration = Configuration()
        driverConfiguration.label = "MMEX \(Store.sessionDriver)"
        driverConfiguration.foreignKeysEnabled = false
        driverConfiguration.vfs = SessionKey.vfsName(for: sessionKey)
        driverConfiguration.readonly = access == .readOnly
        driverConfiguration.prepareDatabase { db in
            try db.withEngineConnection { engine in
                try sessionKey?.apply(to: engine, path: path)
                try MMEXFileCheck.verify(engine, path: path, keyGiven: keyGiven)
            }
        }
        var source: ReadOnlySource?
        do {
            if access == .readOnly {
                source = try ReadOnlySource.prepare(path: path, probe: probe, key: sessionKey)
            }
            let store = try Store.openStore(path: source?.uri ?? path, configuration: driverConfiguration)
            let opened = source
            return ReaderWriterSession(
                store: store, location: .file(path: path), access: access, configuration: configuration,
                keyGiven: keyGiven, cleanup: { opened?.discard() }
            )
        } catch {
            source?.discard()
            throw ReaderWriterErrors.mapped(error, path: path, keyGiven: keyGiven)
        }
    }

    public static func openInMemorySample(configuration: SessionConfiguration) throws -> ReaderWriterSession<Store> {
        var driverConfiguration = Configuration()
        driverConfiguration.label = "MMEX \(Store.sessionDriver) sample"
        driverConfiguration.foreignKeysEnabled = false
        do {
            let (store, location, folder) = try Store.openSample(configuration: driverConfiguration)
            return ReaderWriterSession(
                store: store, location: location, access: .readWrite, configuration: configuration, keyGiven: false,
                cleanup: { if let folder { try? FileManager.default.removeItem(at: folder) } }
            )
        } catch {
            throw ReaderWriterErrors.mapped(error, path: nil, keyGiven: false)
        }
    }

    public var isClosed: Bool { isClosedFlag.withLock { $0 } }

    /// Waits for running units of work, closes every connection (a pool first puts the journal mode back), and
    /// removes a private copy or sample folder.
    ///
    /// - Throws: ``PersistenceError/busy(path:)`` when a pool cannot put the journal mode back because another
    ///   connection has the file open (the connections are closed anyway).
    public func close() throws {
        let first = isClosedFlag.withLock { closed in
            defer { closed = true }
            return !closed
        }
        guard first else { return }
        defer { cleanup() }
        do {
            try store.close()
        } catch {
            throw ReaderWriterErrors.mapped(error, path: path, keyGiven: keyGiven)
        }
    }

    private func checkOpen() throws {
        if isClosed { throw PersistenceError.closed }
    }

    // MARK: Units of work

    public func read<T>(_ work: (any MMEXReadContext) throws -> T) throws -> T {
        try checkOpen()
        do {
            return try store.read { db in
                let unit = unit(db)
                defer { unit.scope.end() }
                return try work(ReaderWriterReadContext(unit: unit))
            }
        } catch {
            throw ReaderWriterErrors.mapped(error, path: path, keyGiven: keyGiven)
        }
    }

    public func write<T>(_ work: (any MMEXWriteContext) throws -> T) throws -> T {
        try checkOpen()
        if access == .readOnly { throw SessionErrors.readOnlySession(path: path) }
        let scope = UnitScope()
        defer { detachImportSources(of: scope) }
        do {
            return try store.write { db in
                let unit = unit(db, scope: scope)
                defer { unit.scope.end() }
                return try work(ReaderWriterWriteContext(unit: unit))
            }
        } catch {
            throw ReaderWriterErrors.mapped(error, path: path, keyGiven: keyGiven)
        }
    }

    /// The unit of work for a `db` handle; its scope ends when the driver's closure returns (the handle's life).
    private func unit(_ db: Database, scope: UnitScope = UnitScope()) -> ReaderWriterUnit {
        ReaderWriterUnit(db: db, scope: scope, minter: configuration.minter, path: path, keyGiven: keyGiven)
    }

    /// Detaches the import sources a write unit attached, once its transaction ended (SQLite refuses while it runs).
    private func detachImportSources(of scope: UnitScope) {
        let schemas = scope.attachedSchemas
        guard !schemas.isEmpty else { return }
        _ = try? store.writeWithoutTransaction { db in
            for schema in schemas { try? db.execute(sql: "DETACH DATABASE \(quoteIdentifier(schema))") }
        }
    }
}
