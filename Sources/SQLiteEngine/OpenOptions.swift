/// How to open a database file.
public struct OpenOptions: Sendable, Equatable {
    /// What the connection may do to the file.
    public enum Access: Sendable, Equatable {
        /// Read only; the file must exist.
        case readOnly
        /// Read and write; the file must exist.
        case readWrite
        /// Read and write, creating the file when it is missing.
        case readWriteCreate
    }

    /// How SQLite guards the connection against use from several threads.
    public enum Threading: Sendable, Equatable {
        /// No mutex (`SQLITE_OPEN_NOMUTEX`): the owner serializes every access. The drivers do, and it is about 25%
        /// faster than the serialized mode.
        case ownerSerialized
        /// SQLite's own mutex on every call (`SQLITE_OPEN_FULLMUTEX`).
        case serialized
    }

    /// What the connection may do to the file, and whether opening creates it (default ``Access/readWrite``).
    public var access: Access
    /// Treat the path as a `file:` URI (query parameters such as `mode=ro`, `immutable=1`).
    public var uri: Bool
    /// The VFS to open through (`nil`: the default one). The page codec registers its own.
    public var vfs: String?
    /// Whether SQLite's own mutex guards the connection (default ``Threading/ownerSerialized``: no mutex).
    public var threading: Threading

    /// Options for `sqlite3_open_v2`; the defaults open an existing file for reading and writing, by plain path, on
    /// the default VFS, without SQLite's mutex.
    ///
    /// - Parameters:
    ///   - access: Read only, read-write, or read-write creating a missing file.
    ///   - uri: Whether the path is a `file:` URI whose query parameters SQLite honours.
    ///   - vfs: The name of a registered VFS, or `nil` for the default one.
    ///   - threading: Whether the caller serializes access or SQLite's mutex does.
    public init(
        access: Access = .readWrite, uri: Bool = false, vfs: String? = nil, threading: Threading = .ownerSerialized
    ) {
        self.access = access
        self.uri = uri
        self.vfs = vfs
        self.threading = threading
    }

    /// An existing file, read only, by plain path on the default VFS.
    public static let readOnly = OpenOptions(access: .readOnly)
    /// An existing file, read and write, by plain path on the default VFS.
    public static let readWrite = OpenOptions(access: .readWrite)
    /// Read and write, creating the file when it is missing, by plain path on the default VFS.
    public static let create = OpenOptions(access: .readWriteCreate)

    /// The `sqlite3_open_v2` flags these options stand for.
    public var flags: Int32 {
        var flags: Int32
        switch access {
        case .readOnly: flags = 0x0000_0001  // SQLITE_OPEN_READONLY
        case .readWrite: flags = 0x0000_0002  // SQLITE_OPEN_READWRITE
        case .readWriteCreate: flags = 0x0000_0002 | 0x0000_0004  // | SQLITE_OPEN_CREATE
        }
        if uri { flags |= 0x0000_0040 }  // SQLITE_OPEN_URI
        switch threading {
        case .ownerSerialized: flags |= 0x0000_8000  // SQLITE_OPEN_NOMUTEX
        case .serialized: flags |= 0x0001_0000  // SQLITE_OPEN_FULLMUTEX
        }
        return flags
    }
}
