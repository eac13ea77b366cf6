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
