#if canImport(Glibc)
import Glibc
#endif

/// One SQLite library loaded in this process: the system libsqlite3 or Debian's SQLCipher.
///
/// Both can be used at the same time. The system library is linked normally; SQLCipher is loaded at run time with
/// `RTLD_DEEPBIND`, so its internal calls bind to its own symbols and not to the system library's (loading it with
/// plain `RTLD_LOCAL` makes it crash inside `sqlite3_open_v2`).
public final class SQLiteLibrary: Sendable {
    /// Which engine a library is, as the CLI's `--engine` names it.
    public enum Kind: String, Sendable, CaseIterable {
        /// Debian's libsqlite3 (3.40), linked normally; the toolkit's page codec runs on it.
        case system
        /// Debian's libsqlcipher 3.4.1 (SQLite 3.15.2), loaded at run time; opens SQLCipher v1-v3 files itself.
        case sqlcipher
    }

    /// Which of the two engines this is (system libsqlite3 or SQLCipher).
    public let kind: Kind
    /// The library's C entry points.
    public let api: SQLiteAPI
    /// What the library's `sqlite3_libversion()` returns.
    public let version: String

    init(kind: Kind, api: SQLiteAPI) {
        self.kind = kind
        self.api = api
        self.version = api.libversion().map { String(cString: $0) } ?? "unknown"
    }

    /// The system libsqlite3.
    public static let system = SQLiteLibrary(kind: .system, api: .system)

    /// Debian's SQLCipher 3.4.1 engine, loaded on first use.
    ///
    /// - Throws: ``EngineUnavailableError`` when libsqlcipher is not installed or is not the expected 3.15.x build;
    ///   the message says why and how to install it.
    public static func sqlcipher() throws -> SQLiteLibrary {
        try sqlcipherLoad.get()
    }

    /// The library of the given kind.
    public static func named(_ kind: Kind) throws -> SQLiteLibrary {
        switch kind {
        case .system: return system
        case .sqlcipher: return try sqlcipher()
        }
    }

    /// File names tried, in order, when loading SQLCipher.
    static let sqlcipherCandidates = ["libsqlcipher.so.0", "libsqlcipher.so"]

    // Loaded once; a global's initializer runs exactly once, under the runtime's own lock.
    private static let sqlcipherLoad: Result<SQLiteLibrary, EngineUnavailableError> = loadSQLCipher()

    private static func loadSQLCipher() -> Result<SQLiteLibrary, EngineUnavailableError> {
        #if canImport(Glibc)
        var handle: UnsafeMutableRawPointer?
        var lastError = "not found"
        for name in sqlcipherCandidates {
            handle = dlopen(name, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND)
            if handle != nil { break }
            if let message = dlerror() { lastError = String(cString: message) }
        }
        guard let handle else {
            return .failure(EngineUnavailableError(
                engine: .sqlcipher,
                reason: "libsqlcipher could not be loaded (\(lastError)); install it with 'apt-get install libsqlcipher0'"
            ))
        }
        do {
            let api = try DynamicSymbols(handle: handle).api()
            let library = SQLiteLibrary(kind: .sqlcipher, api: api)
            guard library.version.hasPrefix("3.15.") else {
                return .failure(EngineUnavailableError(
                    engine: .sqlcipher,
                    reason: "libsqlcipher reports SQLite \(library.version), expected its own 3.15.x; "
                        + "the library was bound to another SQLite's symbols"
                ))
            }
            return .success(library)
        } catch {
            return .failure(error)
        }
        #else
        return .failure(EngineUnavailableError(engine: .sqlcipher, reason: "run-time loading needs Glibc"))
        #endif
    }
}

/// An engine that cannot be used on this machine, and why.
public struct EngineUnavailableError: Error, Sendable, CustomStringConvertible {
    /// The engine that could not be loaded.
    public let engine: SQLiteLibrary.Kind
    /// Why it could not be loaded and, where known, how to install it; a full sentence for the user.
    public let reason: String
    public var description: String { "engine '\(engine.rawValue)' is unavailable: \(reason)" }
}

