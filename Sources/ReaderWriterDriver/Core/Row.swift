import SQLiteEngine

/// One result row: read columns by index (fastest) or by name, as any ``DatabaseValueConvertible`` type.
///
/// A row read from a cursor is a view on the statement's current row: it is valid until the cursor moves on, and
/// reading it costs no allocation. Keep a row beyond that with ``copy()``; `fetchAll` and `fetchOne` return copies.
///
/// ```swift
/// let id: Int64 = row[0]
/// let name: String? = row["name"]
/// ```
public struct Row {
    @usableFromInline
    enum Storage {
        /// The current row of a statement.
        case live(Statement)
        /// Values copied out of a statement.
        case copied(RowValues)
    }

    /// Owns what the row reads from (and keeps it alive).
    @usableFromInline let storage: Storage
    /// For a live row, the engine statement read without reference counting: `storage` keeps it alive.
    @usableFromInline let liveEngine: Unmanaged<EngineStatement>?
    /// For a live row, its statement read without reference counting (for reads by name): `storage` keeps it alive.
    @usableFromInline let liveStatement: Unmanaged<Statement>?
    /// For a live row, how many columns it has.
    @usableFromInline let liveColumnCount: Int32

    @inlinable
    init(statement: Statement) {
        storage = .live(statement)
        liveEngine = Unmanaged.passUnretained(statement.engine)
        liveStatement = Unmanaged.passUnretained(statement)
        liveColumnCount = statement.columnCount
    }

    /// A row holding these values under these column names.
    public init(columns: [String], values: [SQLiteValue]) {
        precondition(columns.count == values.count, "a Row needs one column name per value")
        self.init(layout: ColumnLayout(names: columns), values: values)
    }

    init(layout: ColumnLayout, values: [SQLiteValue]) {
        storage = .copied(RowValues(layout: layout, values: values))
        liveEngine = nil
        liveStatement = nil
        liveColumnCount = 0
    }

    /// How many columns the row has.
    public var count: Int {
        switch storage {
        case .live(let statement): Int(statement.columnCount)
        case .copied(let row): row.values.count
        }
    }

    /// The column names, in order.
    public var columnNames: [String] {
        switch storage {
        case .live(let statement): statement.columnNames
        case .copied(let row): row.layout.names
        }
    }

    /// Every value, in column order.
    public var databaseValues: [SQLiteValue] {
        switch storage {
        case .live(let statement): (0..<statement.columnCount).map { statement.engine.value(at: $0) }
        case .copied(let row): row.values
        }
    }

    /// A row that keeps its values after the cursor moves on.
    public func copy() -> Row {
        switch storage {
        case .live(let statement): Row(layout: statement.layout, values: databaseValues)
        case .copied: self
        }
    }

    /// The index of the first column with this name (case-insensitive), or `nil`.
    public func index(ofColumn name: String) -> Int? {
        switch storage {
        case .live(let statement): statement.index(ofColumn: name)
        case .copied(let row): row.index(ofColumn: name)
        }
    }

    /// Starts decoding a record from this row (see ``Statement/indexForNextKey(_:)``).
    func beginKeyLookups() {
        if case .live(let statement) = storage { statement.beginKeyLookups() }
    }

    /// ``index(ofColumn:)`` for the next coding key a `Decodable` record asks for.
    func indexForNextKey(_ name: String) -> Int? {
        switch storage {
        case .live(let statement): statement.indexForNextKey(name)
        case .copied(let row): row.index(ofColumn: name)
        }
    }

    /// Whether the row has a column with this name (case-insensitive).
    public func hasColumn(_ name: String) -> Bool { index(ofColumn: name) != nil }

    /// Whether the value at `index` is NULL.
    public func isNull(at index: Int) throws -> Bool {
        let value: SQLiteValue = try decode(atIndex: index)
        return value == .null
    }

