import Foundation

/// The system calls DriverPort's crash-safe file steps make outside SQLite (fsync, rename, link, unlink), behind
/// one value so a test can fail any one of them.
///
/// The steps read ``current``, a task-local value: a test runs the step inside
/// `FileSystemCalls.$current.withValue(failing) { ... }`, and only the calls made in that task (on its thread,
/// synchronously) see the failures; every other caller, and every parallel test, gets ``system``. Each call returns
/// what the system call does: 0, or -1 with `errno` set.
package struct FileSystemCalls: Sendable {
    /// A call that can be failed.
    package enum Call: String, Sendable, CaseIterable {
        case fsync, rename, link, unlink
    }

    /// Flushes `descriptor`, opened from `path` (passed along for tests that model the disk by path).
    package var fsync: @Sendable (_ descriptor: Int32, _ path: String) -> Int32
    package var rename: @Sendable (_ from: String, _ to: String) -> Int32
    package var link: @Sendable (_ existing: String, _ new: String) -> Int32
    package var unlink: @Sendable (_ path: String) -> Int32

    package init(
        fsync: @escaping @Sendable (_ descriptor: Int32, _ path: String) -> Int32,
        rename: @escaping @Sendable (_ from: String, _ to: String) -> Int32,
        link: @escaping @Sendable (_ existing: String, _ new: String) -> Int32,
        unlink: @escaping @Sendable (_ path: String) -> Int32
    ) {
        self.fsync = fsync
        self.rename = rename
        self.link = link
        self.unlink = unlink
    }

    /// The real calls.
    package static let system = FileSystemCalls(
        fsync: systemFsync, rename: systemRename, link: systemLink, unlink: systemUnlink
    )

    /// The calls the file steps of the current task make.
    @TaskLocal package static var current: FileSystemCalls = .system

    /// `base` with `body` deciding first, for every call, whether it fails (return an errno such as `EIO`) or runs
    /// (return `nil`).
    package static func intercepting(
        _ base: FileSystemCalls = .system, _ body: @escaping @Sendable (Call, [String]) -> Int32?
    ) -> FileSystemCalls {
        FileSystemCalls(
            fsync: { descriptor, path in body(.fsync, [path]).map { Self.failed($0) } ?? base.fsync(descriptor, path) },
            rename: { from, to in body(.rename, [from, to]).map { Self.failed($0) } ?? base.rename(from, to) },
            link: { existing, new in body(.link, [existing, new]).map { Self.failed($0) } ?? base.link(existing, new) },
            unlink: { path in body(.unlink, [path]).map { Self.failed($0) } ?? base.unlink(path) }
        )
    }

    /// What a failed system call does: `errno` set, -1 returned.
    private static func failed(_ code: Int32) -> Int32 {
        errno = code
        return -1
    }
}

// The system calls themselves, at file scope where their names are not shadowed by the properties above.
private func systemFsync(_ descriptor: Int32, _ path: String) -> Int32 { fsync(descriptor) }
private func systemRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
private func systemLink(_ existing: String, _ new: String) -> Int32 { link(existing, new) }
private func systemUnlink(_ path: String) -> Int32 { unlink(path) }
