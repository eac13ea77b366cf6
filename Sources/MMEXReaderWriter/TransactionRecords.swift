import MMEXModel
import MMEXSessionSupport
import MMEXSession
import PersistenceSession
import ReaderWriterDriver
import SQLiteEngine

/// A row of one of the transaction slice's tables, fetched as a record: the columns in the model's order
/// (`SELECT <columnNames>`), mapped by the model's column list (``MMEXRecord/init(storedValues:)``).
struct TransactionSliceRecord<Model: MMEXRecord>: FetchableRecord {
    /// `SELECT <every column, qualified with the table name> FROM <table>` (qualified, so a file whose table lacks
    /// a v21 column reports "no such column: TABLE.COLUMN", as the legacy side's qualified select does).
    static var selection: String {
        let columns = Model.columnNames.map { "\(Model.tableName).\($0)" }.joined(separator: ", ")
        return "SELECT \(columns) FROM \(Model.tableName)"
    }

    /// `INSERT INTO <table> (<every column>) VALUES (?, ...)`.
    static var insertion: String {
        let marks = Array(repeating: "?", count: Model.columns.count).joined(separator: ", ")
        return "INSERT INTO \(Model.tableName) (\(Model.columnNames.joined(separator: ", "))) VALUES (\(marks))"
    }

    let model: Model

    init(row: Row) throws {
        do {
            model = try Model(storedValues: row.databaseValues.map { StoredValue(transactionSlice: $0) })
        } catch {
            throw Self.unreadable(error)
        }
    }

    /// The arguments of ``insertion`` for a record.
    static func arguments(_ model: Model) throws -> StatementArguments {
        do {
            return StatementArguments(try model.storedValues().map { SQLiteValue(transactionSlice: $0) })
        } catch {
            throw PersistenceError.invalidUse(error.description)
        }
    }

    /// A value the model cannot hold, in the words the legacy side uses (table, column, what was found and what a
    /// NOT NULL column of that kind holds).
    private static func unreadable(_ error: RecordMappingError) -> PersistenceError {
        let column = error.column ?? "?"
        switch error.reason {
        case .nullInNotNullColumn:
            return SessionErrors.unreadableValue(table: error.table, column: column, found: "null", expected: "text")
        case .wrongStorage(let expected, let found):
            return SessionErrors.unreadableValue(table: error.table, column: column, found: found, expected: expected)
        default:
            return PersistenceError.corrupt(path: nil, detail: error.description)
        }
    }
}

extension StoredValue {
    /// The model's value for a driver value.
    fileprivate init(transactionSlice value: SQLiteValue) {
        switch value {
        case .null: self = .null
        case .integer(let number): self = .integer(number)
        case .real(let number): self = .real(number)
        case .text(let text): self = .text(text)
        case .blob(let bytes): self = .blob(bytes)
        }
    }
}

extension SQLiteValue {
    /// The driver's value for a model value.
    fileprivate init(transactionSlice value: StoredValue) {
        switch value {
        case .null: self = .null
        case .integer(let number): self = .integer(number)
        case .real(let number): self = .real(number)
        case .text(let text): self = .text(text)
        case .blob(let bytes): self = .blob(bytes)
        }
    }
}
