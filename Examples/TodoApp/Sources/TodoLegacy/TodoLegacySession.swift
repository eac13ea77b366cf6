import LegacyDriver
import LegacySessions
import PersistenceSession
import TodoModel

/// The to-do app's session on the legacy driver: DriverPort's `LegacySessionEngine` configured with the app's
/// contexts, open check and schema. One retained connection, as the app has it on SQLite.swift today.
public enum TodoLegacySession {
    /// The session type.
    public typealias Engine = LegacySessionEngine<any TodoReadContext, any TodoWriteContext>

    /// Opens an existing to-do file.
    ///
    /// - Throws: ``PersistenceError/notFound(path:)``, ``PersistenceError/schemaTooNew(path:found:supported:)``,
    ///   ``PersistenceError/wrongKindOfFile(path:expected:reason:)`` (see ``TodoFileCheck``), SQLite's failures as
    ///   ``PersistenceError``.
    public static func open(at path: String, access: SessionAccess = .readWrite) throws -> Engine {
        try Engine.open(at: path, access: access, setup: setup(path: path))
    }

    /// Creates a new to-do file (schema version 1) and opens it; never overwrites.
    public static func create(at path: String) throws -> Engine {
        try Engine.create(at: path, setup: setup(path: path))
    }

    /// The engine's configuration for the file at `path`.
    static func setup(path: String) -> LegacySessionSetup<any TodoReadContext, any TodoWriteContext> {
        var setup = LegacySessionSetup<any TodoReadContext, any TodoWriteContext>(
            makeReadContext: { LegacyTodoReadContext(unit: $0) },
            makeWriteContext: { LegacyTodoWriteContext(unit: $0) }
        )
        setup.createSchema = { db in
            try db.execute(TodoSchema.createVersion1)
            try db.execute("PRAGMA user_version = \(TodoSchema.version)")
        }
        setup.afterOpen = { db, _ in
            let master = Table("sqlite_master")
            let type = SQLExpression<String>("type")
            let name = SQLExpression<String>("name")
            let tables = try db.prepare(master.filter(type == "table").select(name)).map { try $0.get(name) }
            let userVersion = SQLExpression<Int64>("user_version")
            let version = try db.prepareRowIterator("PRAGMA user_version").next().map { try $0.get(userVersion) } ?? 0
            try TodoFileCheck.check(path: path, userVersion: version, tables: Set(tables))
            // SQLite.swift leaves foreign keys off (SQLite's default); the schema's ON DELETE CASCADE needs them on.
            try db.execute("PRAGMA foreign_keys = ON")
        }
        return setup
    }
}
