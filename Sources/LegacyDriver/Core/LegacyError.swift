import SQLiteEngine

/// The one error the legacy driver throws.
///
/// A failure SQLite reports arrives as ``sqlite(_:)`` with SQLite's primary and extended result codes, its message
/// and the SQL that failed (bound values are never part of it: they can hold user data). The other cases are the
/// driver's own checks when a row is read or a query is built, each naming the column or query involved.
public enum LegacyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// SQLite refused or failed a call.
    case sqlite(SQLiteError)
    /// `row[expression]` names a column the query does not return.
    case noSuchColumn(name: String, columns: [String])
    /// `row[expression]` matches more than one column (for example `"id"` after a join); namespace it.
    case ambiguousColumn(name: String, candidates: [String])
    /// A non-optional expression read a NULL; declare the expression with an optional type.
    case unexpectedNull(column: String)
    /// The column holds a storage class the expression's type cannot read.
    case typeMismatch(column: String, expected: String, found: StorageClass)
    /// The stored value has the right storage class but is not a valid value of the type (a malformed date).
    case invalidValue(column: String, type: String, reason: String)
    /// The statement or query cannot run as built (rows of `insertMany` with different columns, ...).
    case invalidQuery(reason: String, sql: String?)

    /// The SQLite error, when SQLite reported this failure.
    public var sqliteError: SQLiteError? {
        if case .sqlite(let error) = self { return error }
        return nil
    }

    /// SQLite's primary result code (`SQLITE_CONSTRAINT` is 19), or `nil` for the driver's own errors.
    public var code: Int32? { sqliteError?.code }

    /// SQLite's extended result code (`SQLITE_CONSTRAINT_UNIQUE` is 2067), or `nil` for the driver's own errors.
    public var extendedCode: Int32? { sqliteError?.extendedCode }

    /// The SQL text involved, when there is one.
    public var sql: String? {
        switch self {
        case .sqlite(let error): error.sql
        case .invalidQuery(_, let sql): sql
        default: nil
        }
    }

    /// A one-line message naming what failed: SQLite's message, or the column, query or value at fault.
    public var description: String {
        switch self {
        case .sqlite(let error):
            return error.description
        case .noSuchColumn(let name, let columns):
            return "no such column \(name) in the row; the query returns \(columns.joined(separator: ", "))"
        case .ambiguousColumn(let name, let candidates):
            return "column \(name) is ambiguous (it matches \(candidates.joined(separator: ", "))); "
                + "namespace it with table[column]"
        case .unexpectedNull(let column):
            return "column \(column) is NULL but its expression is not optional"
        case .typeMismatch(let column, let expected, let found):
            return "column \(column) holds \(found.sqlName), which \(expected) cannot read"
        case .invalidValue(let column, let type, let reason):
            return "column \(column) does not hold a valid \(type): \(reason)"
        case .invalidQuery(let reason, let sql):
            return sql.map { "\(reason) [SQL: \($0)]" } ?? reason
        }
    }
}

extension StorageClass {
    /// The storage class as SQL's `typeof()` names it, upper-cased.
    public var sqlName: String {
        switch self {
        case .integer: "INTEGER"
        case .real: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        case .null: "NULL"
        }
    }
}

/// Runs an engine call and wraps its error.
@inlinable
func sqliteCall<T>(_ body: () throws(SQLiteError) -> T) throws(LegacyError) -> T {
    do {
        return try body()
    } catch {
        throw .sqlite(error)
    }
}
