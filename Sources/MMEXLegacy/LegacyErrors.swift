import LegacyDriver
import MMEXSessionSupport
import MMEXSession
import PersistenceSession

/// The legacy driver's errors in the session's terms.
enum LegacyErrors {
    /// `error` as the session reports it: SQLite failures through the shared mapping, the driver's own checks as
    /// database errors; ``PersistenceError``s and the app's own errors unchanged.
    static func mapped(_ error: any Error, path: String?, keyGiven: Bool) -> any Error {
        guard let legacy = error as? LegacyError else {
            return SessionErrors.mapped(error, path: path, keyGiven: keyGiven)
        }
        switch legacy {
        case .sqlite(let sqlite):
            return SessionErrors.persistenceError(
                sqliteExtendedCode: sqlite.extendedCode, message: sqlite.message, path: path, keyGiven: keyGiven
            )
        case .typeMismatch, .unexpectedNull, .invalidValue:
            return PersistenceError.corrupt(path: nil, detail: legacy.description)
        case .noSuchColumn, .ambiguousColumn, .invalidQuery:
            return PersistenceError.database(code: 1, extendedCode: 1, message: legacy.description)
        }
    }

    /// A row value the model cannot hold, named by table and column (the same words the reader/writer side uses).
    static func unreadable(_ error: LegacyError, table: String) -> PersistenceError? {
        switch error {
        case .typeMismatch(let column, let expected, let found):
            return SessionErrors.unreadableValue(
                table: table, column: unquoted(column), found: found.sqlName.lowercased(), expected: storage(of: expected)
            )
        case .unexpectedNull(let column):
            return SessionErrors.unreadableValue(table: table, column: unquoted(column), found: "null", expected: "text")
        default:
            return nil
        }
    }

    /// The storage class a Swift type reads (`String` reads text, `Int64` an integer).
    private static func storage(of typeName: String) -> String {
        switch typeName {
        case "String", "Optional<String>": "text"
        case "Int64", "Int", "Optional<Int64>", "Optional<Int>": "integer"
        default: typeName
        }
    }

    private static func unquoted(_ column: String) -> String {
        column.filter { $0 != "\"" }
    }
}
