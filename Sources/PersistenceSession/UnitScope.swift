import Synchronization

/// The lifetime of one unit of work: the repositories a context vends check it before every call, so one that
/// escaped its `read { }` or `write { }` throws ``PersistenceError/invalidUse(_:)`` instead of running outside the
/// unit's transaction (or, on the reader/writer driver, touching a connection handle that is no longer valid).
///
/// The session engines make one per unit and end it when the closure returns or throws. It also collects the
/// schemas the unit attached (`ATTACH DATABASE`), which the engines detach once the unit's transaction ended
/// (SQLite refuses to detach a schema the running transaction has touched).
public final class UnitScope: Sendable {
    private let isOpen = Atomic(true)
    /// Guarded by its own mutex: the schemas attached during the unit, in order.
    private let attached = Mutex<[String]>([])

    /// A scope that is active and has no attached schemas; an engine makes one at the start of each unit.
    public init() {}

    /// Throws ``UnitOfWorkRules/escapedRepository`` when the unit of work has ended.
    @inline(__always)
    public func check() throws(PersistenceError) {
        guard isOpen.load(ordering: .acquiring) else { throw UnitOfWorkRules.escapedRepository }
    }

    /// Whether the unit of work is still running.
    public var isActive: Bool { isOpen.load(ordering: .acquiring) }

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
