import Foundation
import MMEXModel
import PersistenceSession
import TestSupport
import Testing

/// What each session does to the file's journal mode and sidecars, the lifecycle part of the port.
@Suite("Journal modes and sidecars")
struct JournalModeTests {
    /// The files beside the database in the middle of a write unit of work, after its first write.
    private func filesDuringWrite(_ driver: Driver, _ folder: TemporaryDirectory, _ path: String) throws -> [String] {
        let session = try driver.open(path)
        defer { try? session.close() }
        return try session.write { context in
            try context.infoTable.setValue("x", for: "DP_JOURNAL")
            return Files.names(in: folder)
        }
    }

    @Test("legacy keeps its journal in memory (journal_mode=MEMORY): no -journal even inside a write")
    func legacyMemoryJournal() throws {
        let folder = TemporaryDirectory()
        let path = try Files.plainCopy(in: folder)
        #expect(try filesDuringWrite(.legacy, folder, path) == ["mmex.mmb"])
        #expect(Files.names(in: folder) == ["mmex.mmb"])
    }

    @Test("the queue leaves the journal mode alone: the file's DELETE journal appears during a write, then goes")
    func queueLeavesJournalMode() throws {
        let folder = TemporaryDirectory()
        let path = try Files.plainCopy(in: folder)
        #expect(try filesDuringWrite(.queue, folder, path) == ["mmex.mmb", "mmex.mmb-journal"])
        #expect(Files.names(in: folder) == ["mmex.mmb"])
        #expect(Files.journalHeader(path) == [1, 1])
    }

    @Test("the pool runs in WAL while open and puts a rollback file back as it came on close, even after only reads", arguments: [true, false])
    func poolRestoresJournalMode(writes: Bool) throws {
        let folder = TemporaryDirectory()
        let path = try Files.plainCopy(in: folder)
        let session = try Driver.pool.open(path)
        #expect(Files.journalHeader(path) == [2, 2], "WAL while open")
        if writes { _ = try session.write { try $0.infoTable.setValue("x", for: "DP_POOL") } }
        _ = try session.read { try $0.infoTable.entries() }
        try session.close()
        #expect(Files.journalHeader(path) == [1, 1])
        #expect(Files.names(in: folder) == ["mmex.mmb"], "no -wal or -shm left")
        #expect(try Files.scalar(path, "PRAGMA journal_mode") == .text("delete"))
    }

    @Test("on a WAL file (MMEX desktop 1.9), queue and pool leave WAL; legacy takes it out of WAL, as the app does", .needsSharedData, arguments: Driver.allCases)
    func walFileJournalMode(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(SharedData.realFile("desktop-1.9.2-wal-sample.mmb"))
        let session = try driver.open(path)
        _ = try session.write { try $0.infoTable.setValue("x", for: "DP_WAL") }
        try session.close()
        #expect(Files.journalHeader(path) == (driver == .legacy ? [1, 1] : [2, 2]))
        #expect(Files.names(in: folder) == ["desktop-1.9.2-wal-sample.mmb"])
        #expect(try Files.scalar(path, "SELECT INFOVALUE FROM INFOTABLE_V1 WHERE INFONAME = 'DP_WAL'") == .text("x"))
    }
}
