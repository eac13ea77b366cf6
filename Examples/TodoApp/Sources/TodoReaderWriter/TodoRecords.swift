import Foundation
import ReaderWriterDriver
import TodoModel

// Record types as GRDB apps write them: a `FetchableRecord` per table, built from a row by column name, with the
// SQL that selects its columns beside it. Dates and ids are read in every form either side writes (StoredForms);
// the repositories choose the form they write.

/// A row of `lists`.
struct ListRecord: FetchableRecord {
    static let selection = "SELECT id, title, createdAt, isArchived FROM lists"

    var list: TodoList

    init(row: Row) throws {
        list = TodoList(
            id: try row["id"], title: try row["title"],
            createdAt: try StoredForms.date(row["createdAt"] as String, column: "lists.createdAt"),
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
            id: try StoredForms.uuid(row["id"], column: "items.id"), listId: try row["listId"],
            title: try row["title"], notes: try row["notes"],
            dueDate: try StoredForms.date(row["dueDate"] as String?, column: "items.dueDate"),
            priority: try row["priority"], isDone: try row["isDone"]
        )
    }

    /// The statement arguments of every column but the id, then the id, stored in `forms`.
    static func arguments(_ item: TodoItem, _ forms: StoredForms) -> StatementArguments {
        [
            item.listId, item.title, item.notes, item.dueDate.map(forms.text), item.priority, item.isDone,
            forms.value(item.id),
        ]
    }
}
