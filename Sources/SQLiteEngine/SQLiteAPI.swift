import CSQLite

/// The part of the SQLite C API the toolkit calls, as a table of C function pointers.
///
/// Two SQLite libraries live in one process (the system libsqlite3 and Debian's SQLCipher, loaded at run time so
/// their symbols never collide). Every call the engine makes goes through the table of the library that opened the
/// connection, so memory a library returns is freed by that same library.
public struct SQLiteAPI: @unchecked Sendable {
    // @unchecked: an immutable table of C function pointers; nothing in it is ever mutated after creation.
    /// The destructor argument of `sqlite3_bind_text`/`sqlite3_bind_blob`: called on bound bytes once SQLite is
    /// done with them, or the special value `SQLITE_TRANSIENT` (-1) to make SQLite copy them first.
    public typealias Destructor = @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// `sqlite3_libversion`: the library's version string, such as `3.40.1`.
    public var libversion: @convention(c) () -> UnsafePointer<CChar>?
    /// `sqlite3_open_v2`: opens a connection (path, out-handle, flags, VFS name); a failed open usually still writes
    /// a handle, which must be closed.
    public var openV2: @convention(c) (
        UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?
    ) -> Int32
    /// `sqlite3_close_v2`: closes a connection, deferring the close until its last statement is finalized.
    public var closeV2: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_extended_result_codes`: turns extended result codes on (1) or off (0) for a connection.
    public var extendedResultCodes: @convention(c) (OpaquePointer?, Int32) -> Int32
    /// `sqlite3_errmsg`: the English message of the connection's most recent failure.
    public var errmsg: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    /// `sqlite3_errcode`: the primary result code of the connection's most recent failure.
    public var errcode: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_extended_errcode`: the extended result code of the connection's most recent failure.
    public var extendedErrcode: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_errstr`: the English description of a result code, independent of any connection.
    public var errstr: @convention(c) (Int32) -> UnsafePointer<CChar>?
    /// `sqlite3_prepare_v2`: compiles the first statement of SQL text (byte length, or -1 up to the NUL) and
    /// reports where the unused rest of the text starts.
    public var prepareV2: @convention(c) (
        OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?,
        UnsafeMutablePointer<UnsafePointer<CChar>?>?
    ) -> Int32
    /// `sqlite3_step`: runs a statement to its next row (`SQLITE_ROW`) or to its end (`SQLITE_DONE`).
    public var step: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_reset`: rewinds a statement so it can run again, keeping its bindings.
    public var reset: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_finalize`: destroys a statement.
    public var finalize: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_clear_bindings`: sets every parameter of a statement back to NULL.
    public var clearBindings: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_bind_int64`: binds a 64-bit integer to a 1-based parameter index.
    public var bindInt64: @convention(c) (OpaquePointer?, Int32, Int64) -> Int32
    /// `sqlite3_bind_double`: binds a double to a 1-based parameter index.
    public var bindDouble: @convention(c) (OpaquePointer?, Int32, Double) -> Int32
    /// `sqlite3_bind_text`: binds UTF-8 text (pointer, byte length) to a 1-based parameter index; the destructor
    /// says whether SQLite copies the bytes (`SQLITE_TRANSIENT`).
    public var bindText: @convention(c) (OpaquePointer?, Int32, UnsafePointer<CChar>?, Int32, Destructor?) -> Int32
    /// `sqlite3_bind_blob`: binds bytes (pointer, length) to a 1-based parameter index; a nil pointer binds
    /// NULL, not an empty blob.
    public var bindBlob: @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?, Int32, Destructor?) -> Int32
    /// `sqlite3_bind_null`: binds NULL to a 1-based parameter index.
    public var bindNull: @convention(c) (OpaquePointer?, Int32) -> Int32
    /// `sqlite3_bind_parameter_count`: the largest parameter index a statement uses.
    public var bindParameterCount: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_bind_parameter_index`: the index of a named parameter (with its prefix), or 0 when none.
    public var bindParameterIndex: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    /// `sqlite3_bind_parameter_name`: the name of a 1-based parameter, or nil for a nameless `?`.
    public var bindParameterName: @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?
    /// `sqlite3_column_count`: how many columns the statement's rows have.
    public var columnCount: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_column_name`: the name of a 0-based result column.
    public var columnName: @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?
    /// `sqlite3_column_decltype`: the declared type of a 0-based result column, or nil for an expression.
    public var columnDecltype: @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?
    /// `sqlite3_column_type`: the storage class code (``StorageClass`` raw value) of a column of the current row.
    public var columnType: @convention(c) (OpaquePointer?, Int32) -> Int32
    /// `sqlite3_column_int64`: a column of the current row as a 64-bit integer.
    public var columnInt64: @convention(c) (OpaquePointer?, Int32) -> Int64
    /// `sqlite3_column_double`: a column of the current row as a double.
    public var columnDouble: @convention(c) (OpaquePointer?, Int32) -> Double
    /// `sqlite3_column_text`: a column of the current row as UTF-8 text, valid until the next step, reset or
    /// type conversion of that column.
    public var columnText: @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<UInt8>?
    /// `sqlite3_column_blob`: a column of the current row as bytes (nil for an empty blob or NULL).
    public var columnBlob: @convention(c) (OpaquePointer?, Int32) -> UnsafeRawPointer?
    /// `sqlite3_column_bytes`: the length in bytes of a column's text or blob, read after `columnText`/`columnBlob`.
    public var columnBytes: @convention(c) (OpaquePointer?, Int32) -> Int32
    /// `sqlite3_column_value`: the unprotected `sqlite3_value*` of a column of the current row.
    public var columnValue: @convention(c) (OpaquePointer?, Int32) -> OpaquePointer?
    /// `sqlite3_value_type`: the storage class code of a `sqlite3_value*`.
    public var valueType: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_value_int64`: a `sqlite3_value*` as a 64-bit integer.
    public var valueInt64: @convention(c) (OpaquePointer?) -> Int64
    /// `sqlite3_value_double`: a `sqlite3_value*` as a double.
    public var valueDouble: @convention(c) (OpaquePointer?) -> Double
    /// `sqlite3_value_text`: a `sqlite3_value*` as UTF-8 text (nil for NULL).
    public var valueText: @convention(c) (OpaquePointer?) -> UnsafePointer<UInt8>?
    /// `sqlite3_value_blob`: a `sqlite3_value*` as bytes (nil for an empty blob or NULL).
    public var valueBlob: @convention(c) (OpaquePointer?) -> UnsafeRawPointer?
    /// `sqlite3_value_bytes`: the length in bytes of a value's text or blob, read after `valueText`/`valueBlob`.
    public var valueBytes: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_changes`: the rows changed by the connection's most recent INSERT, UPDATE or DELETE.
    public var changes: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_total_changes`: the rows changed since the connection opened.
    public var totalChanges: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_last_insert_rowid`: the rowid of the connection's most recent successful INSERT.
    public var lastInsertRowid: @convention(c) (OpaquePointer?) -> Int64
    /// `sqlite3_busy_timeout`: retries a locked database for up to the given milliseconds (0 removes it).
    public var busyTimeout: @convention(c) (OpaquePointer?, Int32) -> Int32
    /// `sqlite3_get_autocommit`: non-zero when the connection is outside an explicit transaction.
    public var getAutocommit: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_interrupt`: makes the connection's running statements stop with `SQLITE_INTERRUPT`; callable from
    /// any thread.
    public var interrupt: @convention(c) (OpaquePointer?) -> Void
    /// `sqlite3_file_control`: sends a file-control opcode to the VFS file of the named database.
    public var fileControl: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutableRawPointer?) -> Int32
    /// `sqlite3_stmt_readonly`: non-zero when a statement makes no direct change to the database file.
    public var stmtReadonly: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_sql`: the SQL text a statement was compiled from.
    public var sql: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    /// `sqlite3_backup_init`: starts an online backup from a source connection's database (last two arguments)
    /// into a destination connection's database (first two); nil on failure.
    public var backupInit: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    /// `sqlite3_backup_step`: copies up to the given number of pages (-1: all); `SQLITE_DONE` when finished.
    public var backupStep: @convention(c) (OpaquePointer?, Int32) -> Int32
    /// `sqlite3_backup_finish`: releases a backup and returns its first error, if any.
    public var backupFinish: @convention(c) (OpaquePointer?) -> Int32

    /// The table for the system libsqlite3, linked normally.
    static let system = SQLiteAPI(
        libversion: sqlite3_libversion,
        openV2: sqlite3_open_v2,
        closeV2: sqlite3_close_v2,
        extendedResultCodes: sqlite3_extended_result_codes,
        errmsg: sqlite3_errmsg,
        errcode: sqlite3_errcode,
        extendedErrcode: sqlite3_extended_errcode,
        errstr: sqlite3_errstr,
        prepareV2: sqlite3_prepare_v2,
        step: sqlite3_step,
        reset: sqlite3_reset,
        finalize: sqlite3_finalize,
        clearBindings: sqlite3_clear_bindings,
        bindInt64: sqlite3_bind_int64,
        bindDouble: sqlite3_bind_double,
        bindText: sqlite3_bind_text,
        bindBlob: sqlite3_bind_blob,
        bindNull: sqlite3_bind_null,
        bindParameterCount: sqlite3_bind_parameter_count,
        bindParameterIndex: sqlite3_bind_parameter_index,
        bindParameterName: sqlite3_bind_parameter_name,
        columnCount: sqlite3_column_count,
        columnName: sqlite3_column_name,
        columnDecltype: sqlite3_column_decltype,
        columnType: sqlite3_column_type,
        columnInt64: sqlite3_column_int64,
        columnDouble: sqlite3_column_double,
        columnText: sqlite3_column_text,
        columnBlob: sqlite3_column_blob,
        columnBytes: sqlite3_column_bytes,
        columnValue: sqlite3_column_value,
        valueType: sqlite3_value_type,
        valueInt64: sqlite3_value_int64,
        valueDouble: sqlite3_value_double,
        valueText: sqlite3_value_text,
        valueBlob: sqlite3_value_blob,
        valueBytes: sqlite3_value_bytes,
        changes: sqlite3_changes,
        totalChanges: sqlite3_total_changes,
        lastInsertRowid: sqlite3_last_insert_rowid,
        busyTimeout: sqlite3_busy_timeout,
        getAutocommit: sqlite3_get_autocommit,
        interrupt: sqlite3_interrupt,
        fileControl: sqlite3_file_control,
        stmtReadonly: sqlite3_stmt_readonly,
        sql: sqlite3_sql,
        backupInit: sqlite3_backup_init,
        backupStep: sqlite3_backup_step,
        backupFinish: sqlite3_backup_finish
    )
}
