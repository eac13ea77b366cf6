import LegacyDriver
import TodoModel

/// The read context of the legacy session: the repositories on the session's connection.
struct LegacyTodoReadContext: TodoReadContext {
    let db: Connection
    var lists: any ListReading { LegacyListRepository(db: db) }
    var items: any ItemReading { LegacyItemRepository(db: db) }
}

/// The write context of the legacy session: the repositories on the session's connection, inside its transaction.
struct LegacyTodoWriteContext: TodoWriteContext {
    let db: Connection
    var lists: any ListRepository { LegacyListRepository(db: db) }
    var items: any ItemRepository { LegacyItemRepository(db: db) }
}
