import CSQLite

extension EngineConnection {
    /// Whether this connection accepts double-quoted string literals (`"text"` where no column of that name exists),
    /// in DML (`SELECT`, `UPDATE`, ...) and DDL (`CREATE TABLE`, `CREATE INDEX`, ...).
    ///
    /// SQLite accepts them by default for compatibility, but builds with `SQLITE_DQS=0` (and Apple's recent ones)
    /// refuse them, so SQL that relies on them works on one build and fails on another. Turning them off here makes
    /// this connection behave like such a build, which is how scripts are proven portable.
    ///
    /// Only the system library offers the switch (SQLite 3.29 added it; SQLCipher's 3.15 predates it).
    /// - Throws: ``SQLiteError`` (`SQLITE_MISUSE`) on another library or a closed connection.
    public func setDoubleQuotedStringLiterals(enabled: Bool) throws(SQLiteError) {
        let db = try systemHandle(for: "double-quoted string literal switch")
        var result: Int32 = 0
        for option in [SQLITE_DBCONFIG_DQS_DML, SQLITE_DBCONFIG_DQS_DDL] {
            try check(driverport_db_config_int(db, Int32(option), enabled ? 1 : 0, &result))
        }
    }

    /// Whether double-quoted string literals are accepted in DML and in DDL, as SQLite reports it.
    public func doubleQuotedStringLiterals() throws(SQLiteError) -> (dml: Bool, ddl: Bool) {
        let db = try systemHandle(for: "double-quoted string literal switch")
        var dml: Int32 = 0
        var ddl: Int32 = 0
        try check(driverport_db_config_int(db, Int32(SQLITE_DBCONFIG_DQS_DML), -1, &dml))
        try check(driverport_db_config_int(db, Int32(SQLITE_DBCONFIG_DQS_DDL), -1, &ddl))
        return (dml != 0, ddl != 0)
    }

    /// The handle, when this connection belongs to the system library (whose symbols this file links directly).
    private func systemHandle(for feature: String) throws(SQLiteError) -> OpaquePointer {
        guard library.kind == .system else {
            throw SQLiteError(
                extendedCode: ResultCode.misuse,
                message: "the \(feature) needs the system SQLite library, not \(library.kind.rawValue)"
            )
        }
        return try openHandle(sql: nil)
    }
}
