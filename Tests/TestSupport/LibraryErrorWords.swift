/// SQLite.swift's `Result.error` as it describes itself (`Sources/SQLite/Core/Result.swift`): SQLite's message, the
/// statement, the primary code. For tests of the tools' error form without the real library.
public struct SQLiteSwiftResultWords: Error, CustomStringConvertible {
    public let message: String
    public let code: Int32
    public let sql: String

    public init(message: String, code: Int32, sql: String = "INSERT INTO note (body) VALUES (?)") {
        self.message = message
        self.code = code
        self.sql = sql
    }

    public var description: String { "\(message) (\(sql)) (code: \(code))" }
}

/// GRDB's `DatabaseError` as it describes itself (`GRDB/Core/DatabaseError.swift`): the result code, SQLite's
/// message, the statement.
public struct GRDBErrorWords: Error, CustomStringConvertible {
    public let code: Int32
    public let message: String
    public let sql: String

    public init(code: Int32, message: String, sql: String = "INSERT INTO note(body) VALUES (?)") {
        self.code = code
        self.message = message
        self.sql = sql
    }

    public var description: String { "SQLite error \(code): \(message) - while executing `\(sql)`" }
}
