import Foundation
import TodoLegacy
import TodoModel

/// The small to-do file the differential starts from, written by the app as it is today (the legacy session), so
/// the reader/writer side meets rows the legacy side wrote: three lists (one archived) and seven items with and
/// without notes and due dates.
public enum TodoSampleFile {
    /// Creates the file at `path` (never overwrites).
    public static func create(at path: String) throws {
        let session = try TodoLegacySession.create(at: path)
        defer { try? session.close() }
        try session.write { context in
            let groceries = try context.lists.createList(title: "Groceries", createdAt: TodoSamples.date(days: -10))
            let work = try context.lists.createList(
                title: "Work", createdAt: TodoSamples.date(days: -5, seconds: 30_600, milliseconds: 250)
            )
            let old = try context.lists.createList(title: "Old trip", createdAt: TodoSamples.date(days: -90))
            _ = try context.lists.setArchived(id: old.id, true)
            let items = [
                TodoItem(id: TodoSamples.itemID(0), listId: groceries.id, title: "buy milk", notes: "two litres", priority: 1),
                TodoItem(id: TodoSamples.itemID(1), listId: groceries.id, title: "Bread", priority: 1),
                TodoItem(id: TodoSamples.itemID(2), listId: groceries.id, title: "coffee", priority: 2, isDone: true),
                TodoItem(
                    id: TodoSamples.itemID(3), listId: work.id, title: "File the report",
                    dueDate: TodoSamples.date(days: 1, seconds: 61_200), priority: 3
                ),
                TodoItem(
                    id: TodoSamples.itemID(4), listId: work.id, title: "call Anna", notes: "",
                    dueDate: TodoSamples.date(days: -2), priority: 0.5
                ),
                TodoItem(id: TodoSamples.itemID(5), listId: work.id, title: "50% review", priority: -1),
                TodoItem(
                    id: TodoSamples.itemID(6), listId: old.id, title: "Pack the tent",
                    dueDate: TodoSamples.date(days: -95), priority: 0, isDone: true
                ),
            ]
            for item in items { _ = try context.items.addItem(item) }
        }
    }
}
