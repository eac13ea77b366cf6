/// What a read unit of work of the to-do app can reach: the reading side of its repositories.
///
/// Each driver implements it once (a small struct holding the unit's connection or `db`); the session hands it to
/// the closure of a read, and nothing in it outlives the closure.
public protocol TodoReadContext {
    var lists: any ListReading { get }
    var items: any ItemReading { get }
}

/// What a write unit of work of the to-do app can reach: every repository with its writing side. Everything done
/// through one context commits together, or rolls back together when the closure throws.
public protocol TodoWriteContext {
    var lists: any ListRepository { get }
    var items: any ItemRepository { get }
}
