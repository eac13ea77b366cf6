/// A column of a statement's current row, fetched once and then inspected without further lookups.
///
/// Reading a column's storage class and then its value with `sqlite3_column_type` and `sqlite3_column_int64`
/// locates the column twice; fetching its `sqlite3_value*` once and asking it both questions halves that, which is
/// most of what a typed, checked read costs beyond the raw C API. The value is SQLite's own, "unprotected" (no
/// mutex): valid only on the connection's thread, and only until the statement steps, resets or is finalized.
public struct ColumnValueHandle {
    /// The `sqlite3_value*`.
    public let pointer: OpaquePointer?

    @inlinable
    init(pointer: OpaquePointer?) {
        self.pointer = pointer
    }
}

extension EngineStatement {
    /// The column's value in the current row, for ``storageClass(of:)``, ``int64(of:)`` and ``double(of:)``.
    @inlinable
    public func columnValue(at index: Int32) -> ColumnValueHandle {
        ColumnValueHandle(pointer: api.columnValue(handle, index))
    }

    /// The storage class of a column value.
    @inlinable
    public func storageClass(of value: ColumnValueHandle) -> StorageClass {
        StorageClass(rawValue: api.valueType(value.pointer)) ?? .null
    }

    /// A column value as a 64-bit integer (SQLite's conversion when it is not an INTEGER).
    @inlinable
    public func int64(of value: ColumnValueHandle) -> Int64 { api.valueInt64(value.pointer) }

    /// A column value as a double (SQLite's conversion when it is not a REAL).
    @inlinable
    public func double(of value: ColumnValueHandle) -> Double { api.valueDouble(value.pointer) }
}
