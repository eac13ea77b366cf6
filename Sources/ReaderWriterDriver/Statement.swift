import SQLiteEngine

/// A compiled SQL statement of one connection: run it with arguments, or fetch rows from it.
///
/// Get one from ``Database/makeStatement(sql:)`` or ``Database/cachedStatement(sql:)``. Like its `Database`, it is
/// usable only inside the access that handed it out.
public final class Statement {
    /// The SQL text it was compiled from.
    public let sql: String
    /// The engine statement (bind, step, column accessors).
    @usableFromInline let engine: EngineStatement
    /// The access it was handed out in; replaced each time the cache hands it out again.
    @usableFromInline var database: Database
    /// How many parameters it has.
    @usableFromInline let parameterCount: Int32
    /// How many columns its rows have; refreshed when a cursor reads its first row (a schema change can
    /// recompile `SELECT *`).
    @usableFromInline var columnCount: Int32
    private var columnIndexes: [String: Int]?
    /// Whether a cursor is reading its rows now (a fetch then compiles a fresh statement instead of resetting it).
    @usableFromInline var isReadingRows = false

    init(engine: EngineStatement, database: Database, sql: String) {
        self.engine = engine
        self.database = database
        self.sql = sql
        self.parameterCount = engine.parameterCount
        self.columnCount = engine.columnCount
    }

    /// Hands a cached statement to a new access.
    func checkOut(by database: Database) {
        self.database = database
        isReadingRows = false
        engine.reset()
    }

    /// The names of the result columns, in order.
    public var columnNames: [String] { engine.columnNames }

    /// Whether the statement leaves the database unchanged.
    public var isReadOnly: Bool { engine.isReadOnly }

    /// The 0-based index of the first column with this name (compared case-insensitively, as SQLite does), or `nil`.
    public func index(ofColumn name: String) -> Int? {
        if let columnIndexes { return columnIndexes[name.lowercased()] }
        var indexes: [String: Int] = [:]
        for (index, column) in engine.columnNames.enumerated() where indexes[column.lowercased()] == nil {
            indexes[column.lowercased()] = index
        }
        columnIndexes = indexes
        return indexes[name.lowercased()]
    }

    // MARK: Running

    /// Checks the access, rewinds the statement and binds `arguments` (every parameter must get a value).
    @usableFromInline
    func start(arguments: StatementArguments) throws {
        database.preconditionAccessible()
        try database.checkCancellation()
        engine.reset()
        var position = 0
        try arguments.bind(to: engine, sql: sql, position: &position)
        if position < arguments.values.count {
            throw DatabaseError.invalidArguments(
                "too many arguments: \(arguments.values.count) values for \(position) parameters", sql: sql,
                arguments: arguments.allValues)
        }
    }

    /// Steps once, turning an engine error into the access's error (with the arguments, for context).
    @inlinable
    func step(arguments: @autoclosure () -> [SQLiteValue]?) throws -> Bool {
        do {
            return try engine.step()
        } catch {
            throw database.error(from: error, arguments: arguments())
        }
    }

    /// Runs the statement with arguments, discarding rows.
    public func execute(arguments: StatementArguments = []) throws {
        try start(arguments: arguments)
        while try step(arguments: arguments.allValues) {}
    }

    /// Runs the statement with one value per parameter, in order, without building an argument array: the fast
    /// way to run an INSERT many times.
    @inlinable
    public func execute<each Value: DatabaseValueConvertible>(values: repeat each Value) throws {
        database.preconditionAccessible()
        try database.checkCancellation()
        engine.reset()
        var index: Int32 = 0
        do {
            for value in repeat each values {
                index += 1
                try value.bind(to: engine, at: index)
            }
        } catch let error as SQLiteError {
            throw database.error(from: error, arguments: Self.values(repeat each values))
        }
        if index != parameterCount {
            throw DatabaseError.invalidArguments(
                "\(index) values for \(parameterCount) parameters", sql: sql,
                arguments: Self.values(repeat each values))
        }
        while try step(arguments: Self.values(repeat each values)) {}
    }

    @usableFromInline
    static func values<each Value: DatabaseValueConvertible>(_ values: repeat each Value) -> [SQLiteValue] {
        var result: [SQLiteValue] = []
        for value in repeat each values { result.append(value.databaseValue) }
        return result
    }

    // MARK: Errors

    @usableFromInline
    func columnError(index: Int) -> DatabaseError {
        DatabaseError(
            kind: .columnNotFound, extendedResultCode: ResultCode.range,
            message: "no column at index \(index): the row has \(columnCount) columns", sql: sql)
    }

    @usableFromInline
    func conversionError<Value>(column index: Int, to type: Value.Type) -> DatabaseError {
        let name = index < columnCount ? engine.columnName(Int32(index)) : "?"
        let storage = engine.storageClass(at: Int32(index))
        let what = storage == .null ? "is NULL" : "holds \(storage) which \(Value.self) cannot represent"
        return DatabaseError(
            kind: .valueConversion, extendedResultCode: ResultCode.mismatch,
            message: "column \(index) (\(name)) \(what); cannot read it as \(Value.self)", sql: sql)
    }
}