    /// The value at a 0-based column index, as GRDB's `row[0]`.
    ///
    /// As in GRDB, the subscript does not throw, and where GRDB stops the program (a missing column, or a value that
    /// cannot become `Value`: NULL for a non-optional, text that is not a date...) so does this one, naming the
    /// column: a default in its place would be written back by the app. Read with ``decode(_:atIndex:)`` where such
    /// a value can happen: it throws instead.
    @inlinable @inline(__always)
    public subscript<Value: DatabaseValueConvertible>(_ index: Int) -> Value {
        // The live path reads the column directly (no error machinery in the caller's loop); anything else, and a
        // value that does not convert, takes the out-of-line path that decodes again and stops on the error.
        if let liveEngine, index >= 0, index < Int(liveColumnCount),
            let value = liveEngine._withUnsafeGuaranteedRef({ Value.decode(column: Int32(truncatingIfNeeded: index), of: $0) })
        {
            return value
        }
        return decodedOrTrap(index)
    }

    /// ``decode(_:atIndex:)``, stopping the program on a failure as GRDB's subscript does.
    @usableFromInline @inline(never)
    func decodedOrTrap<Value: DatabaseValueConvertible>(_ index: Int) -> Value {
        do { return try decode(Value.self, atIndex: index) } catch { RowDecodingFailure.trap(error) }
    }

    /// The value at a 0-based column index, or an error (as GRDB's `row.decode(_:atIndex:)`).
    ///
    /// - Throws: ``DatabaseError`` `.columnNotFound` for an index out of range; `.valueConversion`, naming the column
    ///   and what it held, when the value cannot become `Value` (NULL for a non-optional type among others).
    @inlinable @inline(__always)
    public func decode<Value: DatabaseValueConvertible>(_ type: Value.Type = Value.self, atIndex index: Int) throws -> Value {
        // The live path is kept tiny so it inlines into the caller's loop, with no reference counting.
        guard let liveEngine else { return try copiedValue(at: index) }
        guard index >= 0, index < Int(liveColumnCount) else { throw liveError(index: index, Value.self) }
        let value = liveEngine._withUnsafeGuaranteedRef {
            Value.decode(column: Int32(truncatingIfNeeded: index), of: $0)
        }
        if let value { return value }
        throw liveError(index: index, Value.self)
    }

    /// The error for a live row's column that is out of range or does not convert.
    @usableFromInline @inline(never)
    func liveError<Value>(index: Int, _ type: Value.Type) -> DatabaseError {
        guard case .live(let statement) = storage else { preconditionFailure("a copied row has no statement") }
        guard index >= 0, index < Int(liveColumnCount) else { return statement.columnError(index: index) }
        return statement.conversionError(column: index, to: Value.self)
    }

    /// The value at `index` of a copied row.
    @usableFromInline @inline(never)
    func copiedValue<Value: DatabaseValueConvertible>(at index: Int) throws -> Value {
        guard case .copied(let row) = storage else { preconditionFailure("a live row has no copied values") }
        guard index >= 0, index < row.values.count else { throw row.columnError(index: index) }
        if let value = Value.fromDatabaseValue(row.values[index]) { return value }
        throw row.conversionError(column: index, to: Value.self)
    }

    /// The value of the first column with this name (case-insensitive).
    ///
    /// On a row read from a cursor, a name costs one string comparison when the code reads the same names in the same
    /// order from every row (the usual loop): the statement remembers the index each position resolved to.
    ///
    /// As in GRDB, the subscript does not throw (see ``subscript(_:)-(Int)``);
    /// ``decode(_:forColumn:)-(_,String)`` throws.
    @inlinable @inline(__always)
    public subscript<Value: DatabaseValueConvertible>(_ name: String) -> Value {
        do { return try decode(Value.self, forColumn: name) } catch { RowDecodingFailure.trap(error) }
    }

