/// A compiled SQL statement: bind, step, read columns, reset.
///
/// Owned by one thread at a time, like its connection. Finalized when released.
public final class EngineStatement {
    /// The connection it runs on (kept alive by the statement).
    public let connection: EngineConnection
    /// The `sqlite3_stmt*` handle.
    public let handle: OpaquePointer
    @usableFromInline let api: SQLiteAPI
    init(connection: EngineConnection, handle: OpaquePointer) {
        self.connection = connection
        self.handle = handle
        self.api = connection.api
    }

    deinit { _ = api.finalize(handle) }

    /// The SQL text it was compiled from.
    public var sql: String { api.sql(handle).map { String(cString: $0) } ?? "" }

    /// Whether the statement leaves the database unchanged.
    public var isReadOnly: Bool { api.stmtReadonly(handle) != 0 }

    // MARK: Binding

    /// How many `?`, `?NNN`, `:name` parameters the statement has.
    public var parameterCount: Int32 { api.bindParameterCount(handle) }

    /// The 1-based index of a named parameter (`:name`, `@name`, `$name`, with its prefix), or `nil`.
    public func parameterIndex(_ name: String) -> Int32? {
        let index = name.withCString { api.bindParameterIndex(handle, $0) }
        return index == 0 ? nil : index
    }

    @usableFromInline
    func checkBind(_ rc: Int32) throws(SQLiteError) {
        if rc != ResultCode.ok { throw connection.lastError(sql: sql) }
    }

    /// Binds an integer to a parameter.
    ///
    /// - Parameters:
    ///   - value: The value, stored as INTEGER.
    ///   - index: The 1-based parameter index (see ``parameterIndex(_:)`` for a named one).
    /// - Throws: ``SQLiteError`` (`SQLITE_RANGE`) when the index is out of range, or `SQLITE_MISUSE` while the
    ///   statement is running (call ``reset()`` first).
    @inlinable
    public func bind(_ value: Int64, at index: Int32) throws(SQLiteError) {
        try checkBind(api.bindInt64(handle, index, value))
    }

    /// Binds a double to a parameter.
    ///
    /// - Parameters:
    ///   - value: The value, stored as REAL.
    ///   - index: The 1-based parameter index.
    /// - Throws: ``SQLiteError`` when the index is out of range or the statement is running.
    @inlinable
    public func bind(_ value: Double, at index: Int32) throws(SQLiteError) {
        try checkBind(api.bindDouble(handle, index, value))
    }

