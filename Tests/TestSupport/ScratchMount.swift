import Foundation

/// A small tmpfs mounted for one test: a disk that fills up after a few KiB, or a file system that is read-only
/// even for root (where permission bits do not stop a write). Needs root and mount rights; ``make(sizeKiB:)``
/// returns `nil` where that is not possible, and the test says it skipped.
public final class ScratchMount: @unchecked Sendable {
    // @unchecked: `url` and `holder` are immutable; unmounting happens once in deinit.
    public let url: URL
    private let holder: TemporaryDirectory

    private init(url: URL, holder: TemporaryDirectory) {
        self.url = url
        self.holder = holder
    }

    /// Mounts a tmpfs of `sizeKiB` KiB, or returns `nil` when mounting is not allowed here.
    public static func make(sizeKiB: Int) -> ScratchMount? {
        let holder = TemporaryDirectory("scratch-mount")
        let point = holder.url.appendingPathComponent("mnt")
        try? FileManager.default.createDirectory(at: point, withIntermediateDirectories: true)
        guard getuid() == 0, run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(sizeKiB)k,mode=0755", "tmpfs", point.path]) else {
            return nil
        }
        return ScratchMount(url: point, holder: holder)
    }

    /// A path inside the mount.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Remounts read-only: every write fails with EROFS, for root too.
    public func makeReadOnly() -> Bool {
        Self.run("/bin/mount", ["-o", "remount,ro", url.path])
    }

    deinit {
        // Lazy unmount: succeeds even if a file inside is still open somewhere.
        _ = Self.run("/bin/umount", ["-l", url.path])
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
