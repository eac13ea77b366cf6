/// What ``StoreSessionEngine`` needs of a database library: one read-only unit and one transactional write unit
/// over the library's own handle, and closing.
///
/// A small protocol any library's writer can adopt (the Integrations package's adapters wrap a real GRDB
/// `DatabaseQueue`/`DatabasePool` and a real SQLite.swift `Connection` in one), so the session rules (nested units
/// refused, read-only sessions, closed sessions, scopes, error mapping) are written once, in the engine.
public protocol SessionStore: AnyObject, Sendable {
    /// What a unit of work receives from the library: GRDB's `Database`, SQLite.swift's `Connection`.
    associatedtype Handle

    /// Runs `body` with one consistent, read-only view of the database (a write in it fails in the library).
    func readUnit<T>(_ body: (Handle) throws -> T) throws -> T

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func writeUnit<T>(_ body: (Handle) throws -> T) throws -> T

    /// Closes every connection; called once, after the last unit.
    func closeStore() throws
}
