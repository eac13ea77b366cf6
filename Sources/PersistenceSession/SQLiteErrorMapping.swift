extension PersistenceError {
    /// The app-level error for an SQLite result, the one mapping both drivers use so they report the same failure
    /// the same way. Takes plain numbers and text so this module needs no SQLite type.
    ///
    /// - Parameters:
    ///   - sqliteExtendedCode: the extended result code (the primary code is its low byte).
    ///   - message: SQLite's message (never bound values).
    ///   - path: the database file, for the message.
    ///   - keyGiven: whether the file was opened with a key (turns "not a database" into ``wrongKey(path:)``).
    public init(sqliteExtendedCode: Int32, message: String, path: String?, keyGiven: Bool = false) {
        let primary = sqliteExtendedCode & 0xFF
        switch primary {
        case 26:  // SQLITE_NOTADB
            let file = path ?? "database"
            self = keyGiven ? .wrongKey(path: file) : .notADatabase(path: file)
        case 11:  // SQLITE_CORRUPT
            self = .corrupt(path: path, detail: message)
        case 10, 13, 14:  // SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN
            self = .io(path: path, detail: message)
        case 5, 6:  // SQLITE_BUSY, SQLITE_LOCKED
            self = .busy(path: path)
        case 8, 3:  // SQLITE_READONLY, SQLITE_PERM
            self = .readOnly(path: path, detail: message)
        case 19:  // SQLITE_CONSTRAINT
            self = .constraintViolated(ConstraintViolation(sqliteExtendedCode: sqliteExtendedCode, message: message))
        default:
            self = .database(code: primary, extendedCode: sqliteExtendedCode, message: message)
        }
    }

    /// Whether trying the same unit of work again later may succeed.
    public var isRetryable: Bool {
        if case .busy = self { return true }
        return false
    }
}
