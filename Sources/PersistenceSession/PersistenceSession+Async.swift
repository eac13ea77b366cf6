import Dispatch

extension PersistenceSession {
    /// Runs a read unit of work off the calling task's thread and returns its result.
    ///
    /// The unit runs exactly as ``read(_:)`` does (same rules, same errors) on a thread of its own, so a long read
    /// never occupies one of Swift's cooperative threads. A task cancelled before the unit starts gets
    /// `CancellationError` and the unit never runs; once started, the unit runs to its end (a read changes nothing).
    public func read<T: Sendable>(_ work: @escaping @Sendable (ReadContext) throws -> T) async throws -> T {
        try await runUnitDetached { try self.read(work) }
    }

    /// Runs a write unit of work off the calling task's thread and returns its result.
    ///
    /// The unit runs exactly as ``write(_:)`` does: committed when `work` returns, rolled back when it throws. A task
    /// cancelled before the unit starts gets `CancellationError` and nothing is written; once started, the unit
    /// commits or rolls back as a whole, whatever happens to the task, so cancellation never leaves half a write.
    public func write<T: Sendable>(_ work: @escaping @Sendable (WriteContext) throws -> T) async throws -> T {
        try await runUnitDetached { try self.write(work) }
    }
}

/// Runs `body` (a synchronous unit of work) on a global dispatch queue and resumes the caller with its outcome; a
/// task cancelled before it starts gets `CancellationError` and `body` never runs. The engines' own `async` units
/// use it too.
package func runUnitDetached<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try Task.checkCancellation()
    return try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(with: Result { try body() })
        }
    }
}
