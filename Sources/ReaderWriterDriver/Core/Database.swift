import SQLiteEngine

/// The handle a database access gives its closure: run statements, fetch rows, open savepoints.
///
/// A `Database` is valid only inside the closure that received it (`read { db in ... }`, `write { db in ... }`).
/// It is not `Sendable`, so it cannot cross to another task or thread, and it is a closure parameter, so it is not
/// meant to be stored. Swift cannot forbid assigning it to an outer variable; using it after its closure returned
/// stops the program with a precondition failure naming the mistake (a programmer error, never a data error).
public final class Database {
    /// The connection this access runs on. Read only while the access is running (the connection outlives it).
    @usableFromInline unowned(unsafe) let core: ConnectionCore
    /// False once the access is over: every entry point checks it.
    @exclusivity(unchecked) @usableFromInline var isAccessible = true
    @usableFromInline let access: AccessKind
    /// Set when the awaiting task is cancelled (async accesses only).
    @usableFromInline let cancellation: CancellationFlag?
    /// The queue or pool this access belongs to.
    let owner: ObjectIdentifier
    /// The access that was running on this thread when this one started (see ``AccessMarker``).
    var enclosing: Database?
    /// Statements whose rows were being read in this access; reset when it ends so none keeps a snapshot open.
    @exclusivity(unchecked) @usableFromInline var openCursorStatements: [Statement] = []

    /// The diagnostic label of the queue or pool.
    public let label: String
    /// The configuration the connection was opened with.
    public var configuration: Configuration { core.configuration }

    init(core: ConnectionCore, access: AccessKind, cancellation: CancellationFlag?) {
        self.core = core
        self.access = access
        self.cancellation = cancellation
        self.owner = core.owner
        self.label = core.label
    }

    /// Ends the access: resets statements left mid-way and makes the handle unusable.
    func endAccess() {
        for statement in openCursorStatements {
            statement.isReadingRows = false
            statement.engine.reset()
        }
        openCursorStatements.removeAll()
        isAccessible = false
    }

    // MARK: Checks

    @inlinable
    func preconditionAccessible() {
        precondition(
            isAccessible,
            "a Database handle was used after the read/write closure that received it returned; "
                + "the db handle (and its statements and cursors) must not escape its closure")
    }

    /// Throws `CancellationError` when the task awaiting this access was cancelled.
    ///
    /// The driver checks before every statement and before every row of a cursor; call it in long loops of your own.
    @inlinable
    public func checkCancellation() throws {
        if let cancellation, cancellation.isCancelled { throw CancellationError() }
    }

    /// The error to throw for an engine error: cancellation, a write refused inside a read, or SQLite's own.
    @usableFromInline
    func error(from error: SQLiteError, arguments: [SQLiteValue]?) -> any Error {
        if error.code == SQLiteEngine.ResultCode.interrupt, let cancellation, cancellation.isCancelled {
            return CancellationError()
        }
        if access.isReadOnly, error.code == SQLiteEngine.ResultCode.readonly {
            return DatabaseError(
                kind: .writeInReadAccess, extendedResultCode: ResultCode(rawValue: error.extendedCode),
                message: "\(error.message): statements that write are not allowed inside \(access.name) "
                    + "(\(label)); use write", sql: error.sql, arguments: arguments)
        }
        return DatabaseError(error, arguments: arguments)
    }

    // MARK: Statements

    /// Compiles one statement (the SQL text must hold exactly one).
    public func makeStatement(sql: String) throws -> Statement {
        preconditionAccessible()
        do {
            return Statement(engine: try core.engine.prepareSingle(core.engine.driverSQL(sql)), database: self, sql: sql)
        } catch {
            throw self.error(from: error, arguments: nil)
        }
    }

    /// A compiled statement from this connection's cache, compiled on first use: the fast way to run the same SQL
    /// many times. Each call resets it; do not run it again while one of its cursors is still being read.
    public func cachedStatement(sql: String) throws -> Statement {
        preconditionAccessible()
        if let statement = core.statementCache[sql] {
            statement.checkOut(by: self)
            return statement
        }
        let statement = try makeStatement(sql: sql)
        core.statementCache[sql] = statement
        return statement
    }

    /// Runs SQL text: one statement or a script of several, with arguments bound in order across them (each
    /// statement takes the positional values it needs; named values are matched by name). Rows are discarded.
    ///
    /// Cancellation is checked before each statement of a script.
    public func execute(sql: String, arguments: StatementArguments = []) throws {
        preconditionAccessible()
        var position = 0
        do {
            try core.engine.forEachStatement(in: core.engine.driverSQL(sql)) { statement in
                try checkCancellation()
                try arguments.bind(to: statement, sql: statement.sql, position: &position)
                try run(statement, arguments: arguments)
                if core.schemaChecked, TableSchema.mayChangeSchema(statement.sql) { core.schemaChecked = false }
            }
        } catch let error as SQLiteError {
            throw self.error(from: error, arguments: arguments.allValues)
        }
        if position < arguments.values.count {
            throw DatabaseError.invalidArguments(
                "too many arguments: \(arguments.values.count) values for \(position) parameters", sql: sql,
                arguments: arguments.allValues)
        }
    }

    private func run(_ statement: EngineStatement, arguments: StatementArguments) throws {
        do {
            while try statement.step() {}
        } catch {
            throw self.error(from: error, arguments: arguments.allValues)
        }
    }

    // MARK: Connection facts

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changesCount: Int { preconditionAccessible(); return core.engine.changes }
    /// Rows changed since the connection opened.
    public var totalChangesCount: Int { preconditionAccessible(); return core.engine.totalChanges }
    /// The rowid of the last successful INSERT.
    public var lastInsertedRowID: Int64 { preconditionAccessible(); return core.engine.lastInsertRowid }
    /// Whether a transaction (or savepoint) is open.
    public var isInsideTransaction: Bool { preconditionAccessible(); return !core.engine.isAutocommit }

    /// Gives the engine connection to code that works on it directly (for example a cipher's key set-up in
    /// ``Configuration/prepareDatabase(_:)``). Do not close it or keep it beyond `body`.
    public func withEngineConnection<T>(_ body: (EngineConnection) throws -> T) rethrows -> T {
        preconditionAccessible()
        return try body(core.engine)
    }
}

/// What SQLite does when an insert or update breaks a uniqueness or NOT NULL constraint (`INSERT OR ...`).
extension Database {
    /// The conflict clause of an insert or update (`INSERT OR ...`, `UPDATE OR ...`), as GRDB's
    /// `Database.ConflictResolution`. Where a method takes an optional one, `nil` writes no clause: SQLite's default,
    /// ``abort``, unless the table's schema declares another.
    public enum ConflictResolution: String, Sendable {
        /// `OR ROLLBACK`: the statement fails and the whole transaction is rolled back.
        case rollback = "ROLLBACK"
        /// `OR ABORT`: the statement fails and its own changes are undone; earlier statements of the transaction stay.
        /// SQLite's default.
        case abort = "ABORT"
        /// `OR FAIL`: the statement fails, but the rows it changed before the conflict keep their changes.
        case fail = "FAIL"
        /// `OR IGNORE`: the conflicting row is skipped silently and the statement goes on. After an ignored insert,
        /// ``InsertionSuccess/rowID`` is not the record's rowid.
        case ignore = "IGNORE"
        /// `OR REPLACE`: the rows that break a UNIQUE or PRIMARY KEY constraint are deleted before the new row is
        /// written; a NOT NULL column given NULL takes its default value (or the statement fails as with ``abort``).
        case replace = "REPLACE"
    }
}
