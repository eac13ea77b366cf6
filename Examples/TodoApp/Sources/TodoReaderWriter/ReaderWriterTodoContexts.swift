import ReaderWriterSessions
import TodoModel

/// The read context of the queue and pool sessions. Each repository file vends its repository from here in an
/// extension (`var lists: any ListReading`), so a new repository lands in its own file; `TodoReadContext` has no
/// defaults, so a repository this driver does not vend does not compile.
struct ReaderWriterTodoReadContext: TodoReadContext {
    /// The unit of work every repository of this context works in (the `db` the queue or pool lent to it).
    let unit: ReaderWriterUnitOfWork
    /// How dates and ids are written.
    let forms: StoredForms
}

/// The write context of the queue and pool sessions: every repository with its writing side, vended the same way,
/// inside the writer's transaction.
struct ReaderWriterTodoWriteContext: TodoWriteContext {
    /// The unit of work every repository of this context works in.
    let unit: ReaderWriterUnitOfWork
    /// How dates and ids are written.
    let forms: StoredForms
}
