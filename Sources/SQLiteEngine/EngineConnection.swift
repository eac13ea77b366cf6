/// One open SQLite connection: the C API made safe for Swift.
///
/// Not thread-safe and deliberately not `Sendable`: an owner (a driver's queue, pool or retained connection)
/// serializes every access to it. Statements prepared on it keep it alive; it closes when the last reference goes
/// (or explicitly with ``close()``).
public final class EngineConnection {
    /// The library that opened this connection; every call goes through it.
    public let library: SQLiteLibrary
    /// The `sqlite3*` handle, for the C calls the engine does not wrap.
    /// (Unchecked exclusivity: the connection's one owner at a time reads it on every call and clears it only in
    /// ``close()``; the run-time check cost a call per read and guarded nothing that owner does not.)
    @exclusivity(unchecked) public private(set) var handle: OpaquePointer?
    /// The path or URI it was opened with.
    public let path: String
    @usableFromInline let api: SQLiteAPI
    /// Closures registered as update/commit/rollback hooks (see `EngineHooks.swift`), kept alive here until they
    /// are replaced or the connection is released (after SQLite has closed it).
    var hookBoxes: [String: AnyObject] = [:]
    /// A rewrite of the statements the drivers prepare on this connection (``driverSQL(_:)``). Set only through a
    /// session's configuration, by the test machinery that plants a change into one session's statements, in the
    /// connection's preparation before it runs anything; `nil` (statements as written) everywhere else. Per
    /// connection, so a planted change never reaches another session, test or driver.
    package var statementRewrite: StatementRewrite?

    /// Opens a database.
    ///
    /// - Parameters:
    ///   - path: a file path, `":memory:"` for a private in-memory database, or a `file:` URI with `options.uri`.
    ///   - options: access mode, URI, VFS, threading.
    ///   - library: the SQLite library to open it with.
    /// - Throws: ``SQLiteError`` when SQLite cannot open it (for example `SQLITE_CANTOPEN` for a missing file).
    public init(path: String, options: OpenOptions = .readWrite, library: SQLiteLibrary = .system) throws(SQLiteError) {
        self.library = library
        self.api = library.api
        self.path = path
        var db: OpaquePointer?
        let rc = path.withCString { cPath in
            if let vfs = options.vfs {
                return vfs.withCString { api.openV2(cPath, &db, options.flags, $0) }
            }
            return api.openV2(cPath, &db, options.flags, nil)
        }
        guard rc == ResultCode.ok, let db else {
            let message = db.flatMap { api.errmsg($0) }.map { String(cString: $0) }
                ?? api.errstr(rc).map { String(cString: $0) } ?? "cannot open"
            let extended = db.map { api.extendedErrcode($0) } ?? rc
            if let db { _ = api.closeV2(db) }
            throw SQLiteError(extendedCode: extended, message: "\(message): \(path)")
        }
        _ = api.extendedResultCodes(db, 1)
        self.handle = db
    }

    deinit {
        if let handle { _ = api.closeV2(handle) }
    }

    /// Closes the connection. Statements still alive are finalized by SQLite when they are released.
    public func close() {
        if let handle { _ = api.closeV2(handle) }
        handle = nil
    }

    /// Whether ``close()`` has been called.
    public var isClosed: Bool { handle == nil }

    /// The error SQLite last reported on this connection, as a typed error.
    public func lastError(sql: String? = nil) -> SQLiteError {
        guard let handle else { return SQLiteError(extendedCode: ResultCode.misuse, message: "connection is closed", sql: sql) }
        let message = api.errmsg(handle).map { String(cString: $0) } ?? "unknown error"
        return SQLiteError(extendedCode: api.extendedErrcode(handle), message: message, sql: sql)
    }

    @usableFromInline
    func check(_ rc: Int32, sql: String? = nil) throws(SQLiteError) {
        if rc != ResultCode.ok { throw lastError(sql: sql) }
    }

    @usableFromInline
    func openHandle(sql: String?) throws(SQLiteError) -> OpaquePointer {
        guard let handle else {
            throw SQLiteError(extendedCode: ResultCode.misuse, message: "connection is closed", sql: sql)
        }
        return handle
    }

    /// Compiles one statement.
    public func prepare(_ sql: String) throws(SQLiteError) -> EngineStatement {
        let db = try openHandle(sql: sql)
        var stmt: OpaquePointer?
        let rc = sql.withCString { api.prepareV2(db, $0, -1, &stmt, nil) }
        guard rc == ResultCode.ok else { throw lastError(sql: sql) }
        guard let stmt else {
            throw SQLiteError(extendedCode: ResultCode.misuse, message: "no statement in SQL text", sql: sql)
        }
        return EngineStatement(connection: self, handle: stmt)
    }

