import Foundation
import ReaderWriterDriver
import ReaderWriterSessions
import TodoModel

/// The lists, written the way GRDB apps write them: records fetched with SQL and arguments on the `db` the queue or
/// pool lent to the unit of work (which refuses a repository used after its closure ended).
struct ReaderWriterListRepository: ListRepository {
    let unit: ReaderWriterUnitOfWork
    let forms: StoredForms

    func lists() throws -> [TodoList] {
        try unit.run { db in
            try ListRecord.fetchAll(db, sql: ListRecord.selection + " ORDER BY createdAt, id").map { try $0.list() }
        }
    }

    func list(id: Int64) throws -> TodoList? {
        try unit.run { db in
            try ListRecord.fetchOne(db, sql: ListRecord.selection + " WHERE id = ?", arguments: [id])?.list()
        }
    }

    func openItemCounts() throws -> [OpenItemCount] {
        try unit.run { db in
            try OpenItemCountRecord.fetchAll(db, sql: OpenItemCountRecord.query).map {
                OpenItemCount(listId: $0.listId, openItems: $0.openItems)
            }
        }
    }

    func createList(title: String, createdAt: Date) throws -> TodoList {
        try unit.run { db in
            try db.execute(
                sql: "INSERT INTO lists (title, createdAt, isArchived) VALUES (?, ?, ?)",
                arguments: [title, forms.value(createdAt), false]
            )
            return TodoList(id: db.lastInsertedRowID, title: title, createdAt: createdAt, isArchived: false)
        }
    }

    func renameList(id: Int64, to title: String) throws -> Bool {
        try unit.run { db in
            try db.execute(sql: "UPDATE lists SET title = ? WHERE id = ?", arguments: [title, id])
            return db.changesCount > 0
        }
    }

    func setArchived(id: Int64, _ archived: Bool) throws -> Bool {
        try unit.run { db in
            try db.execute(sql: "UPDATE lists SET isArchived = ? WHERE id = ?", arguments: [archived, id])
            return db.changesCount > 0
        }
    }

    func deleteList(id: Int64) throws -> Bool {
        // The items go with it through the schema's ON DELETE CASCADE (foreign keys are on, GRDB's default).
        try unit.run { db in
            try db.execute(sql: "DELETE FROM lists WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }
}

extension ReaderWriterTodoReadContext {
    var lists: any ListReading { ReaderWriterListRepository(unit: unit, forms: forms) }
}

extension ReaderWriterTodoWriteContext {
    var lists: any ListRepository { ReaderWriterListRepository(unit: unit, forms: forms) }
}
