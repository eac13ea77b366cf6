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
    public static func open(at path: String, driver: DriverKind, access: SessionAccess = .readWrite) throws -> TodoSession {
        switch driver {
        case .legacy: try TodoLegacySession.open(at: path, access: access)
        case .queue: try TodoReaderWriterSession.openQueue(at: path, access: access)
        case .pool: try TodoReaderWriterSession.openPool(at: path, access: access)
        }
    }

    /// Creates a new to-do file with the driver family ``policy`` chooses (both create the same schema) and opens it.
    /// The reader/writer family creates it on the queue; the next ``open(at:placement:access:)`` picks queue or pool.
    public static func create(at path: String, placement: SessionPolicy.Placement = .appContainer) throws -> TodoSession {
        switch policy.driver(for: placement) {
        case .legacy: try TodoLegacySession.create(at: path)
        case .queue, .pool: try TodoReaderWriterSession.create(at: path)
        }
    }
}
