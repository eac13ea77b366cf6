import FileLifecycle
import Foundation
import SQLiteEngine
import TestSupport
import Testing

/// The state an older build (or an interruption between renames) leaves: the main file in the container, its
/// sidecars still in the legacy folder. The relocation never falls back from there, and finishes the move.
@Suite("Sidecars that did not follow the main file")
struct SidecarFollowUpTests {
    /// A crash image whose main file was moved alone, leaving its `-wal` (with transactions) and `-shm` behind.
    static func mainMovedAlone(_ layout: RelocationLayout) throws -> WALCrashImage {
        let image = try WALCrashImage()
        try image.install(at: layout.legacy)
        try FileManager.default.moveItem(atPath: layout.legacy, toPath: layout.destination)
        return image
    }

    @Test("the -wal and -shm follow the main file on the next run, and every committed transaction is there")
    func pendingSidecarsFollow() throws {
        let layout = try RelocationLayout()
        let image = try Self.mainMovedAlone(layout)
        let recorder = StepRecorder()
        let result = layout.relocation(observer: recorder.observe).run()
        let steps = recorder.steps
        #expect(result.path.path == layout.destination)
        #expect(result.moved && result.isSafeToOpen && result.pendingSidecars.isEmpty)
        #expect(steps == [.started, .decided, .walMoved, .shmMoved, .finished])
        #expect(RelocationLayout.files(at: layout.legacy).isEmpty)
        #expect(try LedgerFixture.contents(at: result.path.path) == image.expected)
    }

    @Test("while a -wal with transactions cannot follow, the result says not to open the database; the next run moves it")
    func failedWALMoveIsNotSafeToOpen() throws {
        let layout = try RelocationLayout()
        let image = try Self.mainMovedAlone(layout)

        let first = layout.relocation(fileSystem: FailingFileSystem.failingMoves(endingWith: "-wal")).run()
        #expect(first.path.path == layout.destination, "after the main file moved, never the legacy path")
        #expect(first.fallbackReason == nil)
        #expect(first.pendingSidecars.map(\.sidecar) == [.wal])
        #expect(first.pendingSidecars.first?.carriesTransactions == true)
        #expect(!first.isSafeToOpen)
        #expect(FileManager.default.fileExists(atPath: layout.legacy + "-wal"))

        let second = layout.relocation().run()
        #expect(second.isSafeToOpen && second.pendingSidecars.isEmpty)
        #expect(try LedgerFixture.contents(at: second.path.path) == image.expected)
    }

    @Test("a sidecar already at the destination is never overwritten; a stranded -wal with transactions needs attention")
    func existingSidecarIsNeverOverwritten() throws {
        let layout = try RelocationLayout()
        _ = try Self.mainMovedAlone(layout)
        // Someone opened the moved main file before its -wal followed: it has a -wal of its own now.
        let own = try WALCrashImage(checkpointedRows: 1, walTransactions: 1, rowsPerTransaction: 1)
        try FileManager.default.copyItem(atPath: own.path + "-wal", toPath: layout.destination + "-wal")
        let destinationWAL = try Data(contentsOf: URL(fileURLWithPath: layout.destination + "-wal"))
        let legacyWAL = try Data(contentsOf: URL(fileURLWithPath: layout.legacy + "-wal"))

        let result = layout.relocation().run()
        #expect(result.path.path == layout.destination)
        let pending = result.pendingSidecars.first { $0.sidecar == .wal }
        #expect(pending?.state == .destinationHasOne)
        #expect(pending?.carriesTransactions == true)
        #expect(result.needsAttention)
        #expect(try Data(contentsOf: URL(fileURLWithPath: layout.destination + "-wal")) == destinationWAL)
        #expect(try Data(contentsOf: URL(fileURLWithPath: layout.legacy + "-wal")) == legacyWAL)
        // The -shm, which had no counterpart, followed.
        #expect(!FileManager.default.fileExists(atPath: layout.legacy + "-shm"))
    }

    @Test("a failure injected at any single rename or removal, then another run: the move finishes with every row",
          arguments: [false, true])
    func anySingleFailureThenRetry(replacingEmptyDestination: Bool) throws {
        // Count the operations of an uninterrupted run, then fail each one in turn.
        let operations = try Self.run(replacingEmptyDestination: replacingEmptyDestination, failAt: nil)
        #expect(operations >= (replacingEmptyDestination ? 3 : 2))
        for index in 0..<operations {
            _ = try Self.run(replacingEmptyDestination: replacingEmptyDestination, failAt: index)
        }
    }

    /// One relocation of a PERSIST-journal database (its `-journal` must follow) with the operation at `failAt`
    /// failing, checks what it returned, then a clean run and the final state. Returns the operations attempted.
    static func run(replacingEmptyDestination: Bool, failAt: Int?) throws -> Int {
        let layout = try RelocationLayout()
        try LedgerFixture.makePersistJournal(at: layout.legacy, rows: 9)
        if replacingEmptyDestination {
            try WALCrashImage(checkpointedRows: 0, walTransactions: 0).install(at: layout.destination)
        }
        let fileSystem = FailingFileSystem { _, index in index == failAt }
        let first = layout.relocation(fileSystem: fileSystem).run()
        let failed = fileSystem.attempted.indices.contains(failAt ?? -1) ? fileSystem.attempted[failAt ?? 0] : "none"
        let mainMoved = !FileManager.default.fileExists(atPath: layout.legacy)
        // Before the main file moved: the legacy path. After: the destination.
        #expect(first.path.path == (mainMoved ? layout.destination : layout.legacy), "failing \(failed)")
        #expect(FileManager.default.fileExists(atPath: first.path.path), "failing \(failed)")
        #expect(try LedgerFixture.contents(at: first.path.path)?.rows == 9, "failing \(failed)")

        let second = layout.relocation().run()
        #expect(second.path.path == layout.destination, "after failing \(failed)")
        #expect(second.pendingSidecars.isEmpty && second.isSafeToOpen, "after failing \(failed)")
        #expect(RelocationLayout.files(at: layout.legacy).isEmpty, "after failing \(failed)")
        #expect(try LedgerFixture.contents(at: second.path.path)?.rows == 9, "after failing \(failed)")
        return fileSystem.attempted.count
    }
}

/// Collects the steps an observer sees.
final class StepRecorder: @unchecked Sendable {
    // @unchecked: `lock` guards `recorded`.
    private let lock = NSLock()
    private var recorded: [RelocationStep] = []
    var steps: [RelocationStep] { lock.withLock { recorded } }
    var observe: RelocationObserver { { step in self.lock.withLock { self.recorded.append(step) } } }
}
