import Foundation
import ReaderWriterDriver
import TodoModel

// Record types as GRDB apps write them: a `Decodable` `FetchableRecord` per table, its properties named after the
// columns, with the SQL that selects them beside it. Dates and ids are decoded as what is stored (text, bytes) and
// turned into model values through StoredForms, which reads every form either side writes; the repositories choose
// the form they write.

/// A row of `lists`.
struct ListRecord: Decodable, FetchableRecord {
    static let selection = "SELECT id, title, createdAt, isArchived FROM lists"

    var id: Int64
    var title: String
    var createdAt: String
    var isArchived: Bool

    func list() throws -> TodoList {
        TodoList(
            id: id, title: title, createdAt: try StoredForms.date(createdAt, column: "lists.createdAt"),
            isArchived: isArchived
        )
    }
}

/// A row of `items`.
struct ItemRecord: Decodable, FetchableRecord {
    static let selection = "SELECT id, listId, title, notes, dueDate, priority, isDone FROM items"

    /// The stored id: `uuidString` text (read as its bytes) or 16 bytes.
    var id: Data
    var listId: Int64
    var title: String
    var notes: String?
    var dueDate: String?
    var priority: Double
    var isDone: Bool

    func item() throws -> TodoItem {
        TodoItem(
            id: try StoredForms.uuid(id, column: "items.id"), listId: listId, title: title, notes: notes,
            dueDate: try StoredForms.date(dueDate, column: "items.dueDate"), priority: priority, isDone: isDone
        )
    }

    /// The statement arguments of every column but the id, then the id, stored in `forms`.
    static func arguments(_ item: TodoItem, _ forms: StoredForms) -> StatementArguments {
        [
            item.listId, item.title, item.notes, item.dueDate.map { forms.value($0) }, item.priority, item.isDone,
            forms.value(item.id),
        ]
    }
}

/// A row of the open-item count query.
struct OpenItemCountRecord: Decodable, FetchableRecord {
    static let query = """
        SELECT lists.id AS listId, count(items.id) AS openItems FROM lists
        LEFT JOIN items ON items.listId = lists.id AND items.isDone = 0
        GROUP BY lists.id ORDER BY lists.id
        """

    var listId: Int64
    var openItems: Int
}
