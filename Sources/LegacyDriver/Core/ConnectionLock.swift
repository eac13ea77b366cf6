import SQLiteEngine
import Foundation

/// The lock that serializes every use of one ``Connection``: a recursive pthread mutex.
///
/// SQLite.swift runs every call of a connection on the connection's own serial dispatch queue, detecting a call
/// made from inside another one (a query in a transaction block) and running it directly. A recursive mutex gives
/// the same guarantees: calls from several threads run one at a time, a transaction or savepoint block keeps the
/// connection for its whole duration, and a call made on the thread that already holds the lock (reentrant use from
/// inside the block) proceeds at once instead of deadlocking.
@usableFromInline
final class ConnectionLock: @unchecked Sendable {
    // Sendable: the mutex is the synchronization primitive itself; it is allocated once and never moved.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the lock (at once when this thread already holds it).
    @inlinable @inline(__always)
    func sync<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Takes the lock (at once when this thread already holds it): for a hot path where ``sync(_:)``'s closure
    /// would cost a call and a retain; pair it with ``unlock()`` in a `defer`.
    @inlinable @inline(__always)
    func lock() { pthread_mutex_lock(mutex) }

    /// Gives back one ``lock()``.
    @inlinable @inline(__always)
    func unlock() { pthread_mutex_unlock(mutex) }
}

extension Connection {
    /// An engine call made holding the connection's lock, its failure as ``LegacyError``.
    func lockedCall<T>(_ body: () throws(SQLiteError) -> T) throws(LegacyError) -> T {
        try lock.sync { () throws(LegacyError) in try sqliteCall(body) }
    }
}
