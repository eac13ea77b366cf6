/// Whether a session may write.
public enum SessionAccess: String, Sendable, Hashable, Codable {
    /// Reads and writes.
    case readWrite
    /// Reads only: the file, its journal mode and its sidecars are left as they are; every write unit of work fails
    /// with ``PersistenceError/readOnly(path:detail:)``.
    case readOnly
}
