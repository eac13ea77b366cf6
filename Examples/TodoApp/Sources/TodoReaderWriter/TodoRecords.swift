import Foundation
import ReaderWriterDriver
import TodoModel

// Record types as GRDB apps write them: a `FetchableRecord` per table, built from a row by column name, with the
// SQL that selects its columns beside it. Dates and ids go through ``LegacyEncoding`` (the legacy forms, kept on
// purpose during the port).

/// A row of `lists`.
struct ListRecord: FetchableRecord {
    static let selection = "SELECT id, title, createdAt, isArchived FROM lists"

    var list: TodoList

    init(row: Row) throws {
        list = TodoList(
            id: try row["id"], title: try row["title"],
            createdAt: try LegacyEncoding.date(row["createdAt"] as String, column: "lists.createdAt"),
            isArchived: try row["isArchived"]
        )
    }
}

/// A row of `items`.
struct ItemRecord: FetchableRecord {
    static let selection = "SELECT id, listId, title, notes, dueDate, priority, isDone FROM items"

    var item: TodoItem

    init(row: Row) throws {
        item = TodoItem(
            id: try LegacyEncoding.uuid(row["id"], column: "items.id"), listId: try row["listId"],
            title: try row["title"], notes: try row["notes"],
            dueDate: try LegacyEncoding.date(row["dueDate"] as String?, column: "items.dueDate"),
            priority: try row["priority"], isDone: try row["isDone"]
        )
    }

    /// The statement arguments of every column but the id, in `columns` order.
    static func arguments(_ item: TodoItem) -> StatementArguments {
        [
            item.listId, item.title, item.notes, item.dueDate.map(LegacyEncoding.text), item.priority, item.isDone,
            LegacyEncoding.text(item.id),
        ]
    }
}
