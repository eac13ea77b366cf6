import GRDB
import PersistenceSession

/// A real GRDB `DatabaseQueue` or `DatabasePool` as a `SessionStore`: read units are GRDB's `read` (read-only, one
/// snapshot), write units GRDB's `write` (one transaction, committed on return, rolled back on throw).
///
/// The session engine refuses nested units before GRDB sees them (GRDB stops the program on reentrant access).
public final class GRDBSessionStore: SessionStore {
    /// The queue or pool, used only by the session.
    public let writer: any DatabaseWriter

    public init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    public func readUnit<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.read(body)
    }

    public func writeUnit<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.write(body)
    }

    public func closeStore() throws {
        try writer.close()
    }
}
