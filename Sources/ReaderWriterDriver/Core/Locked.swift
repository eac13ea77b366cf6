import Foundation

/// A value guarded by a lock.
///
/// Built on `NSLock` (a pthread mutex) rather than `Synchronization.Mutex`: on Linux `Mutex` locks through futex
/// shims that ThreadSanitizer does not see, so every access under it would be reported as a race.
final class Locked<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only read or written inside `withLock`, under `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Runs `body` with the value while holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
