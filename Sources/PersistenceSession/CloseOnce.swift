import Synchronization

/// Whether a session has closed: set once, by the first ``markClosed()``; the session engines (and adapters over
/// other libraries) share it.
public final class CloseOnce: Sendable {
    /// Guarded by its own mutex: whether the session closed.
    private let closed = Mutex(false)

    /// A flag that is still open; a session engine makes one for its whole life.
    public init() {}

    /// Whether ``markClosed()`` has run.
    public var isClosed: Bool { closed.withLock { $0 } }

    /// Marks the session closed; `true` only the first time, so the caller closes its connections once.
    public func markClosed() -> Bool {
        closed.withLock { closed in
            defer { closed = true }
            return !closed
        }
    }

    /// Throws ``PersistenceError/closed`` once the session closed.
    public func check() throws(PersistenceError) {
        if isClosed { throw .closed }
    }
}

extension SessionLocation {
    /// The file's path, or `nil` in memory (for error messages and adapters that open the file themselves).
    public var path: String? {
        if case .file(let path) = self { return path }
        return nil
    }
}
