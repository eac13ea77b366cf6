import Foundation
import LegacyDriver

// The tables and columns as a SQLite.swift app declares them: one `Table` and one typed expression per column.
//
// Stored forms come from the driver's own `Value` conformances, as SQLite.swift's: `Date` as ISO text
// (`yyyy-MM-dd'T'HH:mm:ss.SSS`), `UUID` as its `uuidString` TEXT, `Bool` as INTEGER 0/1, `Double` as REAL.

enum ListColumns {
    static let table = Table("lists")
    static let id = SQLExpression<Int64>("id")
    static let title = SQLExpression<String>("title")
    static let createdAt = SQLExpression<Date>("createdAt")
    static let isArchived = SQLExpression<Bool>("isArchived")
}

enum ItemColumns {
    static let table = Table("items")
    static let id = SQLExpression<UUID>("id")
    static let listId = SQLExpression<Int64>("listId")
    static let title = SQLExpression<String>("title")
    static let notes = SQLExpression<String?>("notes")
    static let dueDate = SQLExpression<Date?>("dueDate")
    static let priority = SQLExpression<Double>("priority")
    static let isDone = SQLExpression<Bool>("isDone")
}
