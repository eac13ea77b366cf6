import FileLifecycle
import SQLiteCipher
import Foundation
import SQLiteEngine
import TestSupport
import Testing

@Suite("Relocation rules")
struct RelocationRulesTests {
    @Test("a database whose newest transactions are only in its -wal moves with every one of them; the legacy folder is left empty")
    func walTransactionsTravel() throws {
        let layout = try RelocationLayout()
        let image = try WALCrashImage()
        #expect(image.mainFileOnly.rows < image.expected.rows, "the fixture must keep rows in the WAL only")
        try image.install(at: layout.legacy)

        let result = layout.relocation().run()
        #expect(result.path.path == layout.destination)
        #expect(result.moved && result.fallbackReason == nil && result.isSafeToOpen)
        #expect(RelocationLayout.files(at: layout.legacy).isEmpty)
        // Settled before the move: the main file alone carries the WAL's transactions.
        #expect(RelocationLayout.files(at: layout.destination) == ["main"])
        #expect(try LedgerFixture.contents(at: result.path.path) == image.expected)
        #expect(try LedgerFixture.integrity(at: result.path.path) == "ok")
    }

    @Test("running it again after a finished move changes nothing and returns the same path")
    func idempotentAfterSuccess() throws {
        let layout = try RelocationLayout()
        try WALCrashImage().install(at: layout.legacy)
        let first = layout.relocation().run()
        let container = LedgerFixture.snapshot(layout.container)
        let second = layout.relocation().run()
        #expect(second.path == first.path)
        #expect(!second.moved && second.fallbackReason == nil)
        #expect(LedgerFixture.snapshot(layout.container) == container)
    }

    @Test("an empty destination (a schema an earlier launch created, its own -wal included) is replaced")
    func emptyDestinationIsReplaced() throws {
        let layout = try RelocationLayout()
        let image = try WALCrashImage()
        try image.install(at: layout.legacy)
        let empty = try WALCrashImage(checkpointedRows: 0, walTransactions: 0)
        try empty.install(at: layout.destination)
        #expect(try DatabaseAccess.plain.holdsRows(atPath: layout.destination) == false)

        let result = layout.relocation().run()
        #expect(result.path.path == layout.destination)
        #expect(result.moved && !result.conflict)
        #expect(try LedgerFixture.contents(at: result.path.path) == image.expected)
        #expect(RelocationLayout.files(at: layout.legacy).isEmpty)
    }

    @Test("a destination with rows and a legacy file without: the destination, and the legacy file is not touched")
    func destinationAlreadyHoldsTheData() throws {
        let layout = try RelocationLayout()
        try LedgerFixture.makeRollback(at: layout.legacy, rows: 0)
        try LedgerFixture.makeWAL(at: layout.destination, rows: 4)
        let legacyBefore = LedgerFixture.snapshot(layout.legacyFolder)
        let result = layout.relocation().run()
        #expect(result.path.path == layout.destination)
        #expect(!result.moved && result.fallbackReason == nil)
        #expect(LedgerFixture.snapshot(layout.legacyFolder) == legacyBefore)
    }

