import PersistenceSession
import TodoLegacy
import TodoModel
import TodoReaderWriter

/// Where the to-do app opens its file: the one place that knows which driver runs underneath.
///
/// Everything else in the app holds a ``TodoModel/TodoSession``. The driver comes from DriverPort's
/// `SessionPolicy`: while ``policy`` keeps the legacy rollout, the app runs on the legacy driver as it always did;
/// switching the rollout to `.readerWriter` (once the differential has shown 0 mismatches) moves every open to the
/// queue or the pool by where the file lives. That value is the switch of step 5 in PORTING.md.
public enum TodoStore {
    /// The rollout the app ships with.
    public static let policy = SessionPolicy(rollout: .legacy)

    /// Opens an existing to-do file with the driver ``policy`` chooses for its placement.
    public static func open(
        at path: String, placement: SessionPolicy.Placement = .appContainer, access: SessionAccess = .readWrite
    ) throws -> TodoSession {
        try open(at: path, driver: policy.driver(for: placement, access: access), access: access)
    }

    /// Opens an existing to-do file on the given driver.
    ///
    /// - Throws: `PersistenceError.invalidUse(_:)` for a driver the to-do app has no session on (an app's own
    ///   `DriverKind`); otherwise what the session's open throws.
    public static func open(at path: String, driver: DriverKind, access: SessionAccess = .readWrite) throws -> TodoSession {
        switch driver {
        case .legacy: try TodoLegacySession.open(at: path, access: access)
        case .queue: try TodoReaderWriterSession.openQueue(at: path, access: access)
        case .pool: try TodoReaderWriterSession.openPool(at: path, access: access)
        default: throw PersistenceError.invalidUse("the to-do app has no session on driver '\(driver)'; use legacy, queue or pool")
        }
    }

    /// Creates a new to-do file with the driver family ``policy`` chooses (both create the same schema) and opens it.
    /// The reader/writer family creates it on the queue; the next ``open(at:placement:access:)`` picks queue or pool.
    public static func create(at path: String, placement: SessionPolicy.Placement = .appContainer) throws -> TodoSession {
        // The policy chooses legacy, queue or pool: everything but legacy is the reader/writer family.
        if policy.driver(for: placement) == .legacy { return try TodoLegacySession.create(at: path) }
        return try TodoReaderWriterSession.create(at: path)
    }
}
