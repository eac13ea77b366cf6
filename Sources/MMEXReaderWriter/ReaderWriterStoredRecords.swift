import MMEXModel
import MMEXSessionSupport
import ReaderWriterDriver
import SQLiteEngine

/// A row fetched as an ``MMEXRecord`` (slice 4 and 5 tables): the record's columns, by index, as stored.
struct StoredRecordRow<Record: MMEXRecord>: FetchableRecord {
    let record: Record

    init(row: Row) throws {
        record = try Record(storedValues: row.databaseValues.map(ReaderWriterValueBridge.stored))
    }
}

/// The SQL a reader/writer repository runs for a record type: the select list, insert and update by id, written
/// once per type from the record's column list; statements are cached per connection.
enum StoredRecordSQL<Record: MMEXRecord> {
    /// `SELECT "<every v21 column>" FROM <table>` (extra columns of desktop sync builds are not read).
    ///
    /// Column names are double-quoted, as the legacy app's query builder quotes them. That matters on files whose
    /// table predates a v21 column (MMEX 0.9.7's `ASSETS_V1` has no `ASSETSTATUS`): SQLite then reads the quoted
    /// name as a string literal instead of failing, and both drivers must return the same thing (see MIGRATION.md,
    /// findings).
    static var selection: String {
        "SELECT \(Record.columnNames.map { "\"\($0)\"" }.joined(separator: ", ")) FROM \(Record.tableName)"
    }

    static var insert: String {
        let names = Record.columnNames
        return "INSERT INTO \(Record.tableName) (\(names.joined(separator: ", "))) VALUES ("
            + Array(repeating: "?", count: names.count).joined(separator: ", ") + ")"
    }

    static var update: String {
        let assignments = Record.columnNames.dropFirst().map { "\($0) = ?" }.joined(separator: ", ")
        return "UPDATE \(Record.tableName) SET \(assignments) WHERE \(Record.primaryKey.name) = ?"
    }

    /// Records from `sql` (which starts with ``selection``).
    static func fetchAll(_ db: Database, _ sql: String, _ arguments: StatementArguments = []) throws -> [Record] {
        try StoredRecordRow<Record>.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map(\.record)
    }

    static func fetchOne(_ db: Database, _ sql: String, _ arguments: StatementArguments = []) throws -> Record? {
        try StoredRecordRow<Record>.fetchOne(db.cachedStatement(sql: sql), arguments: arguments)?.record
    }

    static func find(_ db: Database, id: Int64) throws -> Record? {
        try fetchOne(db, selection + " WHERE \(Record.primaryKey.name) = ?", [id])
    }

    /// A fresh id from the unit's minter, skipping ids in use.
    static func newID(_ db: Database, _ minter: IdentifierMinter) throws -> Int64 {
        let sql = "SELECT 1 FROM \(Record.tableName) WHERE \(Record.primaryKey.name) = ?"
        return try IdentifierMinting.newID(from: minter, table: Record.tableName) { candidate in
            try Int64.fetchOne(db.cachedStatement(sql: sql), arguments: [candidate]) != nil
        }
    }

    /// Inserts `record` (an unsaved one with a minted id) and returns it as stored.
    static func insert(_ db: Database, _ record: Record, minter: IdentifierMinter) throws -> Record {
        var stored = record
        if stored.isUnsaved { stored.id = try newID(db, minter) }
        let values = try stored.storedValues().map(ReaderWriterValueBridge.engine)
        try db.cachedStatement(sql: insert).execute(arguments: StatementArguments(values))
        return stored
    }

    /// Writes every column of the row with `record.id`; returns whether it existed.
    @discardableResult
    static func update(_ db: Database, _ record: Record) throws -> Bool {
        let values = try record.storedValues().dropFirst().map(ReaderWriterValueBridge.engine)
        try db.cachedStatement(sql: update).execute(arguments: StatementArguments(values + [.integer(record.id)]))
        return db.changesCount > 0
    }
}

/// Values between the reader/writer driver and the model.
enum ReaderWriterValueBridge {
    static func stored(_ value: SQLiteValue) -> StoredValue {
        switch value {
        case .null: .null
        case .integer(let number): .integer(number)
        case .real(let number): .real(number)
        case .text(let text): .text(text)
        case .blob(let bytes): .blob(bytes)
        }
    }

    static func engine(_ value: StoredValue) -> SQLiteValue {
        switch value {
        case .null: .null
        case .integer(let number): .integer(number)
        case .real(let number): .real(number)
        case .text(let text): .text(text)
        case .blob(let bytes): .blob(bytes)
        }
    }
}
