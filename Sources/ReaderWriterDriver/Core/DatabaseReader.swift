/// A database you can read: ``DatabaseQueue`` or ``DatabasePool``.
///
/// Accesses are not reentrant: starting one inside another access of the same database throws
/// ``DatabaseError/Kind/reentrantAccess`` (use the `db` you already hold). The synchronous variants block the
/// calling thread; the `async` ones suspend the task and honour its cancellation between statements and inside
/// long ones, throwing `CancellationError`.
public protocol DatabaseReader: AnyObject, Sendable {
    /// The configuration the connections were opened with.
    var configuration: Configuration { get }
    /// The path of the database file (`":memory:"` for an in-memory queue).
    var path: String { get }

    /// Runs `body` in a read-only transaction: it sees one snapshot of the database from start to end, and any
    /// statement that writes fails with ``DatabaseError/Kind/writeInReadAccess``.
    func read<T>(_ body: (Database) throws -> T) throws -> T
    /// Async `read`.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T

    /// Runs `body` read-only but without a transaction: each statement sees the latest committed state. Cheaper
    /// than `read`, for a single statement or when snapshots do not matter.
    func unsafeRead<T>(_ body: (Database) throws -> T) throws -> T
    /// Async `unsafeRead`.
    func unsafeRead<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T

    /// Waits for running accesses, then closes every connection. Later accesses throw
    /// ``DatabaseError/Kind/closed``. Closing twice does nothing.
    func close() throws
}

/// A database you can read and write: ``DatabaseQueue`` or ``DatabasePool``. Writes are serialized.
public protocol DatabaseWriter: DatabaseReader {
    /// Runs `body` in an IMMEDIATE transaction: committed when it returns, rolled back when it throws.
    func write<T>(_ body: (Database) throws -> T) throws -> T
    /// Async `write`.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T

    /// Runs `body` on the writer without opening a transaction; `body` may open its own
    /// (``Database/inTransaction(_:_:)``) but must not leave one open (it is rolled back and
    /// ``DatabaseError/Kind/transactionLeftOpen`` thrown).
    func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T
    /// Async `writeWithoutTransaction`.
    func writeWithoutTransaction<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T

    /// Like `writeWithoutTransaction`, but waits until no read is running and holds new reads
    /// until `body` is done: the place for work no reader may overlap, such as a rekey.
    func barrierWriteWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T
    /// Async `barrierWriteWithoutTransaction`.
    func barrierWriteWithoutTransaction<T: Sendable>(
        _ body: @escaping @Sendable (Database) throws -> T
    ) async throws -> T
}
