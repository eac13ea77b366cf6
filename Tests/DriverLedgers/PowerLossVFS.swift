import CFaultVFS
import Foundation
import SQLiteCipher

/// A VFS that simulates a power cut (the C shim `Tests/CFaultVFS/powerloss_vfs.c`): it records, for every database,
/// journal and WAL file, what the disk durably holds (the file as of its last sync) and the writes made since, and
/// when armed the power goes out just before the Nth disk-changing call (write, truncate, sync, delete). After the
/// workload closed its connections, ``apply(_:seed:)`` leaves the files as the disk would hold them after the cut:
/// the unsynced writes dropped, kept, the last one of each file torn to its first sector, or each unsynced sector
/// kept or lost at random, as SQLite's own crash tests model it.
///
/// Open connections with `OpenOptions(vfs: vfs.name)`, or register the page codec over it
/// (`PageCodec.vfsName(over: vfs.name)`) so the cut hits the encrypted bytes. Keep the files in memory
/// (`TemporaryDirectory.inMemory`): the shim forwards to the default VFS.
public final class PowerLossVFS: @unchecked Sendable {
    // @unchecked: `handle` is set once in init; the C side guards all mutable state with its own mutex.
    private let handle: OpaquePointer

    /// The name connections open it by.
    public let name: String

    /// What the disk holds after the cut, of the writes that were not synced.
    public enum Mode: Int, Sendable, CaseIterable, CustomStringConvertible {
        /// Every unsynced write lost.
        case drop
        /// Every unsynced write reached the disk.
        case keep
        /// They did, except the last write of each file: only its first 512 bytes.
        case tornPrefix
        /// Each unsynced 512-byte sector reached the disk or not, at random (seeded).
        case tornSectors

        public var description: String {
            switch self {
            case .drop: "drop"
            case .keep: "keep"
            case .tornPrefix: "torn prefix"
            case .tornSectors: "torn sectors"
            }
        }
    }

    /// Registers a new instance over `base` (`nil`: the default VFS).
    public init(name: String = "powerloss-\(UUID().uuidString.prefix(8))", base: String? = nil) throws {
        let registered: OpaquePointer? = name.withCString { cName in
            if let base { return base.withCString { dp_powerloss_vfs_register(cName, $0) } }
            return dp_powerloss_vfs_register(cName, nil)
        }
        guard let registered else { throw FaultInjectingVFSRegistrationFailed(name: name) }
        handle = registered
        self.name = name
    }

    /// Forgets every recorded file and arms a cut just before the `nth` disk-changing call (`nil`: no cut, count).
    public func arm(cutBefore nth: Int64?) { dp_powerloss_vfs_arm(handle, nth ?? 0) }

    /// Disk-changing calls since the last ``arm(cutBefore:)``.
    public var events: Int64 { dp_powerloss_vfs_events(handle) }

    /// Syncs that completed since the last ``arm(cutBefore:)``.
    public var completedSyncs: Int64 { dp_powerloss_vfs_completed_syncs(handle) }

    /// Whether the power went out.
    public var isCut: Bool { dp_powerloss_vfs_cut(handle) != 0 }

    /// Completed syncs when the power went out (now, if it has not): what was acknowledged while
    /// ``completedSyncs`` was lower is durable.
    public var durableSyncs: Int64 { dp_powerloss_vfs_durable_syncs(handle) }

    /// Unsynced writes and truncations recorded now: what the cut can lose or tear.
    public var unsyncedWrites: Int64 { dp_powerloss_vfs_unsynced(handle) }

    /// Cuts the power now, if it has not gone out.
    public func cutNow() { dp_powerloss_vfs_cut_now(handle) }

    /// Leaves the recorded files as the disk holds them after the cut in `mode`; every connection through this
    /// VFS must be closed. Repeatable with another mode.
    public func apply(_ mode: Mode, seed: UInt64) throws {
        let result = dp_powerloss_vfs_apply(handle, dp_powerloss_mode(rawValue: UInt32(mode.rawValue)), seed)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
    }

    /// DriverPort's own file steps (the fsync, rename, link and unlink of export, rekey and the upgrade backup) made
    /// through this simulated disk: run a step inside `FileSystemCalls.$current.withValue(vfs.fileSystemCalls)`.
    package var fileSystemCalls: FileSystemCalls {
        FileSystemCalls(
            fsync: { descriptor, path in dp_powerloss_vfs_fsync(self.handle, descriptor, path) },
            rename: { from, to in dp_powerloss_vfs_rename(self.handle, from, to) },
            link: { existing, new in dp_powerloss_vfs_link(self.handle, existing, new) },
            unlink: { path in dp_powerloss_vfs_unlink(self.handle, path) }
        )
    }

    /// Unregistering while a connection still uses it would leave SQLite with a dangling VFS: call it explicitly,
    /// and never for an instance a codec was registered over.
    public func unregister() { dp_powerloss_vfs_unregister(handle) }
}

/// A test VFS could not be registered (its name is taken or its base does not exist).
public struct FaultInjectingVFSRegistrationFailed: Error, CustomStringConvertible {
    public let name: String
    public var description: String { "cannot register the test VFS '\(name)'" }
}
