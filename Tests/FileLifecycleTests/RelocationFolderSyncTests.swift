import FileLifecycle
import Foundation
import SQLiteCipher
import TestSupport
import Testing

/// Issue 21: the relocation renamed the database into the container and never flushed the folders, so a power cut
/// after the app was told to open the file at its new place could bring the old directory entries back. Its
/// renames, removals and folder flushes now go through the seam export and rekey use (`FileSystemCalls`).
@Suite("Relocation flushes both folders after its renames")
struct RelocationFolderSyncTests {
    /// The calls made through the seam, in order (`lock` guards `calls`).
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var calls: [String] = []
        func record(_ call: FileSystemCalls.Call, _ paths: [String]) {
            lock.withLock { calls.append(([call.rawValue] + paths).joined(separator: " ")) }
        }
        var recorded: [String] { lock.withLock { calls } }
    }

    private static func standard(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    @Test("the main file's rename is followed by an fsync of the container and of the legacy folder")
    func foldersFlushedAfterRename() throws {
        let layout = try RelocationLayout()
        let image = try WALCrashImage()
        try image.install(at: layout.legacy)
        let recorder = Recorder()
        let calls = FileSystemCalls.intercepting { call, paths in
            recorder.record(call, paths.map(Self.standard))
            return nil
        }
        let result = FileSystemCalls.$current.withValue(calls) { layout.relocation().run() }
        #expect(result.moved && result.path.path == layout.destination)
        let recorded = recorder.recorded
        let rename = recorded.firstIndex(of: "rename \(Self.standard(layout.legacy)) \(Self.standard(layout.destination))")
        let container = recorded.firstIndex(of: "fsync \(Self.standard(layout.container))")
        let legacy = recorded.firstIndex(of: "fsync \(Self.standard(layout.legacyFolder))")
        #expect(rename != nil && container != nil && legacy != nil, "\(recorded)")
        if let rename, let container, let legacy {
            #expect(rename < container && rename < legacy, "the folders are flushed after the rename: \(recorded)")
        }
        #expect(try LedgerFixture.contents(at: layout.destination) == image.expected)
    }

    @Test("a folder flush that fails (EIO) neither undoes nor misreports the move: the file is whole at the destination")
    func failedFlushKeepsTheMove() throws {
        let layout = try RelocationLayout()
        let image = try WALCrashImage()
        try image.install(at: layout.legacy)
        let recorder = Recorder()
        let failing = FileSystemCalls.intercepting { call, paths in
            guard call == .fsync else { return nil }
            recorder.record(call, paths)
            return EIO
        }
        let result = FileSystemCalls.$current.withValue(failing) { layout.relocation().run() }
        #expect(recorder.recorded.count >= 2, "both folder flushes were attempted: \(recorder.recorded)")
        #expect(result.moved && result.fallbackReason == nil && result.isSafeToOpen)
        #expect(result.path.path == layout.destination)
        #expect(RelocationLayout.files(at: layout.legacy).isEmpty)
        #expect(try LedgerFixture.contents(at: layout.destination) == image.expected)
        #expect(try LedgerFixture.integrity(at: layout.destination) == "ok")
    }
}
