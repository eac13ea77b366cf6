import SQLiteEngine

/// How to open a database file: which SQLite library, which VFS, and what to run on each new connection before it
/// reads anything (the place to apply a key to an encrypted file).
///
/// Commands that open files for writing (upgrade) or reading (snapshot) take one of these, so a plain file and an
/// encrypted one go through the same code: the caller that knows the key supplies `vfs` and `prepare`.
public struct DatabaseAccess: Sendable {
    /// The SQLite library connections are opened with.
    public var library: SQLiteLibrary
    /// The VFS to open through (`nil`: the library's default); the page codec registers its own.
    public var vfs: String?
    /// Runs on every new connection before its first read, for example to apply a key.
    public var prepare: (@Sendable (EngineConnection) throws -> Void)?

    /// An access through `library` and `vfs`, running `prepare` on each new connection.
    public init(
        library: SQLiteLibrary = .system, vfs: String? = nil,
        prepare: (@Sendable (EngineConnection) throws -> Void)? = nil
    ) {
        self.library = library
        self.vfs = vfs
        self.prepare = prepare
    }

    /// A plain file on the system library.
    public static let plain = DatabaseAccess()

    /// Opens `path` for reading and writing, then runs ``prepare``.
    public func openReadWrite(_ path: String) throws -> EngineConnection {
        let connection = try EngineConnection(path: path, options: OpenOptions(access: .readWrite, vfs: vfs), library: library)
        try prepare?(connection)
        return connection
    }

    /// Opens a probed file for reading without changing it or its sidecars (see ``ReadOnlyDatabase``), then runs
    /// ``prepare``.
    public func openReadOnly(_ probe: FileProbe) throws -> ReadOnlyDatabase {
        let database = try ReadOnlyDatabase.open(probe, library: library, vfs: vfs)
        try prepare?(database.connection)
        return database
    }
}
