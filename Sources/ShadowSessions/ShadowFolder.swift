import Foundation

/// Where a shadow copy goes when the app does not choose.
///
/// The shadow copy is throwaway: it is re-made from the real file whenever it cannot be trusted, and removed when the
/// session closes, so its durability buys nothing. On a disk, every compared write pays the candidate's syncs (a
/// rollback-journal commit syncs the journal and the file) — tens of milliseconds on a busy disk, most of what a
/// compared write costs. In memory-backed storage the same syncs cost nothing.
public enum ShadowFolder {
    /// A new folder for one session's shadow copy: under `/dev/shm` (memory) when it is there, writable, and `TMPDIR`
    /// is not set, else under the temporary folder. The folder is made (owner-only) at the first compared unit and
    /// removed by ``ShadowSession/close()``.
    ///
    /// The copy holds the user's data: an app whose files live under a protection the temporary folders lack passes
    /// a folder of its own container to ``ShadowSession`` instead.
    public static func scratch(label: String = "driverport-shadow") -> URL {
        memoryBackedParent.appendingPathComponent("\(label)-\(UUID().uuidString)")
    }

    /// `/dev/shm` when it is a writable folder and `TMPDIR` is not set (a caller who set it chose the place), else the
    /// temporary folder.
    public static var memoryBackedParent: URL {
        let shm = "/dev/shm"
        var isDirectory: ObjCBool = false
        if ProcessInfo.processInfo.environment["TMPDIR"] == nil,
           FileManager.default.fileExists(atPath: shm, isDirectory: &isDirectory), isDirectory.boolValue,
           FileManager.default.isWritableFile(atPath: shm) {
            return URL(fileURLWithPath: shm)
        }
        return FileManager.default.temporaryDirectory
    }
}
