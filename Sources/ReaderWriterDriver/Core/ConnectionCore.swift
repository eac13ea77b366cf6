import SQLiteCipher
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

    /// The engine connection; replaced only by ``reopenRekeyed(with:)`` (on the connection's queue, like every use).
    @exclusivity(unchecked) private(set) var engine: EngineConnection
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
    /// The last record INSERT (its statement is also in `statementCache`).
    var lastInsert: LastInsert?
    /// Whether `tableSchemas` was validated in the current access (and no statement of it changed the schema).
    var schemaChecked = false
    /// Told on the writer which tables a write access changed (set by a queue or pool for its observations).
    var writeObserver: ObservationRegistry?
    /// The set-up of the queue or pool that owns the connection (journal mode...), run after each open.
    var setUp: ((ConnectionCore) throws -> Void)?
    /// Closes the owner's other connections before a rekey (a pool's idle readers), which SQLite needs to leave WAL.
    var closeOtherConnections: (() -> Void)?
    /// The key ``Database/usePassphrase(_:)-(String)`` applies instead of its argument while the connection is
    /// reopened after ``Database/changePassphrase(_:)-(String)`` (the configuration still names the old one).
    var passphraseOverride: CipherKey?
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
            switch configuration.busyMode(for: role) {
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

    /// Installs the handlers, runs ``Configuration/prepareDatabase(_:)`` (before any statement), then sets
    /// `foreign_keys`: everything a connection gets before its owner's ``setUp``.
    func prepare() throws {
        try installHandlers()
        if !configuration.preparations.isEmpty {
            let outerCancellation = activeCancellation
            defer { activeCancellation = outerCancellation }
            try withDatabase(.setup, cancellation: nil) { db in
                for prepare in configuration.preparations { try prepare(db) }
            }
        }
        if let passphraseOverride, (try? PageCodec.status(of: engine).isKeyed) != true {
            // The preparations keyed the connection another way than usePassphrase, or not at all.
            try PageCodec.apply(.auto, key: passphraseOverride, to: engine)
        }
        try control("PRAGMA foreign_keys = \(configuration.foreignKeysEnabled ? "ON" : "OFF")")
    }

    /// Opens the file again, keyed with `key`, after a rekey replaced it (this connection still reads the old
    /// file): statements and handlers go, ``prepare()`` and ``setUp`` run again with `key` in place of the
    /// passphrase the configuration applies.
    func reopenRekeyed(with key: CipherKey) throws {
        let path = engine.path
        releaseEngine()
        let options = OpenOptions(access: .readWrite, vfs: configuration.vfs, threading: .ownerSerialized)
        do {
            engine = try EngineConnection(path: path, options: options, library: configuration.library)
        } catch {
            isClosed = true
            throw DatabaseError(error)
        }
        passphraseOverride = key
        defer { passphraseOverride = nil }
        do {
            try prepare()
            try setUp?(self)
        } catch {
            close()
            throw error
        }
        tableSchemas.removeAll()
        schemaVersion = nil
    }

    /// Closes the connection; the statement cache goes first so no statement outlives it.
    func close() {
        guard !isClosed else { return }
        releaseEngine()
        isClosed = true
    }

    private func releaseEngine() {
        lastInsert = nil
        statementCache.removeAll()
        controlStatements.removeAll()
        try? engine.setProgressHandler(every: 0, nil)
        try? engine.setBusyHandler(nil)
        engine.close()
        busyHandler = nil
        progressHandler = nil
    }

    deinit { close() }
}
