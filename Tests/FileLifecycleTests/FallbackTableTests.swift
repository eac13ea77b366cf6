import FileLifecycle
import Foundation
import TestSupport
import Testing

/// Seed 000's fallback table, one test per row: before the main file moved, every failure keeps the legacy path;
/// after it moved, none does; when both sides hold data, nothing moves and a flag goes up.
@Suite("Seed 000 fallback table")
struct FallbackTableTests {
    @Test("no container URL: the legacy path, nothing touched")
    func noContainer() throws {
        let layout = try RelocationLayout(containerExists: false)
        try LedgerFixture.makeWAL(at: layout.legacy, rows: 5)
        let before = LedgerFixture.snapshot(layout.legacyFolder)
        let result = DatabaseRelocation(legacyFile: URL(fileURLWithPath: layout.legacy), container: nil).run()
        #expect(result.path.path == layout.legacy)
        #expect(result.location == .legacy)
        #expect(result.fallbackReason == .noContainer)
        #expect(!result.moved && !result.conflict)
        #expect(LedgerFixture.snapshot(layout.legacyFolder) == before)
    }

    @Test("a container path reported but not provisioned (Catalyst): the legacy path, nothing created there")
    func containerReportedButMissing() throws {
        let layout = try RelocationLayout(containerExists: false)
        try LedgerFixture.makeWAL(at: layout.legacy, rows: 5)
        let before = LedgerFixture.snapshot(layout.legacyFolder)
        let result = layout.relocation().run()
        #expect(result.path.path == layout.legacy)
        #expect(result.fallbackReason == .containerMissing(path: layout.container))
        #expect(!result.moved)
        #expect(!FileManager.default.fileExists(atPath: layout.container))
        #expect(LedgerFixture.snapshot(layout.legacyFolder) == before)
        #expect(try LedgerFixture.contents(at: result.path.path)?.rows == 5)
    }

    @Test("the main file's move fails: the legacy path, with every committed row, and nothing in the container")
    func mainMoveFails() throws {
        let layout = try RelocationLayout()
        let image = try WALCrashImage()
        try image.install(at: layout.legacy)
        let fileSystem = FailingFileSystem.failingMoves(endingWith: RelocationLayout.fileName)
        let result = layout.relocation(fileSystem: fileSystem).run()
        #expect(result.path.path == layout.legacy)
        guard case .moveFailed? = result.fallbackReason else {
            Issue.record("expected moveFailed, got \(String(describing: result.fallbackReason))")
            return
        }
        #expect(!result.moved)
        #expect(RelocationLayout.files(at: layout.destination).isEmpty)
        #expect(try LedgerFixture.contents(at: result.path.path) == image.expected)
    }

    @Test("a sidecar's move fails after the main file moved: the destination, never the legacy path; the next run moves it")
    func sidecarMoveFailsAfterMainMoved() throws {
        let layout = try RelocationLayout()
        // A PERSIST-mode journal stays beside its file after every commit, so it has to follow the main file.
        try LedgerFixture.makePersistJournal(at: layout.legacy, rows: 7)
        #expect(RelocationLayout.files(at: layout.legacy) == ["main", "-journal"])

        let first = layout.relocation(fileSystem: FailingFileSystem.failingMoves(endingWith: "-journal")).run()
        #expect(first.path.path == layout.destination)
        #expect(first.location == .destination)
        #expect(first.fallbackReason == nil)
        #expect(first.moved)
        #expect(first.pendingSidecars.map(\.sidecar) == [.journal])
        #expect(first.isSafeToOpen, "a journal whose header was zeroed carries nothing")
        #expect(RelocationLayout.files(at: layout.legacy) == ["-journal"])

        let second = layout.relocation().run()
        #expect(second.path.path == layout.destination)
        #expect(second.moved && second.pendingSidecars.isEmpty)
        #expect(RelocationLayout.files(at: layout.legacy).isEmpty)
        #expect(try LedgerFixture.contents(at: second.path.path)?.rows == 7)
    }

    @Test("both sides hold rows: the legacy path, the conflict flag, and both databases byte-identical")
    func bothSidesHoldRows() throws {
        let layout = try RelocationLayout()
        let image = try WALCrashImage()
        try image.install(at: layout.legacy)
        let other = try WALCrashImage(checkpointedRows: 3, walTransactions: 2, rowsPerTransaction: 4)
        try other.install(at: layout.destination)
        let legacyBefore = LedgerFixture.snapshot(layout.legacyFolder)
        let containerBefore = LedgerFixture.snapshot(layout.container)
        #expect(legacyBefore.keys.sorted() == ["ledger.db", "ledger.db-shm", "ledger.db-wal"])

        let result = layout.relocation().run()
        #expect(result.path.path == layout.legacy)
        #expect(result.conflict)
        #expect(result.fallbackReason == .conflict)
        #expect(!result.moved)
        #expect(result.needsAttention)
        #expect(LedgerFixture.snapshot(layout.legacyFolder) == legacyBefore)
        #expect(LedgerFixture.snapshot(layout.container) == containerBefore)
    }
}
