import ReaderWriterDriver
import TodoModel

/// The read context of the queue and pool sessions: the repositories on the `db` the driver lent to this read.
struct ReaderWriterTodoReadContext: TodoReadContext {
    let db: Database
    var lists: any ListReading { ReaderWriterListRepository(db: db) }
    var items: any ItemReading { ReaderWriterItemRepository(db: db) }
}

/// The write context of the queue and pool sessions: the repositories on the writer's `db`, inside its
/// transaction.
struct ReaderWriterTodoWriteContext: TodoWriteContext {
    let db: Database
    var lists: any ListRepository { ReaderWriterListRepository(db: db) }
    var items: any ItemRepository { ReaderWriterItemRepository(db: db) }
}
