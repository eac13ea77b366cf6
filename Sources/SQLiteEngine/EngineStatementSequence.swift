extension EngineConnection {
    /// Compiles the statements of an SQL text one at a time and hands each to `body` before compiling the next.
    ///
    /// Unlike ``execute(_:)`` the caller steps each statement itself, so it can bind arguments, read rows, or stop
    /// between two statements (for example when a task is cancelled). Empty statements and comments are skipped.
    public func forEachStatement(in sql: String, _ body: (EngineStatement) throws -> Void) throws {
        let db = try openHandle(sql: sql)
        var utf8 = Array(sql.utf8CString)
        try utf8.withUnsafeMutableBufferPointer { buffer in
            guard var cursor = UnsafePointer(buffer.baseAddress) else { return }
            while cursor.pointee != 0 {
                var stmt: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let rc = api.prepareV2(db, cursor, -1, &stmt, &tail)
                guard rc == ResultCode.ok else {
                    let rest = String(cString: cursor)
                    let failing = rest.firstIndex(of: ";").map { String(rest[...$0]) } ?? rest
                    throw lastError(sql: failing.trimmedSQL)
                }
                if let stmt { try body(EngineStatement(connection: self, handle: stmt)) }
                guard let tail, tail != cursor else { break }
                cursor = tail
            }
        }
    }

    /// Compiles SQL text that must hold exactly one statement (trailing white space and comments are allowed).
    ///
    /// - Throws: ``SQLiteError`` with `SQLITE_MISUSE` when the text holds no statement or more than one, so a second
    ///   statement is never silently ignored.
    public func prepareSingle(_ sql: String) throws(SQLiteError) -> EngineStatement {
        let db = try openHandle(sql: sql)
        var utf8 = Array(sql.utf8CString)
        return try utf8.withUnsafeMutableBufferPointer { (buffer) throws(SQLiteError) -> EngineStatement in
            guard let start = UnsafePointer(buffer.baseAddress) else {
                throw SQLiteError(extendedCode: ResultCode.misuse, message: "no statement in SQL text", sql: sql)
            }
            var stmt: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            guard api.prepareV2(db, start, -1, &stmt, &tail) == ResultCode.ok else { throw lastError(sql: sql) }
            guard let stmt else {
                throw SQLiteError(extendedCode: ResultCode.misuse, message: "no statement in SQL text", sql: sql)
            }
            let statement = EngineStatement(connection: self, handle: stmt)
            if let tail, tail.pointee != 0 {
                // Compile the rest: it must be empty (white space or comments only).
                var extra: OpaquePointer?
                let rc = api.prepareV2(db, tail, -1, &extra, nil)
                if let extra { _ = api.finalize(extra) }
                if rc != ResultCode.ok || extra != nil {
                    throw SQLiteError(
                        extendedCode: ResultCode.misuse,
                        message: "SQL text holds more than one statement; use execute for scripts", sql: sql)
                }
            }
            return statement
        }
    }
}

extension EngineStatement {
    /// The name of a parameter by its 1-based index, with its prefix (`:name`, `@name`, `$name`, `?NNN`), or `nil`
    /// for a plain `?`.
    public func parameterName(_ index: Int32) -> String? {
        api.bindParameterName(handle, index).map { String(cString: $0) }
    }
}