    /// Runs every statement of an SQL script, one after another, discarding rows.
    public func execute(_ sql: String) throws(SQLiteError) {
        let db = try openHandle(sql: sql)
        var utf8 = Array(sql.utf8CString)
        try utf8.withUnsafeMutableBufferPointer { (buffer) throws(SQLiteError) in
            guard var cursor = UnsafePointer(buffer.baseAddress) else { return }
            while cursor.pointee != 0 {
                var stmt: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let rc = api.prepareV2(db, cursor, -1, &stmt, &tail)
                guard rc == ResultCode.ok else {
                    // A statement that did not compile has no tail: name the text up to its first semicolon.
                    let rest = String(cString: cursor)
                    let failing = rest.firstIndex(of: ";").map { String(rest[...$0]) } ?? rest
                    throw lastError(sql: failing.trimmedSQL)
                }
                let consumed = tail.map { cursor.distance(to: $0) } ?? 0
                let statementText = String(decoding: UnsafeRawBufferPointer(start: cursor, count: consumed), as: UTF8.self)
                if let stmt {
                    var stepRC: Int32
                    repeat { stepRC = api.step(stmt) } while stepRC == ResultCode.row
                    _ = api.finalize(stmt)
                    if stepRC != ResultCode.done { throw lastError(sql: statementText.trimmedSQL) }
                }
                guard let tail, tail != cursor else { break }
                cursor = tail
            }
        }
    }

    /// Runs one statement with arguments and discards its rows.
    public func run(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        while try statement.step() {}
    }

    /// The first column of the first row of a query, or `nil` when it returns no row.
    public func scalar(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) -> SQLiteValue? {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        guard try statement.step() else { return nil }
        let value = statement.value(at: 0)
        // A statement that writes in autocommit mode and returns a row (`PRAGMA journal_mode = WAL`, `INSERT ...
        // RETURNING`) commits when it is reset: a failed commit (an I/O error, a full disk) must reach the caller,
        // not be dropped with the statement.
        guard api.reset(statement.handle) == ResultCode.ok else { throw lastError(sql: sql) }
        return value
    }

    /// Every row of a query, as values.
    public func rows(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        var rows: [[SQLiteValue]] = []
        let count = statement.columnCount
        while try statement.step() {
            rows.append((0..<count).map { statement.value(at: $0) })
        }
        return rows
    }

    /// Rows modified by the last INSERT, UPDATE or DELETE.
    public var changes: Int { handle.map { Int(api.changes($0)) } ?? 0 }
    /// Rows modified since the connection opened.
    public var totalChanges: Int { handle.map { Int(api.totalChanges($0)) } ?? 0 }
    /// The rowid of the last successful INSERT.
    public var lastInsertRowid: Int64 { handle.map { api.lastInsertRowid($0) } ?? 0 }
    /// Whether no transaction is open.
    public var isAutocommit: Bool { handle.map { api.getAutocommit($0) != 0 } ?? true }

    /// Sets how long SQLite retries a locked database before it reports `SQLITE_BUSY` (0 turns retrying off).
    public func setBusyTimeout(milliseconds: Int32) throws(SQLiteError) {
        let db = try openHandle(sql: nil)
        try check(api.busyTimeout(db, milliseconds))
    }

    /// Interrupts a statement running on this connection (callable from another thread).
    public func interrupt() {
        if let handle { api.interrupt(handle) }
    }

    /// Calls `sqlite3_file_control` on a schema's file (`"main"`, or an attached name).
    @discardableResult
    public func fileControl(
        database: String = "main", operation: Int32, argument: UnsafeMutableRawPointer?
    ) throws(SQLiteError) -> Int32 {
        let db = try openHandle(sql: nil)
        return database.withCString { api.fileControl(db, $0, operation, argument) }
    }

    /// The value of a pragma, such as `journal_mode` or `page_size`.
    public func pragma(_ name: String, schema: String? = nil) throws(SQLiteError) -> SQLiteValue? {
        let prefix = schema.map { quoteIdentifier($0) + "." } ?? ""
        return try scalar("PRAGMA \(prefix)\(name)")
    }

    /// `PRAGMA user_version`: the schema version the app stores.
    public var userVersion: Int64 {
        get throws(SQLiteError) {
            if case .integer(let value)? = try scalar("PRAGMA user_version") { return value }
            return 0
        }
    }

    /// Sets `PRAGMA user_version`.
    public func setUserVersion(_ version: Int64) throws(SQLiteError) {
        try execute("PRAGMA user_version = \(version)")
    }
}

extension String {
    /// SQL text without surrounding white space, for error messages.
    var trimmedSQL: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }
}
