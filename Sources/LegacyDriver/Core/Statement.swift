import SQLiteEngine

/// A compiled raw-SQL statement: bind values, run it, read its rows as values or through a ``RowCursor``.
///
/// Made by ``Connection/prepare(_:_:)-(String,(any Value)?...)``; owned by the caller (not cached).
///
/// `Sendable` is unchecked: every bind, step and read of its engine statement holds the connection's lock (it can
/// travel in SQLite.swift's `Result.error(message:code:statement:)`).
public final class Statement: @unchecked Sendable {
    /// The engine statement underneath.
    public let handle: EngineStatement
    /// The connection it runs on.
    public let connection: Connection
    /// The last row ``next()`` returned; its buffer is reused for the next row when the caller no longer holds it
    /// (copy on write otherwise). Guarded by the connection's lock, which already makes every access exclusive:
    /// the runtime's own check (two calls a row) is left out.
    @exclusivity(unchecked) private var rowBuffer: [SQLiteValue] = []
    /// Whether `rowBuffer` holds a TEXT or BLOB value (which overwriting it must release).
    @exclusivity(unchecked) private var rowBufferHoldsReferences = false

    /// The connection's lock (held by every use of the handle), kept here so a step does not go through the connection.
    private let lock: ConnectionLock

    init(handle: EngineStatement, connection: Connection) {
        self.handle = handle
        self.connection = connection
        lock = connection.lock
    }

    /// The SQL text.
    public var sql: String { handle.sql }

    /// How many columns its rows have.
    public var columnCount: Int { Int(handle.columnCount) }

    /// The columns' names, as SQLite reports them.
    public var columnNames: [String] { handle.columnNames }

    // MARK: Binding

    /// Resets the statement, clears old values and binds new ones to `?` placeholders in order.
    @discardableResult
    public func bind(_ values: (any Value)?...) throws(LegacyError) -> Statement { try bind(values) }

    /// ``bind(_:)-((any Value)?...)`` from an array.
    @discardableResult
    public func bind(_ values: [(any Value)?]) throws(LegacyError) -> Statement {
        try connection.lock.sync { () throws(LegacyError) in
            handle.reset()
            handle.clearBindings()
            try connection.bind(values.map { $0?.boundValue ?? .null }, to: handle, sql: sql)
        }
        return self
    }

    /// Resets the statement and binds named values (`:name`, `@name`, `$name`; the key may omit the prefix).
    @discardableResult
    public func bind(_ values: [String: (any Value)?]) throws(LegacyError) -> Statement {
        let converted = values.mapValues { $0?.boundValue ?? .null }
        try connection.lockedCall { () throws(SQLiteError) in
            handle.reset()
            handle.clearBindings()
            try handle.bind(named: converted)
        }
        return self
    }

    // MARK: Running

    /// Binds the values (when given), runs the statement to its end and discards any rows.
    @discardableResult
    public func run(_ values: (any Value)?...) throws(LegacyError) -> Statement { try run(values) }

    /// ``run(_:)-((any Value)?...)`` from an array.
    @discardableResult
    public func run(_ values: [(any Value)?]) throws(LegacyError) -> Statement {
        try connection.lock.sync { () throws(LegacyError) in
            if values.isEmpty { handle.reset() } else { try bind(values) }
            try sqliteCall { () throws(SQLiteError) in while try handle.step() {} }
            handle.reset()
        }
        return self
    }

    /// Runs with named values.
    @discardableResult
    public func run(_ values: [String: (any Value)?]) throws(LegacyError) -> Statement {
        try connection.lock.sync { () throws(LegacyError) in
            try bind(values)
            try sqliteCall { () throws(SQLiteError) in while try handle.step() {} }
            handle.reset()
        }
        return self
    }

    /// Binds the values (when given), runs the statement and returns the first column of its first row; `nil` for
    /// NULL or no row.
    public func scalar(_ values: (any Value)?...) throws(LegacyError) -> Binding? { try scalarValue(values)?.binding }

    /// ``scalar(_:)-((any Value)?...)`` from an array.
    public func scalar(_ values: [(any Value)?]) throws(LegacyError) -> Binding? { try scalarValue(values)?.binding }

    /// ``scalar(_:)-((any Value)?...)`` as the engine's value (`nil` for NULL or no row).
    public func scalarValue(_ values: [(any Value)?] = []) throws(LegacyError) -> SQLiteValue? {
        try connection.lock.sync { () throws(LegacyError) -> SQLiteValue? in
            if values.isEmpty { handle.reset() } else { try bind(values) }
            defer { handle.reset() }
            guard try sqliteCall({ () throws(SQLiteError) in try handle.step() }) else { return nil }
            let value = handle.value(at: 0)
            return value == .null ? nil : value
        }
    }

    // MARK: Rows

    /// The next row's values, or `nil` after the last row.
    public func next() throws(LegacyError) -> [SQLiteValue]? {
        // Not `lock.sync`: its closure would cost a call and a retain of the connection a row.
        lock.lock()
        defer { lock.unlock() }
        let more: Bool
        do { more = try handle.step() } catch { throw .sqlite(error) }
        guard more else { return nil }
        let count = Int(handle.columnCount)
        if rowBuffer.count != count {
            rowBuffer = Array(repeating: .null, count: count)
            rowBufferHoldsReferences = false
        }
        rowBuffer.withUnsafeMutableBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return }
            rowBufferHoldsReferences = handle.copyRow(into: start, count: count, replacing: rowBufferHoldsReferences)
        }
        return rowBuffer
    }

    /// The next row as SQLite.swift gives it (`Int64`, `Double`, `String`, ``Blob``, `nil` for NULL), or `nil`
    /// after the last row.
    public func failableNext() throws(LegacyError) -> [Binding?]? { try next()?.map(\.binding) }

    /// Every remaining row's values.
    public func allValues() throws(LegacyError) -> [[SQLiteValue]] {
        var rows: [[SQLiteValue]] = []
        while let row = try next() { rows.append(row) }
        return rows
    }
}
