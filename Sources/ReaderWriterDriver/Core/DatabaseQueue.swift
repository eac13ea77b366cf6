import Synchronization

/// One connection, every access serialized on it: the simple, safe default for files in shared or cloud folders.
///
/// The journal mode is left as the file has it unless ``Configuration/journalMode`` says otherwise. Reads run in a
/// deferred transaction with `PRAGMA query_only`, so a write inside `read` fails. Works on files and in memory.
public final class DatabaseQueue: DatabaseWriter {
    /// The configuration the connection was opened with.
    public let configuration: Configuration
    /// The path of the database file, `":memory:"` for a private in-memory queue.
    public let path: String
    private let owner = AccessOwner()
    private let connection: SerializedConnection
    private let label: String
    /// The value observations started on this queue.
    let observations = ObservationRegistry()

    /// Opens (creating it unless read-only) the database file at `path`.
    public init(path: String, configuration: Configuration = Configuration()) throws {
        self.configuration = configuration
        self.path = path
        let label = configuration.label ?? "DatabaseQueue"
        self.label = label
        let ownerID = owner.id
        let observations = self.observations
        connection = SerializedConnection(queueLabel: "driverport.queue.\(label)", label: label) {
            try ConnectionOpener.open(
                path: path, configuration: configuration, role: .queue, label: label, owner: ownerID
            ) { core in
                core.writeObserver = observations
                if let mode = configuration.journalMode, !configuration.readonly {
                    try Self.setJournalMode(mode, on: core)
                }
            }
        }
        // Open now, so a missing file or a wrong key fails here and not at the first access.
        try connection.sync { _ in }
    }

    /// A private in-memory database.
    public convenience init(configuration: Configuration = Configuration()) throws {
        try self.init(path: ":memory:", configuration: configuration)
    }

    private static func setJournalMode(_ mode: JournalMode, on core: ConnectionCore) throws {
        let result = try core.controlValue("PRAGMA journal_mode = \(mode.rawValue)")
        guard case .text(let applied) = result, applied.lowercased() == mode.rawValue else {
            throw DatabaseError(
                kind: .invalidConfiguration, extendedResultCode: .SQLITE_ERROR,
                message: "journal mode \(mode.rawValue) could not be set (\(core.label)); SQLite kept "
                    + "\(result?.description ?? "none")")
        }
    }

    deinit { try? connection.close() }

    /// Waits for the running access, then closes the connection. Later accesses throw ``DatabaseError/Kind/closed``;
    /// closing twice does nothing.
    ///
    /// - Throws: ``DatabaseError/Kind/reentrantAccess`` when called inside an access of this queue.
    public func close() throws {
        try owner.checkNotReentrant(.maintenance, label: label)
        try connection.close()
    }

    // MARK: Synchronous access

