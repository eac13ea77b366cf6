import SQLiteEngine

/// A compiled SQL statement of one connection: run it with arguments, or fetch rows from it.
///
/// Get one from ``Database/makeStatement(sql:)`` or ``Database/cachedStatement(sql:)``. Like its `Database`, it is
/// usable only inside the access that handed it out.
///
/// Three ways to run it, from most convenient to fastest: ``execute(arguments:)`` (an argument array),
/// ``execute(values:)`` (one value per parameter, no array), and ``bind(_:at:)`` for each parameter followed by
/// ``execute()`` (fully specialized, within a few percent of the C API). Between runs the statement is always
/// rewound, so it can be bound again at once.
public final class Statement {
    /// The SQL text it was compiled from.
    public let sql: String
    /// The engine statement (bind, step, column accessors).
    @usableFromInline let engine: EngineStatement
    /// The access it was handed out in; replaced each time the cache hands it out again.
    @exclusivity(unchecked) @usableFromInline var database: Database
    /// How many parameters it has.
    @usableFromInline let parameterCount: Int32
    /// How many columns its rows have; refreshed when a cursor reads its first row (a schema change can
    /// recompile `SELECT *`).
    @exclusivity(unchecked) @usableFromInline var columnCount: Int32
    /// Column names and their lookup table, computed on first use after the statement (re)started.
    private var layoutCache: ColumnLayout?
    /// Which parameters (1...64) got a value since the statement was compiled; parameters beyond 64 are not
    /// tracked. ``execute()`` refuses to run with a parameter never bound.
    @exclusivity(unchecked) @usableFromInline var boundMask: UInt64 = 0
    /// The mask with every parameter bound.
    @usableFromInline let fullMask: UInt64
    /// Whether a cursor is reading its rows now (a fetch then compiles a fresh statement instead of resetting it).
    @exclusivity(unchecked) @usableFromInline var isReadingRows = false

    init(engine: EngineStatement, database: Database, sql: String) {
        self.engine = engine
        self.database = database
        self.sql = sql
        self.parameterCount = engine.parameterCount
        self.columnCount = engine.columnCount
        let tracked = min(Int(engine.parameterCount), 64)
        self.fullMask = tracked == 64 ? .max : (UInt64(1) << UInt64(tracked)) - 1
    }

    /// Hands a cached statement to a new access.
    func checkOut(by database: Database) {
        self.database = database
        isReadingRows = false
        engine.reset()
    }

    /// The names of the result columns, in order.
    public var columnNames: [String] { layout.names }

    /// The column names and lookup table of the current result.
    var layout: ColumnLayout {
        if let layoutCache { return layoutCache }
        let layout = ColumnLayout(names: engine.columnNames)
        layoutCache = layout
        return layout
    }

    /// Forgets the column layout: a schema change may have recompiled the statement with other columns.
    @usableFromInline
    func columnsMayHaveChanged() {
        columnCount = engine.columnCount
        layoutCache = nil
        keyMemo.removeAll(keepingCapacity: true)
    }

    /// Whether the statement leaves the database unchanged.
    public var isReadOnly: Bool { engine.isReadOnly }

    /// The 0-based index of the first column with this name (compared case-insensitively, as SQLite does), or `nil`.
    public func index(ofColumn name: String) -> Int? { layout.index(of: name) }

    /// The columns a `Decodable` record asked for by name, in the order it asked, with their indexes: records
    /// decode their keys in the same order row after row, so a match by position skips hashing the key.
    /// Reads of a row by column name (``Row/subscript(_:)-(String)``) use the same memo: code reads the same names in
    /// the same order from every row, and each step starts the memo over (``StatementStepper/step()``).
    @exclusivity(unchecked) @usableFromInline var keyMemo: [(key: String, index: Int?)] = []
    @exclusivity(unchecked) @usableFromInline var keyMemoPosition = 0

    /// Starts decoding a new record from the current row.
    func beginKeyLookups() { keyMemoPosition = 0 }

    /// ``index(ofColumn:)`` for the next key a record (or a read by name) asks for.
    @inlinable @inline(__always)
    func indexForNextKey(_ name: String) -> Int? {
        let position = keyMemoPosition
        keyMemoPosition = position &+ 1
        if position < keyMemo.count {
            let memo = keyMemo[position]
            if memo.key == name { return memo.index }
        }
        return rememberIndex(ofColumn: name, at: position)
    }

    /// Looks the name up and remembers it at `position` of the memo (the slow path of ``indexForNextKey(_:)``).
    @usableFromInline @inline(never)
    func rememberIndex(ofColumn name: String, at position: Int) -> Int? {
        let index = index(ofColumn: name)
        if position < keyMemo.count {
            keyMemo[position] = (name, index)
        } else if position == keyMemo.count, position < 256 {
            keyMemo.append((name, index))
        }
        return index
    }

    // MARK: Running