#if canImport(Glibc)
/// Resolves the C API from a library loaded with `dlopen`.
private struct DynamicSymbols {
    let handle: UnsafeMutableRawPointer

    func symbol<T>(_ name: String) throws(EngineUnavailableError) -> T {
        guard let pointer = dlsym(handle, name) else {
            throw EngineUnavailableError(engine: .sqlcipher, reason: "libsqlcipher has no symbol \(name)")
        }
        return unsafeBitCast(pointer, to: T.self)
    }

    func api() throws(EngineUnavailableError) -> SQLiteAPI {
        SQLiteAPI(
            libversion: try symbol("sqlite3_libversion"),
            openV2: try symbol("sqlite3_open_v2"),
            closeV2: try symbol("sqlite3_close_v2"),
            extendedResultCodes: try symbol("sqlite3_extended_result_codes"),
            errmsg: try symbol("sqlite3_errmsg"),
            errcode: try symbol("sqlite3_errcode"),
            extendedErrcode: try symbol("sqlite3_extended_errcode"),
            errstr: try symbol("sqlite3_errstr"),
            prepareV2: try symbol("sqlite3_prepare_v2"),
            step: try symbol("sqlite3_step"),
            reset: try symbol("sqlite3_reset"),
            finalize: try symbol("sqlite3_finalize"),
            clearBindings: try symbol("sqlite3_clear_bindings"),
            bindInt64: try symbol("sqlite3_bind_int64"),
            bindDouble: try symbol("sqlite3_bind_double"),
            bindText: try symbol("sqlite3_bind_text"),
            bindBlob: try symbol("sqlite3_bind_blob"),
            bindNull: try symbol("sqlite3_bind_null"),
            bindParameterCount: try symbol("sqlite3_bind_parameter_count"),
            bindParameterIndex: try symbol("sqlite3_bind_parameter_index"),
            bindParameterName: try symbol("sqlite3_bind_parameter_name"),
            columnCount: try symbol("sqlite3_column_count"),
            columnName: try symbol("sqlite3_column_name"),
            columnDecltype: try symbol("sqlite3_column_decltype"),
            columnType: try symbol("sqlite3_column_type"),
            columnInt64: try symbol("sqlite3_column_int64"),
            columnDouble: try symbol("sqlite3_column_double"),
            columnText: try symbol("sqlite3_column_text"),
            columnBlob: try symbol("sqlite3_column_blob"),
            columnBytes: try symbol("sqlite3_column_bytes"),
            columnValue: try symbol("sqlite3_column_value"),
            valueType: try symbol("sqlite3_value_type"),
            valueInt64: try symbol("sqlite3_value_int64"),
            valueDouble: try symbol("sqlite3_value_double"),
            valueText: try symbol("sqlite3_value_text"),
            valueBlob: try symbol("sqlite3_value_blob"),
            valueBytes: try symbol("sqlite3_value_bytes"),
            changes: try symbol("sqlite3_changes"),
            totalChanges: try symbol("sqlite3_total_changes"),
            lastInsertRowid: try symbol("sqlite3_last_insert_rowid"),
            busyTimeout: try symbol("sqlite3_busy_timeout"),
            getAutocommit: try symbol("sqlite3_get_autocommit"),
            interrupt: try symbol("sqlite3_interrupt"),
            fileControl: try symbol("sqlite3_file_control"),
            stmtReadonly: try symbol("sqlite3_stmt_readonly"),
            sql: try symbol("sqlite3_sql"),
            backupInit: try symbol("sqlite3_backup_init"),
            backupStep: try symbol("sqlite3_backup_step"),
            backupFinish: try symbol("sqlite3_backup_finish")
        )
    }
}
#endif
