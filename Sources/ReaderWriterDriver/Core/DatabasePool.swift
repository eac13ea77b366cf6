import SQLiteEngine

/// A WAL database with one writer connection and up to ``Configuration/maximumReaderCount`` read-only connections:
/// writes are serialized, reads run beside each other and beside the write.
///
/// Opening switches the file to WAL (unless read-only) and sets `synchronous = NORMAL` on the writer. Each `read`
/// sees one snapshot, taken when it starts: a write committed after that is never seen by it, not even partly.
/// With ``Configuration/restoresJournalModeOnClose`` the file gets its original journal mode back on ``close()``.
public final class DatabasePool: DatabaseWriter {
    /// The configuration the writer and the readers were opened with.
    public let configuration: Configuration
    /// The path of the database file, as given to ``init(path:configuration:)``.
    public let path: String
    private let owner = AccessOwner()
    private let writer: SerializedConnection
    let readers: ReaderPool
    private let label: String
    /// The journal mode the file had before the pool switched it to WAL (`nil`: not switched).
    private let originalJournalMode: OriginalJournalMode
    private let isClosed = Locked(false)
    /// The value observations started on this pool.
    let observations = ObservationRegistry()

    /// Opens (creating it unless read-only) the database file at `path` and switches it to WAL.
    ///
    /// - Throws: ``DatabaseError`` `.invalidConfiguration` for an in-memory path, a journal mode other than WAL or a
    ///   reader count below 1; SQLite's error when the file cannot be opened or switched.
    public init(path: String, configuration: Configuration = Configuration()) throws {
        let label = configuration.label ?? "DatabasePool"
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file::memory:") else {
            throw Self.configurationError("a DatabasePool needs a database file (WAL does not work in memory)", label)
        }
        guard configuration.journalMode == nil || configuration.journalMode == .wal else {
            throw Self.configurationError("a DatabasePool always uses WAL; journal mode must be nil or .wal", label)
        }
        guard configuration.maximumReaderCount >= 1 else {
            throw Self.configurationError("maximumReaderCount must be at least 1", label)
        }
        self.configuration = configuration
        self.path = path
        self.label = label
        let ownerID = owner.id
        let original = OriginalJournalMode()
        originalJournalMode = original
        let observations = self.observations
        let readerPool = ReaderPool(maximum: configuration.maximumReaderCount, label: label) { number in
            SerializedConnection(queueLabel: "driverport.pool.reader\(number).\(label)", label: label) {
                try ConnectionOpener.open(
                    path: path, configuration: configuration, role: .poolReader, label: label, owner: ownerID)
            }
        }
        readers = readerPool
        writer = SerializedConnection(queueLabel: "driverport.pool.writer.\(label)", label: label) {
            try ConnectionOpener.open(
                path: path, configuration: configuration, role: .poolWriter, label: label, owner: ownerID
            ) { core in
                core.writeObserver = observations
                core.closeOtherConnections = { readerPool.closeIdle() }
                if !configuration.readonly {
                    let previous = try Self.switchToWAL(core)
                    original.remember(previous)
                    try core.control("PRAGMA synchronous = NORMAL")
                }
            }
        }
        // Open the writer now: WAL must be in place before any reader opens, and errors belong here.
        try writer.sync { _ in }
    }

    private static func configurationError(_ message: String, _ label: String) -> DatabaseError {
        DatabaseError(
            kind: .invalidConfiguration, extendedResultCode: .SQLITE_MISUSE, message: "\(message) (\(label))")
    }

    /// Switches the file to WAL; returns the mode it had before.
    private static func switchToWAL(_ core: ConnectionCore) throws -> JournalMode? {
        guard case .text(let current)? = try core.controlValue("PRAGMA journal_mode") else { return nil }
        let previous = JournalMode(rawValue: current.lowercased())
        guard previous != .wal else { return .wal }
        let result = try core.controlValue("PRAGMA journal_mode = WAL")
        guard case .text(let applied)? = result, applied.lowercased() == "wal" else {
            throw configurationError(
                "the file could not be switched to WAL (SQLite kept \(result?.description ?? "none"))", core.label)
        }
        // Open the WAL and build its index now, on the writer. Otherwise the first reads do it, and a reader that
        // starts while another one is in that recovery fails at once with SQLITE_BUSY_RECOVERY.
        _ = try core.controlValue("PRAGMA schema_version")
        return previous
    }

    deinit { try? closeConnections() }

    /// Waits for running accesses, closes the readers, puts the original journal mode back when configured, and
    /// closes the writer.
    ///
    /// - Throws: ``DatabaseError`` when the journal mode cannot be restored (for example because another process
    ///   has the file open); the connections are closed anyway.
    public func close() throws {
        try owner.checkNotReentrant(.maintenance, label: label)
        try closeConnections()
    }

    private func closeConnections() throws {
        let first = isClosed.withLock { closed in
            defer { closed = true }
            return !closed
        }
        guard first else { return }
        for reader in readers.close() { try? reader.close() }
        let restore = configuration.restoresJournalModeOnClose ? originalJournalMode.value : nil
        try writer.close { core in
            guard let restore, restore != .wal else { return }
            // SQLite removes `-wal` and `-shm` on leaving WAL only when this connection's pager has opened the WAL:
            // a writer that never read since the switch (a pool that only read) would leave its readers' sidecars.
            _ = try core.controlValue("SELECT count(*) FROM sqlite_master")
            let result = try core.controlValue("PRAGMA journal_mode = \(restore.rawValue)")
            guard case .text(let applied)? = result, applied.lowercased() == restore.rawValue else {
                throw DatabaseError(
                    kind: .invalidConfiguration, extendedResultCode: .SQLITE_BUSY,
                    message: "the journal mode \(restore.rawValue) could not be restored (\(label)): SQLite kept "
                        + "\(result?.description ?? "none"); another connection may have the file open")
            }
        }
    }

    /// Closes the idle read-only connections, so the next reads open new ones (running
    /// ``Configuration/prepareDatabase(_:)`` again). Call it after changing the encryption key, typically at the end of
    /// a `barrierWriteWithoutTransaction` (where no read runs); readers in use are left alone.
    public func invalidateReadOnlyConnections() {
        readers.closeIdle()
    }

    // MARK: Synchronous access

    /// Runs `body` in a read-only transaction on one of the reader connections and returns its result, blocking the
    /// calling thread until it is done (and while every reader is busy, or a barrier write is pending).
    ///
    /// The snapshot is taken as the access starts, so `body` never sees a write committed after that, not even partly;
    /// it runs beside the writer and other reads. Any statement that writes fails with
    /// ``DatabaseError/Kind/writeInReadAccess``.
    ///
    /// - Parameter body: The database work; its `db` is valid only during the call.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; ``DatabaseError/Kind/reentrantAccess`` when called inside an access of this
    ///   database; ``DatabaseError/Kind/closed`` after ``close()``; a ``DatabaseError`` when SQLite fails outside
    ///   `body` (opening the connection, beginning or committing the transaction).
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try owner.checkNotReentrant(.read, label: label)
        let reader = try readers.acquire()
        defer { readers.release(reader) }
        return try reader.sync { try $0.performRead(cancellation: nil, body) }
    }

    /// Runs `body` on one of the reader connections without a transaction and returns its result, blocking the calling
    /// thread until it is done.
    ///
    /// Each statement sees the latest committed state, so two statements may see different states; cheaper than `read`
    /// for one statement. Writes fail as in `read`. `body` must not leave a transaction open.
    ///
    /// - Parameter body: The database work; its `db` is valid only during the call.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; ``DatabaseError/Kind/reentrantAccess`` when called inside an access of this
    ///   database; ``DatabaseError/Kind/closed`` after ``close()``; a ``DatabaseError`` when SQLite fails outside
    ///   `body` (opening the connection, beginning or committing the transaction).
    public func unsafeRead<T>(_ body: (Database) throws -> T) throws -> T {
        try owner.checkNotReentrant(.unsafeRead, label: label)
        let reader = try readers.acquire()
        defer { readers.release(reader) }
        return try reader.sync { try $0.performUnsafeRead(cancellation: nil, body) }
    }

    /// Runs `body` on the writer in an IMMEDIATE transaction, committed when it returns and rolled back when it throws,
    /// and returns its result, blocking the calling thread until it is done. Writes are serialized; reads go on beside
    /// it and do not see it before it commits.
    ///
    /// - Parameter body: The database work; its `db` is valid only during the call.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; ``DatabaseError/Kind/reentrantAccess`` when called inside an access of this
    ///   database; ``DatabaseError/Kind/closed`` after ``close()``; a ``DatabaseError`` when SQLite fails outside
    ///   `body` (opening the connection, beginning or committing the transaction).
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try owner.checkNotReentrant(.write, label: label)
        return try writer.sync { try $0.performWrite(cancellation: nil, body) }
    }

    /// Runs `body` on the writer outside any transaction and returns its result, blocking the calling thread until it
    /// is done. `body` may open transactions (``Database/inTransaction(_:_:)``) but must not leave one open: it is
    /// rolled back and ``DatabaseError/Kind/transactionLeftOpen`` thrown.
    ///
    /// - Parameter body: The database work; its `db` is valid only during the call.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; ``DatabaseError/Kind/reentrantAccess`` when called inside an access of this
    ///   database; ``DatabaseError/Kind/closed`` after ``close()``; a ``DatabaseError`` when SQLite fails outside
    ///   `body` (opening the connection, beginning or committing the transaction).
    public func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try owner.checkNotReentrant(.writeWithoutTransaction, label: label)
        return try writer.sync {
            try $0.performWriteWithoutTransaction(.writeWithoutTransaction, cancellation: nil, body)
        }
    }

    /// Runs `body` on the writer outside any transaction, once no read is running, and holds new reads back until it is
    /// done: the place for work no reader may overlap, such as changing the encryption key (then call
    /// ``invalidateReadOnlyConnections()``). Blocks the calling thread; returns what `body` returns.
    ///
    /// - Parameter body: The database work; its `db` is valid only during the call.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; ``DatabaseError/Kind/reentrantAccess`` when called inside an access of this
    ///   database; ``DatabaseError/Kind/closed`` after ``close()``; a ``DatabaseError`` when SQLite fails outside
    ///   `body` (opening the connection, beginning or committing the transaction).
    public func barrierWriteWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try owner.checkNotReentrant(.barrierWrite, label: label)
        return try writer.sync { core in
            readers.beginBarrier()
            defer { readers.endBarrier() }
            return try core.performWriteWithoutTransaction(.barrierWrite, cancellation: nil, body)
        }
    }

    // MARK: Async access

    /// Runs `body` in a read-only transaction on one of the reader connections and returns its result, suspending the
    /// task (not blocking a thread) while it waits for a free reader and while `body` runs. Snapshot and read-only
    /// rules as in the synchronous `read`.
    ///
    /// - Parameter body: The database work; its `db` is valid only during the call.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; `CancellationError` when the task is cancelled (checked between statements and
    ///   inside long ones); ``DatabaseError/Kind/closed`` after ``close()``; a ``DatabaseError`` when SQLite fails
    ///   outside `body` (opening the connection, beginning or committing the transaction).
    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let reader = try await readers.acquire()
        let flag = CancellationFlag()
        let readers = self.readers
        return try await reader.async(cancellation: flag, whenDone: { readers.release(reader) }) {
            try $0.performRead(cancellation: flag, body)
        }
    }

    /// Runs `body` on one of the reader connections without a transaction and returns its result, suspending the task
    /// while it waits for a free reader and while `body` runs. Each statement sees the latest committed state.
    ///
    /// - Parameter body: The database work; its `db` is valid only during the call.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; `CancellationError` when the task is cancelled (checked between statements and
    ///   inside long ones); ``DatabaseError/Kind/closed`` after ``close()``; a ``DatabaseError`` when SQLite fails
    ///   outside `body` (opening the connection, beginning or committing the transaction).
    public func unsafeRead<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let reader = try await readers.acquire()
        let flag = CancellationFlag()
        let readers = self.readers
        return try await reader.async(cancellation: flag, whenDone: { readers.release(reader) }) {
            try $0.performUnsafeRead(cancellation: flag, body)
        }
    }

    /// Runs `body` on the writer in an IMMEDIATE transaction, committed when it returns and rolled back when it throws
    /// (or when the task is cancelled), and returns its result, suspending the task until it is done.
    ///
    /// - Parameter body: The database work; its `db` is valid only during the call.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; `CancellationError` when the task is cancelled (checked between statements and
    ///   inside long ones); ``DatabaseError/Kind/closed`` after ``close()``; a ``DatabaseError`` when SQLite fails
    ///   outside `body` (opening the connection, beginning or committing the transaction).
    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let flag = CancellationFlag()
        return try await writer.async(cancellation: flag) { try $0.performWrite(cancellation: flag, body) }
    }

    /// Runs `body` on the writer outside any transaction and returns its result, suspending the task until it is done.
    /// `body` must not leave a transaction open (it is rolled back and ``DatabaseError/Kind/transactionLeftOpen``
    /// thrown).
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
        return try await writer.async(cancellation: flag) {
            try $0.performWriteWithoutTransaction(.writeWithoutTransaction, cancellation: flag, body)
        }
    }

    /// Runs `body` on the writer outside any transaction, once no read is running, holding new reads back until it is
    /// done, and returns its result, suspending the task meanwhile.
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
        let readers = self.readers
        return try await writer.async(cancellation: flag) { core in
            readers.beginBarrier()
            defer { readers.endBarrier() }
            return try core.performWriteWithoutTransaction(.barrierWrite, cancellation: flag, body)
        }
    }
}

/// The journal mode a file had before a pool switched it to WAL, recorded by the writer's first open.
private final class OriginalJournalMode: Sendable {
    private let mode = Locked<JournalMode?>(nil)

    /// Keeps the first mode seen (a writer reopened after a failure sees WAL already).
    func remember(_ journalMode: JournalMode?) {
        mode.withLock { if $0 == nil { $0 = journalMode } }
    }

    var value: JournalMode? { mode.withLock { $0 } }
}
