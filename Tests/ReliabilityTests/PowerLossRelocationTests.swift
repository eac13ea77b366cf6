import DriverLedgers
import FileLifecycle
import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// Power cuts during the launch relocation (issue 21): its settle step opens the database through the power-loss
/// VFS, and its renames and folder flushes go through the same simulated disk, so a cut can fall before any of them.
/// The model makes a rename durable at once (like creating and deleting a file); that the folders are flushed after
/// the rename is pinned by `RelocationFolderSyncTests` (the calls, in order, and a failing flush).
@Suite("Power cuts during relocation: after every cut the database is whole in exactly one place, at the destination if the move was reported")
struct PowerLossRelocationTests {
    @Test("a rollback-journal ledger file moved into a container: every cut leaves it whole in one place")
    func relocation() throws {
        let folder = TemporaryDirectory.inMemory("powerloss-relocation")
        let base = folder.path("base.db")
        try CodecFaultStack.createLedgerBase(at: base, key: nil, committed: PowerLossFileStepTests.committed)
        let vfs = try PowerLossVFS()
        var moved: Bool?
        let container = { (path: String) in path + ".container" }
        let sweep = PowerLossSweep(base: base, vfs: vfs, folder: folder, durableAtCommit: true)
        let report = try sweep.run(budget: 100, workload: { path, _ in
            try? FileManager.default.removeItem(atPath: container(path))
            try? FileManager.default.createDirectory(atPath: container(path), withIntermediateDirectories: false)
            let relocation = DatabaseRelocation(
                legacyFile: URL(fileURLWithPath: path), container: URL(fileURLWithPath: container(path), isDirectory: true),
                access: DatabaseAccess(vfs: vfs.name)
            )
            let result = FileSystemCalls.$current.withValue(vfs.fileSystemCalls) { relocation.run() }
            moved = result.moved
        }, check: { path, _, _ in
            let destination = container(path) + "/" + (path as NSString).lastPathComponent
            let here = [path, destination].filter { FileManager.default.fileExists(atPath: $0) }
            var problems: [String] = []
            if here.count != 1 { problems.append("the database is at \(here.count) places") }
            if moved == true, here != [destination] { problems.append("reported moved but not at the destination") }
            if let file = here.first {
                let verdict = PowerLossFileStepTests.holdsCommitted(file, key: nil)
                if !verdict.isExact { problems.append("\(verdict)") }
            }
            return PowerLossVerdict(integrityOK: problems.isEmpty, lost: [], halfApplied: false,
                                    detail: problems.joined(separator: "; "))
        })
        ReliabilityFigures.report("power-loss relocation", [
            ("cut points", report.cutPoints), ("runs", report.runs), ("simulated cuts", report.cuts),
            ("damaged", report.damaged.count),
        ])
        #expect(report.cutPoints >= 3, "the rename and both folder flushes are cut points")
        for damage in report.damaged.prefix(5) { Issue.record("relocation: \(damage)") }
    }
}
