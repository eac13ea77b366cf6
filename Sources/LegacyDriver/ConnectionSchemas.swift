import SQLiteEngine

// Connection settings and attached databases.

extension Connection {
    /// How long (in seconds) SQLite retries a locked database before it reports `SQLITE_BUSY`; 0 (the default)
    /// fails at once. MMEX's iOS app sets none.
    public var busyTimeout: Double {
        get { busyTimeoutSeconds }
        set {
            busyTimeoutSeconds = max(0, newValue)
            let milliseconds = Int32(clamping: Int64((busyTimeoutSeconds * 1000).rounded()))
            // Fails only on a closed connection, where there is nothing left to time out.
            try? engine.setBusyTimeout(milliseconds: milliseconds)
        }
    }

    /// `PRAGMA user_version` of the main database (MMEX keeps its schema version there: 21).
    public var userVersion: Int32 {
        get throws(LegacyError) {
            guard case .integer(let value)? = try scalar("PRAGMA user_version") else { return 0 }
            return Int32(truncatingIfNeeded: value)
        }
    }

    /// Sets `PRAGMA user_version` (a property cannot throw, so this is a method, unlike SQLite.swift's setter).
    public func setUserVersion(_ version: Int32) throws(LegacyError) {
        // PRAGMA takes no bound parameters; the value is an integer, so writing it into the text is safe.
        try execute("PRAGMA user_version = \(version)")
    }

    /// `ATTACH DATABASE ? AS "name"`: opens another database on this connection, its tables reachable as
    /// `Table("T", database: name)`. The file name is bound, never written into the SQL.
    ///
    /// Attach read-only with a URI: `.uri(path, parameters: [.mode(.readOnly)])` (the connection must understand
    /// URIs, as the convenience initializers arrange). An encrypted file attaches through the codec's VFS with
    /// `.vfs(name)` among the parameters.
    public func attach(_ location: Location, as schemaName: String) throws(LegacyError) {
        try run("ATTACH DATABASE ? AS \(quoteIdentifier(schemaName))", location.description)
    }

    /// `DETACH DATABASE "name"`.
    public func detach(_ schemaName: String) throws(LegacyError) {
        try execute("DETACH DATABASE \(quoteIdentifier(schemaName))")
    }
}
