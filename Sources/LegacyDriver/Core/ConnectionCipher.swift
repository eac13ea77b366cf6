import SQLiteCipher
import SQLiteEngine

// SQLite.swift's SQLCipher extension (`try db.key("secret")`, `try db.rekey("new")`), through DriverPort's page
// codec: every format the command line opens (SQLCipher 4 to 1, wxSQLite3 AES-128/256, ChaCha20, sqleet), detected
// the way the codec's `auto` tries them. SQLCipher keys the open connection in place; the codec works as a VFS, so keying reopens
// the file through it (the key must come first, before any statement, exactly as SQLCipher requires).

extension Connection {
    /// Keys the connection with a passphrase (or `x'…'` raw key), as SQLite.swift's SQLCipher `key(_:db:)` does:
    /// call it right after opening, before any statement. A new, empty file becomes an SQLCipher 4 database; an
    /// encrypted file in any format the page codec reads is detected; a plain file opens as it is.
    ///
    /// Like SQLite.swift, it checks the key by reading `sqlite_master`.
    ///
    /// - Throws: ``LegacyError`` with `SQLITE_NOTADB` (26) for a wrong key, as SQLCipher reports it; an
    ///   ``LegacyError/invalidQuery(reason:sql:)`` for a schema other than `main`.
    public func key(_ key: String, db: String = "main") throws(LegacyError) {
        try applyKey(parsing: { () throws(CipherError) in try CipherKey.parsing(key) }, schema: db)
    }

    /// ``key(_:db:)-(String,_)`` with the key's bytes.
    public func key(_ key: Blob, db: String = "main") throws(LegacyError) {
        try applyKey(parsing: { () throws(CipherError) in try CipherKey.parsing(bytes: key.bytes) }, schema: db)
    }

    /// Changes the key of a keyed connection's file (or encrypts a plain one as SQLCipher 4), as SQLite.swift's
    /// SQLCipher `rekey(_:db:)` does. The file is rewritten crash-safely (``DatabaseRekey``) and reopened with the
    /// new key; no other connection may have it open.
    public func rekey(_ key: String, db: String = "main") throws(LegacyError) {
        try changeKey(parsing: { () throws(CipherError) in try CipherKey.parsing(key) }, schema: db)
    }

    /// ``rekey(_:db:)-(String,_)`` with the key's bytes.
    public func rekey(_ key: Blob, db: String = "main") throws(LegacyError) {
        try changeKey(parsing: { () throws(CipherError) in try CipherKey.parsing(bytes: key.bytes) }, schema: db)
    }

    private func applyKey(parsing: () throws(CipherError) -> CipherKey, schema: String) throws(LegacyError) {
        try lock.sync { () throws(LegacyError) in
            guard schema == "main" else { throw .invalidQuery(reason: "only the main schema can be keyed", sql: nil) }
            guard let path = filePath else { return }  // SQLCipher ignores a key on an in-memory database
            let key = try cipherCall(parsing)
            try reopen(path: path, key: key)
        }
    }

    private func changeKey(parsing: () throws(CipherError) -> CipherKey, schema: String) throws(LegacyError) {
        try lock.sync { () throws(LegacyError) in
            guard schema == "main" else { throw .invalidQuery(reason: "only the main schema can be rekeyed", sql: nil) }
            guard let path = filePath else { return }
            let newKey = try cipherCall(parsing)
            let oldKey = cipherKey
            releaseStatements()
            engine.close()
            do throws(CipherError) {
                try DatabaseRekey.rekey(path, key: oldKey, newKey: newKey)
            } catch {
                // Reopen as it was; the rekey changed nothing.
                try? reopen(path: path, key: oldKey)
                throw Connection.legacyError(for: error)
            }
            try reopen(path: path, key: newKey)
        }
    }

    /// The file the connection is on; `nil` in memory or temporary.
    private var filePath: String? {
        switch location {
        case .inMemory, .temporary: nil
        case .uri(let path, _): path.hasPrefix("file:") || path.isEmpty || path == ":memory:" ? nil : path
        }
    }

    /// Closes the engine connection and opens the file again through the page codec with `key` applied.
    private func reopen(path: String, key: CipherKey?) throws(LegacyError) {
        releaseStatements()
        engine.close()
        var options = openOptions
        options.vfs = PageCodec.vfsName
        let reopened: EngineConnection
        do {
            reopened = try EngineConnection(path: path, options: options, library: library)
        } catch {
            throw .sqlite(error)
        }
        reopened.statementRewrite = engine.statementRewrite
        engine = reopened
        cipherKey = key
        if busyTimeoutSeconds > 0 {
            try? reopened.setBusyTimeout(milliseconds: Int32(clamping: Int64((busyTimeoutSeconds * 1000).rounded())))
        }
        do {
            try PageCodec.apply(.auto, key: key, to: reopened)
        } catch {
            throw Connection.legacyError(for: error)
        }
        // SQLite.swift's key check: reading the schema fails on a wrong key.
        try sqliteCall { () throws(SQLiteError) in _ = try reopened.execute("SELECT count(*) FROM sqlite_master") }
    }

    /// A cipher failure as the SQLite error SQLCipher reports for it: a wrong key (or a key on a file that needs
    /// another) is `SQLITE_NOTADB` (26), "file is not a database"; the rest `SQLITE_ERROR` with the codec's words.
    static func legacyError(for error: CipherError) -> LegacyError {
        switch error {
        case .sqlite(let underlying):
            return .sqlite(underlying)
        case .wrongKey, .keyRequired:
            return .sqlite(SQLiteError(extendedCode: 26, message: "file is not a database (\(error))"))
        default:
            return .sqlite(SQLiteError(extendedCode: 1, message: "\(error)"))
        }
    }

    private func releaseStatements() {
        statements.removeAll()
        inserts.removeAll()
    }

    private func cipherCall<T>(_ body: () throws(CipherError) -> T) throws(LegacyError) -> T {
        do {
            return try body()
        } catch {
            throw Connection.legacyError(for: error)
        }
    }
}
