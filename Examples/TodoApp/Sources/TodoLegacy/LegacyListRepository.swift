import Foundation
import LegacyDriver
import LegacySessions
import TodoModel

/// The lists, written the way SQLite.swift apps write them: query builders on the session's one `Connection`, each
/// call through the unit of work (which refuses a repository used after its closure ended).
struct LegacyListRepository: ListRepository {
    let unit: LegacyUnitOfWork
    private typealias L = ListColumns
    private typealias I = ItemColumns

    private func list(_ row: Row) throws -> TodoList {
        TodoList(
            id: try row.get(L.id), title: try row.get(L.title), createdAt: try row.get(L.createdAt),
            isArchived: try row.get(L.isArchived)
        )
    }

    func lists() throws -> [TodoList] {
        try unit.run { db in try db.prepare(L.table.order(L.createdAt, L.id)).map(list) }
    }

    func list(id: Int64) throws -> TodoList? {
        try unit.run { db in try db.pluck(L.table.filter(L.id == id)).map(list) }
    }

    func openItemCounts() throws -> [OpenItemCount] {
        let listId = L.table[L.id]
        let openItems = I.table[I.id].count
        let query = L.table
            .join(.leftOuter, I.table, on: I.table[I.listId] == listId && I.table[I.isDone] == false)
            .select(listId, openItems)
            .group(listId)
            .order(listId)
        return try unit.run { db in
            try db.prepare(query).map { row in
                OpenItemCount(listId: try row.get(listId), openItems: try row.get(openItems))
            }
        }
    }

    func createList(title: String, createdAt: Date) throws -> TodoList {
        try unit.run { db in
            let id = try db.run(L.table.insert(L.title <- title, L.createdAt <- createdAt, L.isArchived <- false))
            return TodoList(id: id, title: title, createdAt: createdAt, isArchived: false)
        }
    }

    func renameList(id: Int64, to title: String) throws -> Bool {
        try unit.run { db in try db.run(L.table.filter(L.id == id).update(L.title <- title)) > 0 }
    }

    func setArchived(id: Int64, _ archived: Bool) throws -> Bool {
        try unit.run { db in try db.run(L.table.filter(L.id == id).update(L.isArchived <- archived)) > 0 }
    }

    func deleteList(id: Int64) throws -> Bool {
        // The items go with it through the schema's ON DELETE CASCADE (the session turns foreign keys on).
        try unit.run { db in try db.run(L.table.filter(L.id == id).delete()) > 0 }
    }
}

extension LegacyTodoReadContext {
    var lists: any ListReading { LegacyListRepository(unit: unit) }
}

extension LegacyTodoWriteContext {
    var lists: any ListRepository { LegacyListRepository(unit: unit) }
}
