import SQLiteEngine

/// One open connection with everything that lives as long as it: the statement cache, the driver's own control
/// statements, and the handlers SQLite calls back.
///
/// Not thread-safe: its owner (a ``SerializedConnection``) only touches it from jobs on its serial queue.
@usableFromInline
final class ConnectionCore {
    /// What a connection is for, which decides its set-up and how reads run on it.
    enum Role {
        /// The one connection of a ``DatabaseQueue``: reads run with `query_only`.
        case queue
        /// The writer of a ``DatabasePool``.
        case poolWriter
        /// A read-only connection of a ``DatabasePool``.
        case poolReader
    }

    let engine: EngineConnection
    let configuration: Configuration
    let role: Role
    /// The database's diagnostic name.
    let label: String
    /// The queue or pool this connection belongs to (for reentrancy checks).
    let owner: ObjectIdentifier
    private(set) var isClosed = false

    /// Statements from ``Database/cachedStatement(sql:)``, by SQL text.
    var statementCache: [String: Statement] = [:]
    private var controlStatements: [String: EngineStatement] = [:]
    /// The cancellation flag of the async access running now, read by the progress handler.
    var activeCancellation: CancellationFlag?
    /// How many savepoints are open, for unique savepoint names.
    var savepointDepth = 0
    /// What the record layer knows of each table (by name as given), valid for `schemaVersion`.
    var tableSchemas: [String: TableSchema] = [:]
    /// `PRAGMA schema_version` when `tableSchemas` was last validated.
    var schemaVersion: SQLiteValue?
    /// INSERT statements of records, by shape (text only: the statements live in `statementCache`).
    var insertSQLCache: [InsertShape: String] = [:]
    /// Whether `tableSchemas` was validated in the current access (and no statement of it changed the schema).
    var schemaChecked = false
    /// Called on the writer after a write access that changed rows (set by a queue or pool for its observations).
    var writeObserver: (@Sendable () -> Void)?
    private var busyHandler: EngineBusyHandler?
    private var progressHandler: EngineProgressHandler?

    init(engine: EngineConnection, configuration: Configuration, role: Role, label: String, owner: ObjectIdentifier) {
        self.engine = engine
        self.configuration = configuration
        self.role = role
        self.label = label
        self.owner = owner
    }

    /// Installs the busy mode and the cancellation progress handler (C calls only: no statement runs).
    func installHandlers() throws {
        do {
            switch configuration.busyMode {
            case .immediateError:
                try engine.setBusyTimeout(milliseconds: 0)
            case .timeout(let seconds):
                let milliseconds = max(0, min(Double(Int32.max), (seconds * 1000).rounded()))
                try engine.setBusyTimeout(milliseconds: Int32(milliseconds))
            case .callback(let callback):
                let handler = EngineBusyHandler(callback)
                try engine.setBusyHandler(handler)
                busyHandler = handler
            }
            // Runs about every thousand VM instructions: interrupts a long statement once its task is cancelled.
            let progress = EngineProgressHandler { [unowned self] in self.activeCancellation?.isCancelled ?? false }
            try engine.setProgressHandler(every: 1000, progress)
            progressHandler = progress
        } catch {
            throw DatabaseError(error)
        }
    }

    /// Runs one of the driver's own statements (BEGIN, COMMIT, pragmas...), compiled once per connection.
    func control(_ sql: String) throws {
        do {
            let statement: EngineStatement
            if let cached = controlStatements[sql] {
                statement = cached
                statement.reset()
            } else {
                statement = try engine.prepareSingle(sql)
                controlStatements[sql] = statement
            }
            while try statement.step() {}
            statement.reset()
        } catch {
            throw DatabaseError(error)
        }
    }

    /// The first column of the first row of one of the driver's own queries.
    func controlValue(_ sql: String) throws -> SQLiteValue? {
        do {
            return try engine.scalar(sql)
        } catch {
            throw DatabaseError(error)
        }
    }

    /// Closes the connection; the statement cache goes first so no statement outlives it.
    func close() {
        guard !isClosed else { return }
        statementCache.removeAll()
        controlStatements.removeAll()
        try? engine.setProgressHandler(every: 0, nil)
        try? engine.setBusyHandler(nil)
        engine.close()
        busyHandler = nil
        progressHandler = nil
        isClosed = true
    }

    deinit { close() }
}
