import CSQLite

/// The part of the SQLite C API the toolkit calls, as a table of C function pointers.
///
/// Two SQLite libraries live in one process (the system libsqlite3 and Debian's SQLCipher, loaded at run time so
/// their symbols never collide). Every call the engine makes goes through the table of the library that opened the
/// connection, so memory a library returns is freed by that same library.
public struct SQLiteAPI: @unchecked Sendable {
    // @unchecked: an immutable table of C function pointers; nothing in it is ever mutated after creation.
    public typealias Destructor = @convention(c) (UnsafeMutableRawPointer?) -> Void

    public var libversion: @convention(c) () -> UnsafePointer<CChar>?
    public var openV2: @convention(c) (
        UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?
    ) -> Int32
    public var closeV2: @convention(c) (OpaquePointer?) -> Int32
    public var extendedResultCodes: @convention(c) (OpaquePointer?, Int32) -> Int32
    public var errmsg: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    public var errcode: @convention(c) (OpaquePointer?) -> Int32
    public var extendedErrcode: @convention(c) (OpaquePointer?) -> Int32
    public var errstr: @convention(c) (Int32) -> UnsafePointer<CChar>?
    public var prepareV2: @convention(c) (
        OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?,
        UnsafeMutablePointer<UnsafePointer<CChar>?>?
    ) -> Int32
    public var step: @convention(c) (OpaquePointer?) -> Int32
    public var reset: @convention(c) (OpaquePointer?) -> Int32
    public var finalize: @convention(c) (OpaquePointer?) -> Int32
    public var clearBindings: @convention(c) (OpaquePointer?) -> Int32
    public var bindInt64: @convention(c) (OpaquePointer?, Int32, Int64) -> Int32
    public var bindDouble: @convention(c) (OpaquePointer?, Int32, Double) -> Int32
    public var bindText: @convention(c) (OpaquePointer?, Int32, UnsafePointer<CChar>?, Int32, Destructor?) -> Int32
    public var bindBlob: @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?, Int32, Destructor?) -> Int32
    public var bindNull: @convention(c) (OpaquePointer?, Int32) -> Int32
    public var bindParameterCount: @convention(c) (OpaquePointer?) -> Int32
    public var bindParameterIndex: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    public var bindParameterName: @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?
    public var columnCount: @convention(c) (OpaquePointer?) -> Int32
    public var columnName: @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?
    public var columnDecltype: @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?
    public var columnType: @convention(c) (OpaquePointer?, Int32) -> Int32
    public var columnInt64: @convention(c) (OpaquePointer?, Int32) -> Int64
    public var columnDouble: @convention(c) (OpaquePointer?, Int32) -> Double
    public var columnText: @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<UInt8>?
    public var columnBlob: @convention(c) (OpaquePointer?, Int32) -> UnsafeRawPointer?
    public var columnBytes: @convention(c) (OpaquePointer?, Int32) -> Int32
    public var columnValue: @convention(c) (OpaquePointer?, Int32) -> OpaquePointer?
    public var valueType: @convention(c) (OpaquePointer?) -> Int32
    public var valueInt64: @convention(c) (OpaquePointer?) -> Int64
    public var valueDouble: @convention(c) (OpaquePointer?) -> Double
    public var changes: @convention(c) (OpaquePointer?) -> Int32
    public var totalChanges: @convention(c) (OpaquePointer?) -> Int32
    public var lastInsertRowid: @convention(c) (OpaquePointer?) -> Int64
    public var busyTimeout: @convention(c) (OpaquePointer?, Int32) -> Int32
    public var getAutocommit: @convention(c) (OpaquePointer?) -> Int32
    public var interrupt: @convention(c) (OpaquePointer?) -> Void
    public var fileControl: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutableRawPointer?) -> Int32
    public var stmtReadonly: @convention(c) (OpaquePointer?) -> Int32
    public var sql: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    public var backupInit: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    public var backupStep: @convention(c) (OpaquePointer?, Int32) -> Int32
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
