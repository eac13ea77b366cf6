import ReaderWriterSessions
import TodoModel

/// The read context of the queue and pool sessions: the repositories on the `db` the driver lent to this read.
struct ReaderWriterTodoReadContext: TodoReadContext {
    let unit: ReaderWriterUnitOfWork
    let forms: StoredForms
    var lists: any ListReading { ReaderWriterListRepository(unit: unit, forms: forms) }
    var items: any ItemReading { ReaderWriterItemRepository(unit: unit, forms: forms) }
}

/// The write context of the queue and pool sessions: the repositories on the writer's `db`, inside its
/// transaction.
struct ReaderWriterTodoWriteContext: TodoWriteContext {
    let unit: ReaderWriterUnitOfWork
    let forms: StoredForms
    var lists: any ListRepository { ReaderWriterListRepository(unit: unit, forms: forms) }
    var items: any ItemRepository { ReaderWriterItemRepository(unit: unit, forms: forms) }
}