    /// Checks the access, rewinds the statement and binds `arguments` (every parameter must get a value). Empty
    /// arguments keep the values bound earlier (``bind(_:at:)`` or a previous run) when every parameter has one.
    @usableFromInline
    func start(arguments: StatementArguments) throws {
        database.preconditionAccessible()
        try database.checkCancellation()
        engine.reset()
        if arguments.isEmpty && parameterCount > 0 && boundMask == fullMask { return }
        var position = 0
        try arguments.bind(to: engine, sql: sql, position: &position)
        boundMask = fullMask
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
    public func execute(arguments: StatementArguments) throws {
        try start(arguments: arguments)
        while try step(arguments: arguments.allValues) {}
        engine.reset()
    }

    /// Runs the statement with a record's values, one per parameter in order, discarding rows (a record insert:
    /// no argument array is built).
    func execute(values: [(String, SQLiteValue)]) throws {
        database.preconditionAccessible()
        try database.checkCancellation()
        engine.reset()
        guard values.count == Int(parameterCount) else {
            throw DatabaseError.invalidArguments(
                "\(values.count) values for \(parameterCount) parameters", sql: sql, arguments: values.map(\.1))
        }
        var index: Int32 = 1
        for (_, value) in values {
            do {
                try engine.bind(value, at: index)
            } catch {
                throw database.error(from: error, arguments: values.map(\.1))
            }
            index += 1
        }
        boundMask = fullMask
        while try step(arguments: values.map(\.1)) {}
        engine.reset()
    }

    /// Binds `value` to the 1-based parameter `index`. Values stay bound until bound again, so a loop can bind
    /// only what changes, then call ``execute()``. This is the fastest way to run a statement many times.
    @inlinable
    public func bind<Value: DatabaseValueConvertible>(_ value: Value, at index: Int) throws {
        database.preconditionAccessible()
        let position = Int32(truncatingIfNeeded: index)
        do {
            try value.bind(to: engine, at: position)
        } catch let error as SQLiteError {
            throw database.error(from: error, arguments: [value.databaseValue])
        }
        if index >= 1 && index <= 64 { boundMask |= UInt64(1) << UInt64(index - 1) }
    }

    /// Runs the statement with the values bound by ``bind(_:at:)``, discarding rows.
    ///
    /// - Throws: ``DatabaseError`` `.invalidArguments` when a parameter was never bound (SQLite would silently use
    ///   NULL).
    @inlinable
    public func execute() throws {
        database.preconditionAccessible()
        try database.checkCancellation()
        guard boundMask == fullMask else { throw unboundParameterError() }
        do {
            while try engine.step() {}
        } catch {
            throw database.error(from: error, arguments: nil)
        }
        engine.reset()
    }

    @usableFromInline
    func unboundParameterError() -> DatabaseError {
        let missing = (0..<min(Int(parameterCount), 64)).filter { boundMask & (UInt64(1) << UInt64($0)) == 0 }
        return DatabaseError.invalidArguments(
            "parameters \(missing.map { $0 + 1 }) have no value: bind every parameter before execute()", sql: sql,
            arguments: nil)
    }

    /// Runs the statement with one value per parameter, in order, without building an argument array: the fast
    /// way to run an INSERT many times.
    @inlinable
    public func execute<each Value: DatabaseValueConvertible>(values: repeat each Value) throws {
        database.preconditionAccessible()
        try database.checkCancellation()
        var index: Int32 = 0
        do {
            repeat try Self.bind(each values, to: engine, next: &index)
        } catch let error as SQLiteError {
            throw database.error(from: error, arguments: Self.values(repeat each values))
        }
        if index != parameterCount {
            throw DatabaseError.invalidArguments(
                "\(index) values for \(parameterCount) parameters", sql: sql,
                arguments: Self.values(repeat each values))
        }
        boundMask = fullMask
        do {
            while try engine.step() {}
        } catch {
            throw database.error(from: error, arguments: Self.values(repeat each values))
        }
        engine.reset()
    }

    /// Binds one value to the parameter after `index`.
    @inlinable @inline(__always)
    static func bind<Value: DatabaseValueConvertible>(
        _ value: Value, to engine: EngineStatement, next index: inout Int32
    ) throws {
        index += 1
        try value.bind(to: engine, at: index)
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
            kind: .columnNotFound, extendedResultCode: .SQLITE_RANGE,
            message: "no column at index \(index): the row has \(columnCount) columns", sql: sql)
    }

    @usableFromInline
    func conversionError<Value>(column index: Int, to type: Value.Type) -> DatabaseError {
        let name = index < columnCount ? engine.columnName(Int32(index)) : "?"
        let value = index < columnCount ? engine.value(at: Int32(index)) : .null
        let what = ConversionFailure.held(value, type: Value.self)
        return DatabaseError(
            kind: .valueConversion, extendedResultCode: .SQLITE_MISMATCH,
            message: "column \(index) (\(name)) \(what); cannot read it as \(Value.self)", sql: sql)
    }
}
