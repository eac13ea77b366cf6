import MMEXModel
import MMEXSessionSupport
import ReaderWriterDriver
import SQLiteEngine

/// Any MMEX record fetched by the reader/writer driver: the row's values, in the record's column order, mapped by
/// the model's own column mapping (``MMEXRecord/init(storedValues:)``), the way a GRDB app lets a record type decode
/// itself. A value the record cannot hold is reported by table and column (``RecordReadErrors``).
struct ModelRecord<Record: MMEXRecord>: FetchableRecord {
    let record: Record

    init(row: Row) throws {
        var values: [StoredValue] = []
        values.reserveCapacity(row.count)
        for index in 0..<row.count {
            let value: SQLiteValue = try row.decode(atIndex: index)
            values.append(StoredValue(value))
        }
        do {
            record = try Record(storedValues: values)
        } catch {
            throw RecordReadErrors.unreadable(Record.self, error)
        }
    }

    /// `SELECT <every v21 column> FROM <table>` (desktop sync builds add columns that are not read).
    static var selection: String {
        "SELECT \(Record.columnNames.joined(separator: ", ")) FROM \(Record.tableName)"
    }

    /// Every record `sql` selects (in the record's column order).
    static func all(_ db: Database, _ sql: String, _ arguments: StatementArguments = []) throws -> [Record] {
        try fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map(\.record)
    }

    /// The first record `sql` selects.
    static func one(_ db: Database, _ sql: String, _ arguments: StatementArguments = []) throws -> Record? {
        try fetchOne(db.cachedStatement(sql: sql), arguments: arguments)?.record
    }
}

extension MMEXRecord {
    /// Inserts the record with every column, as given.
    func insert(_ db: Database) throws {
        let columns = Self.columnNames
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        try db.execute(
            sql: "INSERT INTO \(Self.tableName) (\(columns.joined(separator: ", "))) VALUES (\(marks))",
            arguments: StatementArguments(try storedValues().map(\.sqliteValue))
        )
    }

    /// Updates every column but the primary key of the row with the record's id; returns whether a row changed.
    @discardableResult
    func update(_ db: Database) throws -> Bool {
        let columns = Self.columnNames.dropFirst()
        let assignments = columns.map { "\($0) = ?" }.joined(separator: ", ")
        let values = try storedValues().dropFirst().map(\.sqliteValue) + [SQLiteValue.integer(id)]
        try db.execute(
            sql: "UPDATE \(Self.tableName) SET \(assignments) WHERE \(Self.primaryKey.name) = ?",
            arguments: StatementArguments(values)
        )
        return db.changesCount > 0
    }

    /// Whether a row with this id exists in the record's table.
    static func exists(_ db: Database, id: Int64) throws -> Bool {
        try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT \(primaryKey.name) FROM \(tableName) WHERE \(primaryKey.name) = ?"),
            arguments: [id]
        ) != nil
    }

    /// The record with a minted id when it has none (``MMEXRecord/isUnsaved``), the session's minter skipping ids
    /// in use.
    func minted(_ unit: ReaderWriterUnit, _ db: Database) throws -> Self {
        guard isUnsaved else { return self }
        var copy = self
        copy.id = try IdentifierMinting.newID(from: unit.minter, table: Self.tableName) { candidate in
            try Self.exists(db, id: candidate)
        }
        return copy
    }
}

extension StoredValue {
    /// The driver's value for it.
    var sqliteValue: SQLiteValue {
        switch self {
        case .null: .null
        case .integer(let value): .integer(value)
        case .real(let value): .real(value)
        case .text(let value): .text(value)
        case .blob(let value): .blob(value)
        }
    }

    init(_ value: SQLiteValue) {
        switch value {
        case .null: self = .null
        case .integer(let number): self = .integer(number)
        case .real(let number): self = .real(number)
        case .text(let text): self = .text(text)
        case .blob(let bytes): self = .blob(bytes)
        }
    }
}

extension Amount {
    /// The amount an aggregate returned: `nil` (no row) as 0.
    init(aggregate value: SQLiteValue?) {
        switch value {
        case .integer(let number): self = .integer(number)
        case .real(let number): self = .real(number)
        case .text(let text): self = .text(text)
        case .null, .blob, .none: self = .zero
        }
    }
}

extension Row {
    /// A NOT NULL column of `Record`'s table read strictly, as the model maps it (an `Int64` reads only INTEGER, a
    /// `String` only TEXT, an ``Amount`` INTEGER, REAL or TEXT); anything else is reported by table and column.
    func value<V: StoredValueConvertible, Record: MMEXRecord>(_ index: Int, _ record: Record.Type, column: String) throws -> V {
        let stored: SQLiteValue = try self[index]
        guard let value = V(storedValue: StoredValue(stored)) else {
            throw RecordReadErrors.unreadable(record, column: column, found: stored.typeName)
        }
        return value
    }

    /// A nullable column of `Record`'s table read strictly; `nil` for NULL.
    func optionalValue<V: StoredValueConvertible, Record: MMEXRecord>(_ index: Int, _ record: Record.Type, column: String) throws -> V? {
        let stored: SQLiteValue = try self[index]
        if case .null = stored { return nil }
        return try value(index, record, column: column) as V
    }
}
