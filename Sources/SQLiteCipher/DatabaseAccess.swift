import SQLiteEngine

/// How to open a database file: which SQLite library, which VFS, the cipher and key of an encrypted file, and what
/// to run on each new connection before it reads anything.
///
/// Whatever opens an app's files for writing or reading (an upgrade, a snapshot, a relocation) takes one of these,
/// so a plain file and an encrypted one go through the same code: ``encrypted(_:key:)`` opens through the page codec
/// and applies the key to every connection (``prepare(_:)``).
public struct DatabaseAccess: Sendable {
    /// The SQLite library connections are opened with.
    public var library: SQLiteLibrary
    /// The VFS to open through (`nil`: the library's default); the page codec registers its own.
    public var vfs: String?
    /// Runs on every new connection before its first read (after the key, for an ``encrypted(_:key:)`` access).
    public var prepare: (@Sendable (EngineConnection) throws -> Void)?
    /// How an encrypted file is opened (``encrypted(_:key:)`` only; `auto` detects, a plain file needs no key).
    public private(set) var cipher: CipherChoice = .auto
    /// The key of an encrypted file (``encrypted(_:key:)`` only).
    public private(set) var key: CipherKey?
    /// Connections go through the page codec and get ``cipher`` and ``key`` applied.
    package private(set) var keyed = false

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

    /// A file of any format through the page codec on the system library: `cipher` and `key` are applied to every
    /// connection (a plain file opens without a key; with `auto`, an encrypted one needs `key`).
    public static func encrypted(_ cipher: CipherChoice, key: CipherKey?) -> DatabaseAccess {
        var access = DatabaseAccess(library: .system, vfs: PageCodec.vfsName)
        access.cipher = cipher
        access.key = key
        access.keyed = true
        return access
    }

    /// ``encrypted(_:key:)`` with the page codec registered over the VFS named `base` instead of the system's own,
    /// as rekey and export take one: tests run an upgrade of an encrypted file over a fault or power-loss VFS.
    package static func encrypted(_ cipher: CipherChoice, key: CipherKey?, codecOver base: String) throws -> DatabaseAccess {
        var access = encrypted(cipher, key: key)
        access.vfs = try PageCodec.vfsName(over: base)
        return access
    }

    /// Readies a connection this access opened, before its first read: the key of an ``encrypted(_:key:)`` access,
    /// then ``prepare``.
    public func prepare(_ connection: EngineConnection) throws {
        if keyed { try PageCodec.apply(cipher, key: key, to: connection) }
        try prepare?(connection)
    }

    /// Opens `path` for reading and writing, then readies it (``prepare(_:)``).
    public func openReadWrite(_ path: String) throws -> EngineConnection {
        let connection = try EngineConnection(path: path, options: OpenOptions(access: .readWrite, vfs: vfs), library: library)
        do {
            try prepare(connection)
        } catch {
            connection.close()
            throw error
        }
        return connection
    }
}
