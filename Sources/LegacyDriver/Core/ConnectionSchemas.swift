import SQLiteEngine

// Connection settings and attached databases.

extension Connection {
    /// How long (in seconds) SQLite retries a locked database before it reports `SQLITE_BUSY`; 0 (the default)
    /// fails at once.
    public var busyTimeout: Double {
        get { lock.sync { busyTimeoutSeconds } }
        set {
            lock.sync {
                busyTimeoutSeconds = max(0, newValue)
                let milliseconds = Int32(clamping: Int64((busyTimeoutSeconds * 1000).rounded()))
                // Fails only on a closed connection, where there is nothing left to time out.
                try? engine.setBusyTimeout(milliseconds: milliseconds)
            }
        }
    }

    /// `PRAGMA user_version` of the main database (where apps keep their schema version), as SQLite.swift
    /// spells it: reading gives `nil` when it cannot be read; setting writes it (`nil` writes 0) and, as in
    /// SQLite.swift, a failed write is silent. ``readUserVersion()`` and ``setUserVersion(_:)`` throw instead.
    public var userVersion: UserVersion? {
        get { try? readUserVersion() }
        set { try? setUserVersion(newValue ?? 0) }
    }

    /// `PRAGMA user_version` of the main database.
    public func readUserVersion() throws(LegacyError) -> Int32 {
        guard case .integer(let value)? = try prepare("PRAGMA user_version").scalarValue() else { return 0 }
        return Int32(truncatingIfNeeded: value)
    }

    /// Sets `PRAGMA user_version`, throwing when it cannot be written.
    public func setUserVersion(_ version: Int32) throws(LegacyError) {
        // PRAGMA takes no bound parameters; the value is an integer, so writing it into the text is safe.
        try execute("PRAGMA user_version = \(version)")
    }

    /// The version of the SQLite library the connection runs on (`.zero` if it cannot be read).
    public var sqliteVersion: SQLiteVersion {
        guard let text = try? prepare("SELECT sqlite_version()").scalar() as? String else { return .zero }
        let parts = text.split(separator: ".").compactMap { Int($0) }
        guard parts.count == 3 else { return .zero }
        return SQLiteVersion(major: parts[0], minor: parts[1], point: parts[2])
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
