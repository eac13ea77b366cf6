import MMEXModel

/// Where a session's database lives.
public enum SessionLocation: Sendable, Hashable, CustomStringConvertible {
    /// A file.
    case file(path: String)
    /// A private in-memory database (the sample database): gone when the session closes.
    case memory

    public var description: String {
        switch self {
        case .file(let path): path
        case .memory: ":memory:"
        }
    }
}

/// Whether a session may write.
public enum SessionAccess: String, Sendable, Hashable, Codable {
    /// Reads and writes.
    case readWrite
    /// Reads only: the file, its journal mode and its sidecars are left as they are; every write unit of work fails
    /// with ``PersistenceError/readOnly(path:detail:)``.
    case readOnly
}

/// What every session needs besides the file: the parts of behaviour the app (or a test) injects.
public struct SessionConfiguration: Sendable {
    /// Mints ids for new rows (MMEX rule by default; the differential suite gives both drivers the same
    /// deterministic one).
    public var minter: IdentifierMinter

    public init(minter: IdentifierMinter = .system) {
        self.minter = minter
    }

    /// The MMEX rule on the real clock.
    public static let standard = SessionConfiguration()
}