    @Test("'holds rows' counts the WAL's committed transactions and leaves the file and its sidecars byte-identical")
    func holdsRowsReadsTheWALWithoutTouchingIt() throws {
        let folder = TemporaryDirectory()
        let image = try WALCrashImage(checkpointedRows: 0, walTransactions: 2, rowsPerTransaction: 3)
        #expect(image.mainFileOnly.rows == 0)
        try image.install(at: folder.path("rows-in-wal.db"))
        let schemaOnly = try WALCrashImage(checkpointedRows: 0, walTransactions: 0)
        try schemaOnly.install(at: folder.path("schema-only.db"))
        try LedgerFixture.makeRollback(at: folder.path("rollback.db"), rows: 1)
        try LedgerFixture.installHotJournalImage(at: folder.path("hot.db"), committedRows: 0)
        let before = folderFingerprint(folder.url)

        #expect(try DatabaseAccess.plain.holdsRows(atPath: folder.path("rows-in-wal.db")))
        #expect(try DatabaseAccess.plain.holdsRows(atPath: folder.path("schema-only.db")) == false)
        #expect(try DatabaseAccess.plain.holdsRows(atPath: folder.path("rollback.db")))
        #expect(try DatabaseAccess.plain.holdsRows(atPath: folder.path("hot.db")) == false,
                "the half-written transaction's rows never committed")
        #expect(folderFingerprint(folder.url) == before)
    }

    @Test("a hot rollback journal is never left behind: the half-written transaction is rolled back, then the file moves")
    func hotJournalTravelsWithItsFile() throws {
        let layout = try RelocationLayout()
        try LedgerFixture.installHotJournalImage(at: layout.legacy, committedRows: 25)
        #expect(Sidecar.carriesTransactions(.journal, atPath: layout.legacy + "-journal"))

        let result = layout.relocation().run()
        #expect(result.path.path == layout.destination)
        #expect(result.moved && result.isSafeToOpen)
        #expect(RelocationLayout.files(at: layout.legacy).isEmpty)
        #expect(RelocationLayout.files(at: layout.destination) == ["main"])
        #expect(try LedgerFixture.contents(at: result.path.path)?.rows == 25)
        #expect(try LedgerFixture.integrity(at: result.path.path) == "ok")
    }

    @Test("the legacy database open in another connection (the app or a widget still running): nothing moves")
    func liveWriterKeepsTheLegacyPath() throws {
        let layout = try RelocationLayout()
        let writer = try EngineConnection(path: layout.legacy, options: .create)
        _ = try writer.scalar("PRAGMA journal_mode = WAL")
        _ = try writer.scalar("PRAGMA wal_autocheckpoint = 0")
        try writer.execute(LedgerFixture.schema)
        try LedgerFixture.commit(writer, transactions: 5, rowsPerTransaction: 4, firstID: 1)

        let result = layout.relocation().run()
        #expect(result.path.path == layout.legacy)
        guard case .sourceInUse? = result.fallbackReason else {
            Issue.record("expected sourceInUse, got \(String(describing: result.fallbackReason))")
            return
        }
        #expect(RelocationLayout.files(at: layout.destination).isEmpty)
        // The writer carries on where it was, and nothing it committed is lost.
        try LedgerFixture.commit(writer, transactions: 1, rowsPerTransaction: 4, firstID: 100)
        #expect(try LedgerFixture.contents(of: writer)?.rows == 24)
        writer.close()

        let next = layout.relocation().run()
        #expect(next.path.path == layout.destination && next.moved)
        #expect(try LedgerFixture.contents(at: next.path.path)?.rows == 24)
    }

    @Test("no database anywhere: a new one belongs in the container")
    func noDatabaseYet() throws {
        let layout = try RelocationLayout()
        let result = layout.relocation().run()
        #expect(result.path.path == layout.destination)
        #expect(result.location == .destination)
        #expect(!result.moved && result.fallbackReason == nil)
        #expect(RelocationLayout.files(at: layout.destination).isEmpty)
    }

    @Test("a container that is the legacy folder under another path (same device and inode): nothing moves")
    func containerIsTheLegacyFolder() throws {
        let layout = try RelocationLayout()
        try LedgerFixture.makeWAL(at: layout.legacy, rows: 2)
        let alias = layout.root.path("alias")
        try FileManager.default.createSymbolicLink(atPath: alias, withDestinationPath: layout.legacyFolder)
        let before = LedgerFixture.snapshot(layout.legacyFolder)
        let result = DatabaseRelocation(
            legacyFile: URL(fileURLWithPath: layout.legacy), container: URL(fileURLWithPath: alias)
        ).run()
        #expect(result.path.path == layout.legacy)
        #expect(result.location == .destination && !result.moved && result.fallbackReason == nil)
        #expect(LedgerFixture.snapshot(layout.legacyFolder) == before)
    }

    @Test("a -wal with transactions at the destination but no database beside it: nothing moves next to it")
    func orphanWALAtTheDestination() throws {
        let layout = try RelocationLayout()
        try LedgerFixture.makeWAL(at: layout.legacy, rows: 3)
        let stranger = try WALCrashImage(checkpointedRows: 1, walTransactions: 1, rowsPerTransaction: 1)
        try FileManager.default.copyItem(atPath: stranger.path + "-wal", toPath: layout.destination + "-wal")
        let result = layout.relocation().run()
        #expect(result.path.path == layout.legacy)
        guard case .destinationOccupied? = result.fallbackReason else {
            Issue.record("expected destinationOccupied, got \(String(describing: result.fallbackReason))")
            return
        }
        #expect(RelocationLayout.files(at: layout.destination) == ["-wal"])
        #expect(try LedgerFixture.contents(at: layout.legacy)?.rows == 3)
    }
}
