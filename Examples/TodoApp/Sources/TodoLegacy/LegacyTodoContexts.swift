import LegacySessions
import TodoModel

/// The read context of the legacy session: the repositories on the unit of work's connection.
struct LegacyTodoReadContext: TodoReadContext {
    let unit: LegacyUnitOfWork
    var lists: any ListReading { LegacyListRepository(unit: unit) }
    var items: any ItemReading { LegacyItemRepository(unit: unit) }
}

/// The write context of the legacy session: the repositories on the unit of work's connection, inside its
/// transaction.
struct LegacyTodoWriteContext: TodoWriteContext {
    let unit: LegacyUnitOfWork
    var lists: any ListRepository { LegacyListRepository(unit: unit) }
    var items: any ItemRepository { LegacyItemRepository(unit: unit) }
}
