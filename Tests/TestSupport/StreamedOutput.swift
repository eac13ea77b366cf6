import Foundation

/// What a child process printed so far, collected as it arrives (set ``append(_:)`` as the pipe's
/// `readabilityHandler`), so a test can wait for a line the child prints instead of sleeping.
public final class StreamedOutput: @unchecked Sendable {
    // @unchecked Sendable: `data` and `ended` are only touched with `condition` locked.
    private let condition = NSCondition()
    private var data = Data()
    private var ended = false

    public init() {}

    /// Adds a chunk; an empty one is the end of the output.
    public func append(_ chunk: Data) {
        condition.lock()
        if chunk.isEmpty { ended = true } else { data.append(chunk) }
        condition.broadcast()
        condition.unlock()
    }

    /// Everything printed so far.
    public var text: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: data, as: UTF8.self)
    }

    /// Waits until `predicate` holds for what was printed; false when the output ended without it, or after the
    /// hang guard (`seconds`; not a timing assertion).
    @discardableResult
    public func wait(seconds: Double = 120, until predicate: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(String(decoding: data, as: UTF8.self)) {
            if ended || !condition.wait(until: deadline) { return predicate(String(decoding: data, as: UTF8.self)) }
        }
        return true
    }

    /// Waits for the end of the output (hang guard: `seconds`); returns everything printed.
    public func waitForEnd(seconds: Double = 120) -> String {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while !ended, condition.wait(until: deadline) {}
        return String(decoding: data, as: UTF8.self)
    }
}