    /// Runs `body` in a read-only (DEFERRED, `PRAGMA query_only`) transaction and returns its result, blocking the
    /// calling thread until the connection is free and `body` is done. `body` sees one state of the database from start
    /// to end; any statement that writes fails with ``DatabaseError/Kind/writeInReadAccess``.
    ///
    /// - Parameter body: The database work; its `db` is valid only during the call.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; ``DatabaseError/Kind/reentrantAccess`` when called inside an access of this
    ///   database; ``DatabaseError/Kind/closed`` after ``close()``; a ``DatabaseError`` when SQLite fails outside
    ///   `body` (opening the connection, beginning or committing the transaction).
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try owner.checkNotReentrant(.read, label: label)
        return try connection.sync { try $0.performRead(cancellation: nil, body) }
    }

    /// Runs `body` read-only (`PRAGMA query_only`) without a transaction and returns its result, blocking the calling
    /// thread until it is done. On a queue no other connection of this database writes meanwhile, but another process
    /// can, between statements. `body` must not leave a transaction open.
    ///
    /// - Parameter body: The database work; its `db` is valid only during the call.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; ``DatabaseError/Kind/reentrantAccess`` when called inside an access of this
    ///   database; ``DatabaseError/Kind/closed`` after ``close()``; a ``DatabaseError`` when SQLite fails outside
    ///   `body` (opening the connection, beginning or committing the transaction).
    public func unsafeRead<T>(_ body: (Database) throws -> T) throws -> T {
        try owner.checkNotReentrant(.unsafeRead, label: label)
        return try connection.sync { try $0.performUnsafeRead(cancellation: nil, body) }
    }

    /// Runs `body` in an IMMEDIATE transaction, committed when it returns and rolled back when it throws, and returns
    /// its result, blocking the calling thread until it is done.
    ///
    /// - Parameter body: The database work; its `db` is valid only during the call.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; ``DatabaseError/Kind/reentrantAccess`` when called inside an access of this
    ///   database; ``DatabaseError/Kind/closed`` after ``close()``; a ``DatabaseError`` when SQLite fails outside
    ///   `body` (opening the connection, beginning or committing the transaction).
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try owner.checkNotReentrant(.write, label: label)
        return try connection.sync { try $0.performWrite(cancellation: nil, body) }
    }

    /// Runs `body` outside any transaction and returns its result, blocking the calling thread until it is done. `body`
    /// may open transactions (``Database/inTransaction(_:_:)``) but must not leave one open: it is rolled back and
    /// ``DatabaseError/Kind/transactionLeftOpen`` thrown.
    ///
    /// - Parameter body: The database work; its `db` is valid only during the call.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; ``DatabaseError/Kind/reentrantAccess`` when called inside an access of this
    ///   database; ``DatabaseError/Kind/closed`` after ``close()``; a ``DatabaseError`` when SQLite fails outside
    ///   `body` (opening the connection, beginning or committing the transaction).
    public func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try owner.checkNotReentrant(.writeWithoutTransaction, label: label)
        return try connection.sync {
            try $0.performWriteWithoutTransaction(.writeWithoutTransaction, cancellation: nil, body)
        }
    }

    /// On a queue every access is already exclusive: this is `writeWithoutTransaction`.
    public func barrierWriteWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try owner.checkNotReentrant(.barrierWrite, label: label)
        return try connection.sync { try $0.performWriteWithoutTransaction(.barrierWrite, cancellation: nil, body) }
    }

    // MARK: Async access

    /// Runs `body` in a read-only (DEFERRED, `PRAGMA query_only`) transaction and returns its result, suspending the
    /// task (not blocking a thread) until the connection is free and `body` is done.
    ///
    /// - Parameter body: The database work; its `db` is valid only during the call.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; `CancellationError` when the task is cancelled (checked between statements and
    ///   inside long ones); ``DatabaseError/Kind/closed`` after ``close()``; a ``DatabaseError`` when SQLite fails
    ///   outside `body` (opening the connection, beginning or committing the transaction).
    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let flag = CancellationFlag()
        return try await connection.async(cancellation: flag) { try $0.performRead(cancellation: flag, body) }
    }

    /// Runs `body` read-only without a transaction and returns its result, suspending the task until it is done.
    ///
    /// - Parameter body: The database work; its `db` is valid only during the call.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; `CancellationError` when the task is cancelled (checked between statements and
    ///   inside long ones); ``DatabaseError/Kind/closed`` after ``close()``; a ``DatabaseError`` when SQLite fails
    ///   outside `body` (opening the connection, beginning or committing the transaction).
    public func unsafeRead<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let flag = CancellationFlag()
        return try await connection.async(cancellation: flag) { try $0.performUnsafeRead(cancellation: flag, body) }
    }

    /// Runs `body` in an IMMEDIATE transaction, committed when it returns and rolled back when it throws (or when the
    /// task is cancelled), and returns its result, suspending the task until it is done.
    ///
    /// - Parameter body: The database work; its `db` is valid only during the call.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; `CancellationError` when the task is cancelled (checked between statements and
    ///   inside long ones); ``DatabaseError/Kind/closed`` after ``close()``; a ``DatabaseError`` when SQLite fails
    ///   outside `body` (opening the connection, beginning or committing the transaction).
    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let flag = CancellationFlag()
        return try await connection.async(cancellation: flag) { try $0.performWrite(cancellation: flag, body) }
    }

    /// Runs `body` outside any transaction and returns its result, suspending the task until it is done. `body` must
    /// not leave a transaction open (it is rolled back and ``DatabaseError/Kind/transactionLeftOpen`` thrown).
    ///
    /// - Parameter body: The database work; its `db` is valid only during the call.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; `CancellationError` when the task is cancelled (checked between statements and
    ///   inside long ones); ``DatabaseError/Kind/closed`` after ``close()``; a ``DatabaseError`` when SQLite fails
    ///   outside `body` (opening the connection, beginning or committing the transaction).
    public func writeWithoutTransaction<T: Sendable>(
        _ body: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        let flag = CancellationFlag()
        return try await connection.async(cancellation: flag) {
            try $0.performWriteWithoutTransaction(.writeWithoutTransaction, cancellation: flag, body)
        }
    }

    /// On a queue every access is already exclusive: this is the async `writeWithoutTransaction`.
    ///
    /// - Parameter body: The database work; its `db` is valid only during the call.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; `CancellationError` when the task is cancelled (checked between statements and
    ///   inside long ones); ``DatabaseError/Kind/closed`` after ``close()``; a ``DatabaseError`` when SQLite fails
    ///   outside `body` (opening the connection, beginning or committing the transaction).
    public func barrierWriteWithoutTransaction<T: Sendable>(
        _ body: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        let flag = CancellationFlag()
        return try await connection.async(cancellation: flag) {
            try $0.performWriteWithoutTransaction(.barrierWrite, cancellation: flag, body)
        }
    }
}
