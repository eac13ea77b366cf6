import CFaultVFS
import Foundation

/// A fault-injecting SQLite VFS for tests: forwards every call to a base VFS, counts calls by kind, and when armed
/// fails (or tears, or kills the process at) the Nth call of the chosen kinds on the chosen files.
///
/// Open a connection through it with `OpenOptions(vfs: vfs.name)`. Each instance has its own name and counters, so
/// tests running in parallel do not disturb each other. It works with the system SQLite only (the library the C
/// shim links). Another shim (such as the page codec) can be registered over it by passing ``name`` as its base.
public final class FaultInjectingVFS: @unchecked Sendable {
    // @unchecked: `handle` is set once in init; the C side guards all mutable state with its own mutex.
    private let handle: OpaquePointer

    /// The name connections open it by.
    public let name: String

    /// A kind of VFS call.
    public enum CallKind: Int, Sendable, CaseIterable, CustomStringConvertible {
        case open, read, write, sync, truncate, fileSize, lock, unlock, checkReservedLock, delete, access
        case shmMap, shmLock

        public var description: String {
            switch self {
            case .open: "open"
            case .read: "read"
            case .write: "write"
            case .sync: "sync"
            case .truncate: "truncate"
            case .fileSize: "fileSize"
            case .lock: "lock"
            case .unlock: "unlock"
            case .checkReservedLock: "checkReservedLock"
            case .delete: "delete"
            case .access: "access"
            case .shmMap: "shmMap"
            case .shmLock: "shmLock"
            }
        }

        /// The result code SQLite's own unix VFS returns when this call fails.
        public var ioErrorCode: Int32 {
            switch self {
            case .open: 14  // SQLITE_CANTOPEN
            case .read: 266  // SQLITE_IOERR_READ
            case .write: 778  // SQLITE_IOERR_WRITE
            case .sync: 1034  // SQLITE_IOERR_FSYNC
            case .truncate: 1546  // SQLITE_IOERR_TRUNCATE
            case .fileSize: 1802  // SQLITE_IOERR_FSTAT
            case .lock: 3850  // SQLITE_IOERR_LOCK
            case .unlock: 2058  // SQLITE_IOERR_UNLOCK
            case .checkReservedLock: 3594  // SQLITE_IOERR_CHECKRESERVEDLOCK
            case .delete: 2570  // SQLITE_IOERR_DELETE
            case .access: 3338  // SQLITE_IOERR_ACCESS
            case .shmMap: 5386  // SQLITE_IOERR_SHMMAP
            case .shmLock: 5130  // SQLITE_IOERR_SHMLOCK
            }
        }
    }

