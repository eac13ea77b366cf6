import LegacySessions
import TodoModel

/// The read context of the legacy session. Each repository file vends its repository from here in an extension
/// (`var lists: any ListReading`), so a new repository lands in its own file; `TodoReadContext` has no defaults, so
/// a repository this driver does not vend does not compile.
struct LegacyTodoReadContext: TodoReadContext {
    /// The unit of work every repository of this context works in.
    let unit: LegacyUnitOfWork
}

/// The write context of the legacy session: every repository with its writing side, vended the same way, inside
/// the unit's transaction.
struct LegacyTodoWriteContext: TodoWriteContext {
    /// The unit of work every repository of this context works in.
    let unit: LegacyUnitOfWork
}
