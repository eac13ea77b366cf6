import PersistenceSession

/// The to-do app's session: DriverPort's driver-neutral session over the app's two contexts.
///
/// Views and models hold a `TodoSession` and work in units of work
/// (`try session.write { try $0.items.toggleItem(id: id) }`); which driver runs underneath (the legacy connection,
/// the queue or the pool) is decided once, where the app opens its file (`TodoStore`).
public typealias TodoSession = any PersistenceSession<any TodoReadContext, any TodoWriteContext>