    /// Which files a fault may hit.
    public struct FileClasses: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// The database file.
        public static let mainDatabase = FileClasses(rawValue: 1)
        /// The rollback journal.
        public static let journal = FileClasses(rawValue: 2)
        /// The write-ahead log and its shared-memory index.
        public static let wal = FileClasses(rawValue: 4)
        /// Temp files, statement journals, super-journals.
        public static let other = FileClasses(rawValue: 8)
        public static let any: FileClasses = [.mainDatabase, .journal, .wal, .other]
    }

    /// What happens at the chosen call.
    public enum Action: Sendable, Equatable {
        /// The call returns the error without reaching the disk.
        case fail
        /// A write stores its first half, then returns the error (a disk that filled up mid-write).
        case tearWrite
        /// The process is killed with SIGKILL just before the call (crash tests).
        case kill
    }

    /// One armed fault.
    public struct Plan: Sendable, CustomStringConvertible {
        public var kinds: Set<CallKind>
        public var files: FileClasses
        /// The 1-based matching call that fails.
        public var nth: Int64
        /// The result code returned (`nil`: the failing call's own `SQLITE_IOERR_*` code; 13 is `SQLITE_FULL`).
        public var errorCode: Int32?
        /// Every later matching call fails too (a disk that stays full or gone), not only the Nth.
        public var persistent: Bool
        public var action: Action

        public init(
            kinds: Set<CallKind>, files: FileClasses = .any, nth: Int64, errorCode: Int32? = nil,
            persistent: Bool = false, action: Action = .fail
        ) {
            self.kinds = kinds
            self.files = files
            self.nth = nth
            self.errorCode = errorCode
            self.persistent = persistent
            self.action = action
        }

        public var description: String {
            let kindNames = kinds.sorted { $0.rawValue < $1.rawValue }.map(\.description).joined(separator: "+")
            let code = errorCode.map { " code \($0)" } ?? ""
            return "\(action) \(kindNames) call #\(nth)\(code)\(persistent ? " (persistent)" : "")"
        }
    }

    /// Registers a new instance over `base` (`nil`: the default VFS).
    ///
    /// - Throws: ``RegistrationError`` when the base VFS does not exist or the name is taken.
    public init(name: String = "fault-\(UUID().uuidString.prefix(8))", base: String? = nil) throws {
        let registered: OpaquePointer? = name.withCString { cName in
            if let base { return base.withCString { dp_fault_vfs_register(cName, $0) } }
            return dp_fault_vfs_register(cName, nil)
        }
        guard let registered else { throw RegistrationError(name: name, base: base) }
        handle = registered
        self.name = name
    }

    /// Unregistering while a connection still uses it would leave SQLite with a dangling VFS, so instances stay
    /// registered until ``unregister()`` is called explicitly (they are small).
    public func unregister() { dp_fault_vfs_unregister(handle) }

    /// Makes this the process's default VFS, so code that opens with no VFS name (a session, a driver) goes through
    /// it. Meant for child processes of crash tests; a test process would disturb its parallel tests.
    public func makeDefault() -> Bool { dp_fault_vfs_make_default(handle) == 0 }

    /// Arms a fault; the matching-call count starts from zero.
    public func arm(_ plan: Plan) {
        let mask = plan.kinds.reduce(UInt32(0)) { $0 | (1 << UInt32($1.rawValue)) }
        let code = plan.errorCode ?? 0
        let action: dp_fault_action =
            switch plan.action {
            case .fail: DP_FAULT_ACTION_ERROR
            case .tearWrite: DP_FAULT_ACTION_TORN_WRITE
            case .kill: DP_FAULT_ACTION_KILL
            }
        dp_fault_vfs_arm(handle, mask, plan.files.rawValue, plan.nth, code, plan.persistent ? 1 : 0, action)
    }

    /// Counts matching calls without failing any (a dry run that tells how many points a sweep has).
    public func count(kinds: Set<CallKind>, files: FileClasses = .any) {
        arm(Plan(kinds: kinds, files: files, nth: 0))
    }

    /// Stops injecting.
    public func disarm() { dp_fault_vfs_disarm(handle) }

    /// Calls of `kind` since registration or the last ``resetCounts()``.
    public func calls(_ kind: CallKind) -> Int64 {
        dp_fault_vfs_calls(handle, dp_fault_kind(rawValue: UInt32(kind.rawValue)))
    }

    /// Calls that matched the armed (or counted) kinds and files since the last ``arm(_:)``.
    public var matchingCalls: Int64 { dp_fault_vfs_matching_calls(handle) }

    /// Faults injected since the last ``arm(_:)``.
    public var injectedFaults: Int64 { dp_fault_vfs_injected(handle) }

    /// The kind of the last call failed since the last ``arm(_:)``.
    public var lastInjectedKind: CallKind? {
        let raw = dp_fault_vfs_last_injected_kind(handle)
        return raw < 0 ? nil : CallKind(rawValue: Int(raw))
    }

    public func resetCounts() { dp_fault_vfs_reset_counts(handle) }

    /// The VFS could not be registered.
    public struct RegistrationError: Error, CustomStringConvertible {
        public let name: String
        public let base: String?
        public var description: String { "cannot register fault VFS '\(name)' over '\(base ?? "default")'" }
    }
}