    /// Binds text to a parameter; SQLite copies the bytes, so `value` need not outlive the call.
    ///
    /// - Parameters:
    ///   - value: The text, bound as UTF-8. An empty string binds empty TEXT, never NULL.
    ///   - index: The 1-based parameter index.
    /// - Throws: ``SQLiteError`` when the index is out of range, the text is too big, or the statement is running.
    @inlinable
    public func bind(_ value: String, at index: Int32) throws(SQLiteError) {
        var text = value
        let rc = text.withUTF8 { buffer in
            guard let base = buffer.baseAddress else {
                // An empty string is still TEXT, never NULL: bind a zero-length run of a valid C string.
                return "".withCString { api.bindText(handle, index, $0, 0, transientDestructor) }
            }
            return UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                api.bindText(handle, index, $0, Int32(buffer.count), transientDestructor)
            }
        }
        try checkBind(rc)
    }

    /// Binds bytes to a parameter as a BLOB; SQLite copies them.
    ///
    /// - Parameters:
    ///   - bytes: The bytes. An empty array binds a zero-length BLOB, never NULL.
    ///   - index: The 1-based parameter index.
    /// - Throws: ``SQLiteError`` when the index is out of range, the blob is too big, or the statement is running.
    @inlinable
    public func bind(blob bytes: [UInt8], at index: Int32) throws(SQLiteError) {
        let rc = bytes.withUnsafeBytes { buffer in
            // A zero-length blob must still be a blob, not NULL: pass a non-nil pointer.
            api.bindBlob(handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(buffer.count),
                         transientDestructor)
        }
        try checkBind(rc)
    }

    /// Binds NULL to a parameter.
    ///
    /// - Parameter index: The 1-based parameter index.
    /// - Throws: ``SQLiteError`` when the index is out of range or the statement is running.
    @inlinable
    public func bindNull(at index: Int32) throws(SQLiteError) {
        try checkBind(api.bindNull(handle, index))
    }

    /// Binds one value of any storage class.
    @inlinable
    public func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        switch value {
        case .null: try bindNull(at: index)
        case .integer(let v): try bind(v, at: index)
        case .real(let v): try bind(v, at: index)
        case .text(let v): try bind(v, at: index)
        case .blob(let v): try bind(blob: v, at: index)
        }
    }

    /// Binds positional arguments to parameters 1...n.
    public func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds named arguments (keys with or without their `:`, `@` or `$` prefix).
    public func bind(named values: [String: SQLiteValue]) throws(SQLiteError) {
        for (name, value) in values {
            let candidates = name.first.map { ":@$".contains($0) } == true ? [name] : [":" + name, "@" + name, "$" + name]
            guard let index = candidates.lazy.compactMap({ self.parameterIndex($0) }).first else {
                throw SQLiteError(extendedCode: ResultCode.range, message: "no parameter named \(name)", sql: sql)
            }
            try bind(value, at: index)
        }
    }

    /// Clears every binding back to NULL.
    public func clearBindings() { _ = api.clearBindings(handle) }

    // MARK: Stepping

    /// Advances to the next row. Returns `true` when a row is available, `false` when the statement is done.
    ///
    /// Small enough to inline into a driver's row loop: the codes are literals (`ResultCode`'s statics would be read
    /// through an accessor from another module) and the failure is made out of line.
    @inlinable @inline(__always)
    public func step() throws(SQLiteError) -> Bool {
        let rc = api.step(handle)
        if rc == 100 { return true }  // SQLITE_ROW
        if rc == 101 { return false }  // SQLITE_DONE
        throw stepFailure()
    }

    /// The error of a failed step, the statement reset (its sticky error cleared).
    @usableFromInline @inline(never)
    func stepFailure() -> SQLiteError {
        _ = api.reset(handle)
        return connection.lastError(sql: sql)
    }

    /// Rewinds the statement so it can run again; bindings stay.
    @inlinable
    public func reset() { _ = api.reset(handle) }

    // MARK: Columns

    /// How many columns a row has.
    public var columnCount: Int32 { api.columnCount(handle) }

    /// The name of a column (0-based), as the query names it.
    public func columnName(_ index: Int32) -> String {
        api.columnName(handle, index).map { String(cString: $0) } ?? ""
    }

    /// Every column name, in order.
    public var columnNames: [String] { (0..<columnCount).map(columnName) }

    /// The declared type of a column that is a table column (`nil` for an expression).
    public func columnDeclaredType(_ index: Int32) -> String? {
        api.columnDecltype(handle, index).map { String(cString: $0) }
    }

    /// The storage class of a column in the current row.
    @inlinable
    public func storageClass(at index: Int32) -> StorageClass {
        StorageClass(rawValue: api.columnType(handle, index)) ?? .null
    }

    /// Whether a column (0-based) of the current row is NULL. Read it before any typed accessor, which may convert
    /// the value.
    @inlinable
    public func isNull(at index: Int32) -> Bool { api.columnType(handle, index) == StorageClass.null.rawValue }

    /// A column (0-based) of the current row as an integer, converted by SQLite's rules: NULL is 0, a real is
    /// truncated, text is parsed from its leading digits (0 when it has none).
    @inlinable
    public func int64(at index: Int32) -> Int64 { api.columnInt64(handle, index) }

    /// A column (0-based) of the current row as a double, converted by SQLite's rules: NULL is 0.0, text is parsed
    /// from its leading number (0.0 when it has none).
    @inlinable
    public func double(at index: Int32) -> Double { api.columnDouble(handle, index) }

    /// A column (0-based) of the current row as text: NULL gives the empty string (use ``isNull(at:)`` to tell them
    /// apart), a number its SQL text, a blob its bytes decoded as UTF-8 with invalid sequences repaired.
    @inlinable
    public func string(at index: Int32) -> String {
        guard let text = api.columnText(handle, index) else { return "" }
        let count = Int(api.columnBytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// A column (0-based) of the current row as bytes: NULL and a zero-length blob both give `[]`, text its UTF-8
    /// bytes, a number the bytes of its SQL text.
    @inlinable
    public func blob(at index: Int32) -> [UInt8] {
        guard let bytes = api.columnBlob(handle, index) else { return [] }
        let count = Int(api.columnBytes(handle, index))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// Copies the first `count` columns of the current row into `values`, each as ``value(at:)`` reads it, and
    /// returns whether any is TEXT or BLOB (a value holding a reference).
    ///
    /// For drivers that copy a whole row out at each step (SQLite.swift's model). `replacing`: `values` holds values
    /// to release as they are overwritten; otherwise it is uninitialized memory or holds only numbers and NULLs,
    /// which are simply overwritten (no release, no outlined destroy of the old value).
    public func copyRow(into values: UnsafeMutablePointer<SQLiteValue>, count: Int, replacing: Bool) -> Bool {
        // The old values are released in one pass first, so the copy loop only initializes: per column, one
        // column lookup, its storage class and, for a number, its payload (the calls read from locals, not `api`).
        // The switch is ``value(at:)``'s, written out to initialize each case in place: calling `value(at:)` and
        // switching again for `references` costs a fetch about 1.5% more instructions (`.ci/bench-callgrind`).
        if replacing { values.deinitialize(count: count) }
        let columnValue = api.columnValue, valueType = api.valueType
        let valueInt64 = api.valueInt64, valueDouble = api.valueDouble
        var references = false
        var slot = values
        var index: Int32 = 0
        let end = Int32(truncatingIfNeeded: count)
        while index < end {
            let value = columnValue(handle, index)
            switch valueType(value) {
            case StorageClass.integer.rawValue: slot.initialize(to: .integer(valueInt64(value)))
            case StorageClass.real.rawValue: slot.initialize(to: .real(valueDouble(value)))
            case StorageClass.text.rawValue:
                slot.initialize(to: .text(string(of: value)))
                references = true
            case StorageClass.blob.rawValue:
                slot.initialize(to: .blob(blob(of: value)))
                references = true
            default: slot.initialize(to: .null)
            }
            slot += 1
            index &+= 1
        }
        return references
    }

    /// The column's value in its own storage class.
    ///
    /// The column is located once (`sqlite3_column_value`) for its storage class and its value, read from that
    /// `sqlite3_value*`: half the lookups of `sqlite3_column_type` followed by `sqlite3_column_int64`, a third of
    /// those of `sqlite3_column_type`, `sqlite3_column_text` and `sqlite3_column_bytes`.
    @inlinable
    public func value(at index: Int32) -> SQLiteValue {
        let value = api.columnValue(handle, index)
        switch api.valueType(value) {
        case StorageClass.integer.rawValue: return .integer(api.valueInt64(value))
        case StorageClass.real.rawValue: return .real(api.valueDouble(value))
        case StorageClass.text.rawValue: return .text(string(of: value))
        case StorageClass.blob.rawValue: return .blob(blob(of: value))
        default: return .null
        }
    }

    /// A column's `sqlite3_value*` (from `sqlite3_column_value`) as text: read from the value itself, without
    /// locating the column again as `sqlite3_column_text` and `sqlite3_column_bytes` would (twice).
    @inlinable
    func string(of value: OpaquePointer?) -> String {
        guard let text = api.valueText(value) else { return "" }
        let count = Int(api.valueBytes(value))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// A column's `sqlite3_value*` as bytes, read from the value itself (see ``string(of:)``).
    @inlinable
    func blob(of value: OpaquePointer?) -> [UInt8] {
        guard let bytes = api.valueBlob(value) else { return [] }
        let count = Int(api.valueBytes(value))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }
}

/// `SQLITE_TRANSIENT`: SQLite copies the bound bytes before the call returns.
@usableFromInline
nonisolated(unsafe) let transientDestructor = unsafeBitCast(-1, to: SQLiteAPI.Destructor.self)
