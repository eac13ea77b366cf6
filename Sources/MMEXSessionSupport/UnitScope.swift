import PersistenceSession
import Synchronization

/// The lifetime of one unit of work: the repositories it vends check it before every call, so one that escaped its
/// `read { }` or `write { }` throws ``SessionErrors/escapedRepository`` instead of running outside the unit's
/// transaction (or, on the reader/writer driver, touching a connection handle that is no longer valid).
public final class UnitScope: Sendable {
    private let isOpen = Atomic(true)
    /// Schemas attached during the unit (imports), which the session detaches once the unit's transaction ended
    /// (SQLite refuses to detach a schema the running transaction has touched).
    private let attached = Mutex<[String]>([])

    public init() {}

    /// Throws when the unit of work has ended.
    @inline(__always)
    public func check() throws(PersistenceError) {
        guard isOpen.load(ordering: .acquiring) else { throw SessionErrors.escapedRepository }
    }

    /// Ends the unit of work (called by the session when the closure returns or throws).
    public func end() {
        isOpen.store(false, ordering: .releasing)
    }

    /// Records a schema attached during the unit, for the session to detach after it.
    public func noteAttached(_ schema: String) {
        attached.withLock { $0.append(schema) }
    }

    /// The schemas attached during the unit, in order.
    public var attachedSchemas: [String] { attached.withLock { $0 } }
}
