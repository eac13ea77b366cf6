import Foundation
import ReaderWriterDriver
import ReaderWriterSessions
import TodoModel

/// The items, written the way GRDB apps write them: records fetched with SQL and arguments on the `db` the queue or
/// pool lent to the unit of work (which refuses a repository used after its closure ended).
struct ReaderWriterItemRepository: ItemRepository {
    let unit: ReaderWriterUnitOfWork
    let forms: StoredForms

    /// Open first, highest priority first, then title ignoring case, then id.
    private static let ordered = " ORDER BY isDone, priority DESC, title COLLATE NOCASE, id"

    func items(inList listId: Int64) throws -> [TodoItem] {
        try unit.run { db in
            try ItemRecord.fetchAll(db, sql: ItemRecord.selection + " WHERE listId = ?" + Self.ordered, arguments: [listId])
                .map { try $0.item() }
        }
    }

    func item(id: UUID) throws -> TodoItem? {
        try unit.run { db in
            try ItemRecord.fetchOne(db, sql: ItemRecord.selection + " WHERE id = ?", arguments: [forms.value(id)])?
                .item()
        }
    }

    func items(dueOnOrBefore date: Date) throws -> [TodoItem] {
        // A text comparison: right because every row holds the one legacy form (see StoredForms).
        try unit.run { db in
            try ItemRecord.fetchAll(
                db, sql: ItemRecord.selection + " WHERE dueDate <= ? ORDER BY dueDate, id",
                arguments: [forms.value(date)]
            ).map { try $0.item() }
        }
    }

    func search(title text: String) throws -> [TodoItem] {
        try unit.run { db in
            try ItemRecord.fetchAll(
                db,
                sql: ItemRecord.selection + " WHERE title LIKE ? ESCAPE ?"
                    + " ORDER BY listId, isDone, priority DESC, title COLLATE NOCASE, id",
                arguments: [TitleSearch.pattern(containing: text), String(TitleSearch.escape)]
            ).map { try $0.item() }
        }
    }

    func addItem(_ item: TodoItem) throws -> TodoItem {
        try unit.run { db in
            try db.execute(
                sql: "INSERT INTO items (listId, title, notes, dueDate, priority, isDone, id) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: ItemRecord.arguments(item, forms)
            )
            return item
        }
    }

    func toggleItem(id: UUID) throws -> Bool? {
        let key = forms.value(id)
        return try unit.run { db in
            guard let done = try Bool.fetchOne(db, sql: "SELECT isDone FROM items WHERE id = ?", arguments: [key]) else {
                return nil
            }
            try db.execute(sql: "UPDATE items SET isDone = ? WHERE id = ?", arguments: [!done, key])
            return !done
        }
    }

    func editItem(_ item: TodoItem) throws -> Bool {
        try unit.run { db in
            try db.execute(
                sql: "UPDATE items SET listId = ?, title = ?, notes = ?, dueDate = ?, priority = ?, isDone = ? WHERE id = ?",
                arguments: ItemRecord.arguments(item, forms)
            )
            return db.changesCount > 0
        }
    }

    func moveItem(id: UUID, toList listId: Int64) throws -> Bool {
        try unit.run { db in
            try db.execute(sql: "UPDATE items SET listId = ? WHERE id = ?", arguments: [listId, forms.value(id)])
            return db.changesCount > 0
        }
    }

    func deleteItem(id: UUID) throws -> Bool {
        try unit.run { db in
            try db.execute(sql: "DELETE FROM items WHERE id = ?", arguments: [forms.value(id)])
            return db.changesCount > 0
        }
    }
}

extension ReaderWriterTodoReadContext {
    var items: any ItemReading { ReaderWriterItemRepository(unit: unit, forms: forms) }
}

extension ReaderWriterTodoWriteContext {
    var items: any ItemRepository { ReaderWriterItemRepository(unit: unit, forms: forms) }
}