    /// The value of the first column with this name (case-insensitive), or an error (as GRDB's
    /// `row.decode(_:forColumn:)`).
    ///
    /// As in GRDB, a name no column has reads `nil` for an optional type.
    ///
    /// - Throws: ``DatabaseError`` `.columnNotFound` when no column has the name and `Value` is not optional;
    ///   `.valueConversion` as for an index.
    @inlinable @inline(__always)
    public func decode<Value: DatabaseValueConvertible>(_ type: Value.Type = Value.self, forColumn name: String) throws -> Value {
        guard let liveStatement else {
            guard let index = index(ofColumn: name) else { return try missingColumnValue(name) }
            return try decode(Value.self, atIndex: index)
        }
        guard let index = liveStatement._withUnsafeGuaranteedRef({ $0.indexForNextKey(name) }) else {
            return try missingColumnValue(name)
        }
        return try decode(Value.self, atIndex: index)
    }

    /// The value of a column the row does not have: `nil` for an optional, else the error naming the column.
    @usableFromInline @inline(never)
    func missingColumnValue<Value: DatabaseValueConvertible>(_ name: String) throws -> Value {
        if let value = Value.fromMissingColumn() { return value }
        throw missingColumn(name)
    }

    /// The error for a name no column has.
    @usableFromInline @inline(never)
    func missingColumn(_ name: String) -> DatabaseError {
        DatabaseError(
            kind: .columnNotFound, extendedResultCode: .SQLITE_RANGE,
            message: "no column named \(name); the row has \(columnNames)")
    }
}

extension Row {
    /// The row of a to-one association included in the request (`including(required:)`, `including(optional:)`),
    /// by key; `.some(nil)` for an optional association without a row, `nil` when there is no such key.
    public func scope(_ key: String) -> Row?? {
        guard case .copied(let values) = storage else { return nil }
        return values.scopes[key]
    }

    /// The rows of a to-many association included with `including(all:)`, by key.
    public func prefetchedRows(_ key: String) -> [Row]? {
        guard case .copied(let values) = storage else { return nil }
        return values.prefetched[key]
    }

    /// Whether the row carries associated rows (only rows of requests with associations do).
    var hasAssociations: Bool {
        guard case .copied(let values) = storage else { return false }
        return !values.scopes.isEmpty || !values.prefetched.isEmpty
    }

    func setScope(_ key: String, _ row: Row?) {
        if case .copied(let values) = storage { values.scopes[key] = row }
    }

    func setPrefetched(_ key: String, _ rows: [Row]) {
        if case .copied(let values) = storage { values.prefetched[key] = rows }
    }
}

extension Row: Equatable {
    /// Rows are equal when they have the same column names and values.
    public static func == (lhs: Row, rhs: Row) -> Bool {
        lhs.columnNames == rhs.columnNames && lhs.databaseValues == rhs.databaseValues
    }
}

extension Row: CustomStringConvertible {
    /// Column names and the storage class of each value (values are left out: they can hold user data).
    public var description: String {
        let columns = zip(columnNames, databaseValues).map { "\($0): \($1.storageClass)" }
        return "Row(" + columns.joined(separator: ", ") + ")"
    }
}

/// The values of a copied row, with the column layout it shares with the other rows of its statement.
@usableFromInline
final class RowValues {
    let layout: ColumnLayout
    @usableFromInline let values: [SQLiteValue]
    /// The rows of to-one associations, by key (`nil`: an optional association without a row).
    var scopes: [String: Row?] = [:]
    /// The rows of to-many associations, by key.
    var prefetched: [String: [Row]] = [:]

    init(layout: ColumnLayout, values: [SQLiteValue]) {
        self.layout = layout
        self.values = values
    }

    func index(ofColumn name: String) -> Int? { layout.index(of: name) }

    @usableFromInline
    func columnError(index: Int) -> DatabaseError {
        DatabaseError(
            kind: .columnNotFound, extendedResultCode: .SQLITE_RANGE,
            message: "no column at index \(index): the row has \(values.count) columns")
    }

    @usableFromInline
    func conversionError<Value>(column index: Int, to type: Value.Type) -> DatabaseError {
        let what = ConversionFailure.held(values[index], type: Value.self)
        return DatabaseError(
            kind: .valueConversion, extendedResultCode: .SQLITE_MISMATCH,
            message: "column \(index) (\(layout.names[index])) \(what); cannot read it as \(Value.self)")
    }
}
