import PersistenceSession
import ReaderWriterDriver
import ReaderWriterSessions
import TodoModel

/// The to-do app's sessions on the reader/writer driver: DriverPort's `ReaderWriterSessionEngine` over a
/// `DatabaseQueue` or a `DatabasePool`, configured with the app's contexts, open check and schema.
public enum TodoReaderWriterSession {
    /// The session on the serialized queue (one connection, journal mode left as the file has it).
    public typealias Queue = ReaderWriterSessionEngine<DatabaseQueue, any TodoReadContext, any TodoWriteContext>
    /// The session on the WAL pool (one writer, reads beside it; the journal mode is put back on close).
    public typealias Pool = ReaderWriterSessionEngine<DatabasePool, any TodoReadContext, any TodoWriteContext>

    /// Opens an existing to-do file on the queue.
    ///
    /// - Throws: as `TodoLegacySession.open(at:access:)`: the same open check, the same errors.
    ///
    /// - Parameter forms: how dates and ids are written; ``StoredForms/legacy`` (the default) while the legacy side
    ///   ships.
    public static func openQueue(
        at path: String, access: SessionAccess = .readWrite, forms: StoredForms = .legacy
    ) throws -> Queue {
        try Queue.open(at: path, access: access, setup: setup(path: path, checkingFile: true, forms: forms))
    }

    /// Opens an existing to-do file on the pool.
    public static func openPool(
        at path: String, access: SessionAccess = .readWrite, forms: StoredForms = .legacy
    ) throws -> Pool {
        try Pool.open(at: path, access: access, setup: setup(path: path, checkingFile: true, forms: forms))
    }

    /// Creates a new to-do file (schema version 1, the same SQL as the legacy session runs) and opens it on the
    /// queue; never overwrites.
    public static func create(at path: String) throws -> Queue {
        try Queue.create(at: path, setup: setup(path: path, checkingFile: false, forms: .legacy))
    }

    /// The engine's configuration for the file at `path`.
    ///
    /// - Parameter checkingFile: run ``TodoFileCheck`` on every new connection, before anything else touches the
    ///   file (a pool has not switched it to WAL yet, so a refused file is left as it was). Off only for a file
    ///   being created, which has no tables yet.
    static func setup(
        path: String, checkingFile: Bool, forms: StoredForms
    ) -> ReaderWriterSessionSetup<any TodoReadContext, any TodoWriteContext> {
        var configuration = Configuration()
        // GRDB's default, stated because it is a difference from SQLite.swift: the legacy session turns them on
        // explicitly, so both enforce the schema's foreign key and its ON DELETE CASCADE.
        configuration.foreignKeysEnabled = true
        if checkingFile {
            configuration.prepareDatabase { db in
                let version = try Int64.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                let tables = try String.fetchAll(db, sql: TodoFileCheck.tablesQuery)
                try TodoFileCheck.check(path: path, userVersion: version, tables: Set(tables))
            }
        }
        var setup = ReaderWriterSessionSetup<any TodoReadContext, any TodoWriteContext>(
            configuration: configuration,
            makeReadContext: { ReaderWriterTodoReadContext(unit: $0, forms: forms) },
            makeWriteContext: { ReaderWriterTodoWriteContext(unit: $0, forms: forms) }
        )
        setup.createSchema = { db in
            try db.execute(sql: TodoSchema.createVersion1)
            try db.execute(sql: "PRAGMA user_version = \(TodoSchema.version)")
        }
        return setup
    }
}
