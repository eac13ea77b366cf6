import Foundation
import PersistenceSession

/// Serializes the units of work of one legacy session on its one connection, and refuses a unit started inside
/// another one on the same thread (which would otherwise deadlock on the lock, or nest SQLite transactions).
///
/// Other threads wait their turn, as the callers of an app on SQLite.swift wait for its retained connection.
final class UnitOfWorkGate: @unchecked Sendable {
    // @unchecked Sendable: `condition` (its lock) guards `owner`; nothing else is stored.
    private let condition = NSCondition()
    private var owner: pthread_t?

    /// Runs `body` as the only unit of work of the session.
    ///
    /// - Throws: `UnitOfWorkRules.nestedUnitOfWork` when the calling thread is already inside a unit of this
    ///   session; otherwise what `body` throws.
    func run<T>(_ body: () throws -> T) throws -> T {
        let me = pthread_self()
        condition.lock()
        if let owner, pthread_equal(owner, me) != 0 {
            condition.unlock()
            throw UnitOfWorkRules.nestedUnitOfWork
        }
        while owner != nil { condition.wait() }
        owner = me
        condition.unlock()
        defer {
            condition.lock()
            owner = nil
            condition.signal()
            condition.unlock()
        }
        return try body()
    }
}
