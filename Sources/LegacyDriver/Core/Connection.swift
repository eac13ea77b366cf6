import SQLiteCipher
import SQLiteEngine

/// One retained, synchronous connection to an SQLite database, in the style of SQLite.swift.
///
/// Open it on a file, a `file:` URI, in memory or as a temporary database; run query builders (``Table``) and raw
/// SQL on it; group writes with ``transaction(_:block:)`` and ``savepoint(_:block:)``.
///
/// A connection can be shared by several threads, as SQLite.swift's can: every call is serialized on the
/// connection's own lock (SQLite.swift uses a serial dispatch queue), a ``transaction(_:block:)`` or
/// ``savepoint(_:block:)`` holds the connection for its whole block, and calls made from inside such a block on the
/// same thread run at once (reentrant). Rows read from a cursor read SQLite's statement under the same lock.
/// Statements it compiles for query builders are cached by their SQL text and reused, so running the same query
/// shape again costs no re-compilation.
///
/// `Sendable` is unchecked: `lock` guards the statement caches, the busy timeout and every use of `engine` by the
/// driver. Code that uses ``engine`` directly from several threads must serialize itself.
public final class Connection: @unchecked Sendable {
    /// The engine connection underneath, for engine facilities (backup, file control, pragmas). ``key(_:db:)``
    /// and ``rekey(_:db:)`` replace it (reopening the file through the page codec), under `lock`.
    /// (Unchecked exclusivity: read on every call, written only by key/rekey holding `lock`; the run-time check,
    /// two calls per insert, guarded nothing the lock does not.)
    @exclusivity(unchecked) public internal(set) var engine: EngineConnection
    /// How the engine connection was opened, for reopening it through the page codec when keyed.
    let openOptions: OpenOptions
    let library: SQLiteLibrary
    /// The key the connection was keyed with (``key(_:db:)``), for ``rekey(_:db:)``; guarded by `lock`.
    var cipherKey: CipherKey?
    /// The `sqlite3*` handle, for C calls the driver does not wrap (`nil` once closed; SQLite.swift's is
    /// non-optional and traps after close). Calls made through it bypass the connection's lock.
    public var handle: OpaquePointer? { engine.handle }
    /// Whether the connection was opened read-only.
    public let readonly: Bool
    /// The location it was opened on.
    public let location: Location

    /// Serializes every call on the connection (see the type's documentation).
    @usableFromInline let lock = ConnectionLock()
    let statements = StatementCache()
    let inserts = InsertStatementCache()
    var busyTimeoutSeconds: Double = 0

    /// Opens a database as SQLite.swift does: read-write (creating the file when missing) or read-only, with URI
    /// file names understood.
    ///
    /// - Parameters:
    ///   - location: where the database is; by default a private in-memory one.
    ///   - readonly: open read-only (the file must exist).
    ///   - vfs: open through this VFS (the page codec's, for encrypted files), or the default one.
    ///   - library: the SQLite engine to open it with.
    ///   - prepare: runs on the new engine connection before any statement, for example to apply an
    ///     encryption key; an error it throws fails the open and is rethrown unchanged.
    /// - Throws: ``LegacyError`` when SQLite cannot open the database, or `prepare`'s error.
    public convenience init(
        _ location: Location = .inMemory, readonly: Bool = false, vfs: String? = nil,
        library: SQLiteLibrary = .system, prepare: ((EngineConnection) throws -> Void)? = nil
    ) throws {
        let options = OpenOptions(access: readonly ? .readOnly : .readWriteCreate, uri: true, vfs: vfs)
        try self.init(location, options: options, library: library, prepare: prepare)
    }

    /// Opens a database file by path (or `file:` URI), read-write (creating it) or read-only.
    public convenience init(
        _ filename: String, readonly: Bool = false, vfs: String? = nil, library: SQLiteLibrary = .system,
        prepare: ((EngineConnection) throws -> Void)? = nil
    ) throws {
        try self.init(.uri(filename), readonly: readonly, vfs: vfs, library: library, prepare: prepare)
    }

    /// Opens a database with explicit engine options (access mode, VFS, threading).
    ///
    /// URI file names are turned on when the location is a URI with parameters.
    public init(
        _ location: Location, options: OpenOptions, library: SQLiteLibrary = .system,
        prepare: ((EngineConnection) throws -> Void)? = nil
    ) throws {
        var options = options
        if case .uri(_, let parameters) = location, !parameters.isEmpty { options.uri = true }
        let opened: EngineConnection
        do {
            opened = try EngineConnection(path: location.description, options: options, library: library)
        } catch {
            throw LegacyError.sqlite(error)
        }
        try prepare?(opened)
        self.engine = opened
        self.openOptions = options
        self.library = library
        self.location = location
        self.readonly = options.access == .readOnly
    }

    /// Closes the connection now (it also closes when released). Cursors still open keep their statements alive
    /// until they are released; nothing can run on a closed connection.
    public func close() {
        lock.sync {
            statements.removeAll()
            inserts.removeAll()
            engine.close()
        }
    }

    // MARK: Changes

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { lock.sync { engine.changes } }

    /// Rows changed since the connection opened.
    public var totalChanges: Int { lock.sync { engine.totalChanges } }

    /// The rowid of the last successful INSERT on this connection (unchanged by an ignored or failed one).
    public var lastInsertRowid: Int64 { lock.sync { engine.lastInsertRowid } }

    /// Whether no transaction is open.
    public var isAutocommit: Bool { lock.sync { engine.isAutocommit } }

    /// Interrupts the statement running on this connection (callable from another thread).
    public func interrupt() { engine.interrupt() }

    // MARK: Statement reuse

    /// A compiled statement for the SQL, from the cache or newly prepared.
    func checkout(_ sql: String) throws(LegacyError) -> EngineStatement {
        try lock.sync { () throws(LegacyError) in
            if let cached = statements.take(sql) { return cached }
            return try sqliteCall { () throws(SQLiteError) in try self.engine.prepare(self.engine.driverSQL(sql)) }
        }
    }

    /// Gives a statement back for reuse (dropped once the connection is closed).
    func checkin(_ sql: String, _ statement: EngineStatement) {
        lock.sync {
            guard !engine.isClosed else { return }
            statements.put(sql, statement)
        }
    }
}

/// Compiled statements by SQL text. A statement is taken out while it runs (so a query nested in the iteration
/// of the same query gets a statement of its own) and put back when done.
final class StatementCache {
    private var statements: [String: EngineStatement] = [:]
    private let capacity = 64

    func take(_ sql: String) -> EngineStatement? {
        statements.removeValue(forKey: sql)
    }

    func put(_ sql: String, _ statement: EngineStatement) {
        statement.reset()
        if statements.count >= capacity { statements.removeAll(keepingCapacity: true) }
        if statements[sql] == nil { statements[sql] = statement }
    }

    func removeAll() { statements.removeAll() }
}
