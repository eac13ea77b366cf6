import MMEXModel
import PersistenceSession

/// How both drivers report a stored value a record field cannot hold, in the same words: the table, the column,
/// SQLite's storage class of what is stored, and what the model's column mapping expects (`integer`, `text`, or
/// `number` for a `numeric` column).
public enum RecordReadErrors {
    /// The error for `column` of `Record` holding a value of storage class `found` (`null`, `blob`, ...).
    public static func unreadable<Record: MMEXRecord>(
        _ record: Record.Type, column: String, found: String
    ) -> PersistenceError {
        let expected = Record.column(named: column).map { expectedName($0.storage) } ?? "a value"
        return SessionErrors.unreadableValue(table: Record.tableName, column: column, found: found, expected: expected)
    }

    /// The error for a failed mapping of column values to a record.
    public static func unreadable<Record: MMEXRecord>(_ record: Record.Type, _ error: RecordMappingError) -> PersistenceError {
        switch error.reason {
        case .nullInNotNullColumn:
            return unreadable(record, column: error.column ?? "?", found: "null")
        case .wrongStorage(_, let found):
            return unreadable(record, column: error.column ?? "?", found: found)
        case .valueCount, .unmappedField, .unsupportedType:
            return .corrupt(path: nil, detail: error.description)
        }
    }

    /// The error for a failed mapping that reached a session's unit of work unmapped: the record type is found by the
    /// table the error names, so the words are those of ``unreadable(_:_:)``.
    public static func unreadable(_ error: RecordMappingError) -> PersistenceError {
        guard let record = MMEXTables.all.first(where: { $0.tableName == error.table }) else {
            return .corrupt(path: nil, detail: error.description)
        }
        return unreadable(record, error)
    }

    private static func expectedName(_ storage: MMEXColumn.Storage) -> String {
        switch storage {
        case .integer: "integer"
        case .text: "text"
        case .numeric: "number"
        }
    }
}
