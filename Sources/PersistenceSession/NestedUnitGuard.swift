#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Refuses a unit of work started on a thread that is already inside a unit of the same session, without
/// serializing units across threads (a pool's reads still run beside its write).
///
/// A library that stops the program on reentrant access (GRDB's "Database methods are not reentrant") or nests
/// transactions (SQLite.swift) never sees the nested call: ``enter()`` throws
/// ``UnitOfWorkRules/nestedUnitOfWork`` first.
public final class NestedUnitGuard: Sendable {
    /// Guarded by its own mutex: the threads inside a unit of this session now.
    private let inside = Mutex<Set<UInt>>([])

    /// A guard with no thread inside a unit; a session engine makes one for its whole life and calls ``enter()``
    /// and ``leave()`` around every unit.
    public init() {}

    /// Marks the calling thread as inside a unit; throws when it already is.
    public func enter() throws(PersistenceError) {
        let me = Self.currentThread
        let entered = inside.withLock { $0.insert(me).inserted }
        if !entered { throw UnitOfWorkRules.nestedUnitOfWork }
    }

    /// Marks the calling thread as outside again (after the unit that ``enter()`` admitted).
    public func leave() {
        let me = Self.currentThread
        _ = inside.withLock { $0.remove(me) }
    }

    private static var currentThread: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }
}
