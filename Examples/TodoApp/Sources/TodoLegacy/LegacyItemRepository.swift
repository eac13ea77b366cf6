import Foundation
import LegacyDriver
import LegacySessions
import TodoModel

/// The items, written the way SQLite.swift apps write them: query builders on the session's one `Connection`, each
/// call through the unit of work (which refuses a repository used after its closure ended).
struct LegacyItemRepository: ItemRepository {
    let unit: LegacyUnitOfWork
    private typealias I = ItemColumns

    private func item(_ row: Row) throws -> TodoItem {
        TodoItem(
            id: try row.get(I.id), listId: try row.get(I.listId), title: try row.get(I.title),
            notes: try row.get(I.notes), dueDate: try row.get(I.dueDate), priority: try row.get(I.priority),
            isDone: try row.get(I.isDone)
        )
    }

    /// Open first, highest priority first, then title ignoring case, then id.
    private func ordered(_ query: Table) -> Table {
        query.order(I.isDone, I.priority.desc, I.title.collate(.nocase), I.id)
    }

    private func byID(_ id: UUID) -> Table {
        I.table.filter(I.id == id)
    }

    func items(inList listId: Int64) throws -> [TodoItem] {
        try unit.run { db in try db.prepare(ordered(I.table.filter(I.listId == listId))).map(item) }
    }

    func item(id: UUID) throws -> TodoItem? {
        try unit.run { db in try db.pluck(byID(id)).map(item) }
    }

    func items(dueOnOrBefore date: Date) throws -> [TodoItem] {
        // Dates are ISO text, so "on or before" is a text comparison: right as long as every row uses one form.
        try unit.run { db in try db.prepare(I.table.filter(I.dueDate <= date).order(I.dueDate, I.id)).map(item) }
    }

    func search(title text: String) throws -> [TodoItem] {
        let matching = I.table.filter(I.title.like(TitleSearch.pattern(containing: text), escape: TitleSearch.escape))
        let query = matching.order(I.listId, I.isDone, I.priority.desc, I.title.collate(.nocase), I.id)
        return try unit.run { db in try db.prepare(query).map(item) }
    }

    func addItem(_ item: TodoItem) throws -> TodoItem {
        try unit.run { db in
            try db.run(
                I.table.insert(
                    I.id <- item.id, I.listId <- item.listId, I.title <- item.title, I.notes <- item.notes,
                    I.dueDate <- item.dueDate, I.priority <- item.priority, I.isDone <- item.isDone
                )
            )
            return item
        }
    }

    func toggleItem(id: UUID) throws -> Bool? {
        try unit.run { db in
            guard let row = try db.pluck(byID(id).select(I.isDone)) else { return nil }
            let done = try !row.get(I.isDone)
            try db.run(byID(id).update(I.isDone <- done))
            return done
        }
    }

    func editItem(_ item: TodoItem) throws -> Bool {
        try unit.run { db in
            try db.run(
                byID(item.id).update(
                    I.listId <- item.listId, I.title <- item.title, I.notes <- item.notes, I.dueDate <- item.dueDate,
                    I.priority <- item.priority, I.isDone <- item.isDone
                )
            ) > 0
        }
    }

    func moveItem(id: UUID, toList listId: Int64) throws -> Bool {
        try unit.run { db in try db.run(byID(id).update(I.listId <- listId)) > 0 }
    }

    func deleteItem(id: UUID) throws -> Bool {
        try unit.run { db in try db.run(byID(id).delete()) > 0 }
    }
}

extension LegacyTodoReadContext {
    var items: any ItemReading { LegacyItemRepository(unit: unit) }
}

extension LegacyTodoWriteContext {
    var items: any ItemRepository { LegacyItemRepository(unit: unit) }
}
