import Foundation
import MMEXModel
import MMEXSessionSupport
import MMEXSession
import PersistenceSession
import SQLiteEngine
import TestSupport
import Testing

/// A read-only session reads and leaves the file, its journal mode and its sidecars exactly as they were.
@Suite("Read-only sessions")
struct ReadOnlyTests {
    @Test("on a rollback-journal file: reads work, writes are refused, nothing changes", arguments: Driver.allCases)
    func rollbackFile(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try Files.plainCopy(in: folder)
        let before = folderFingerprint(folder.url)
        let session = try driver.open(path, access: .readOnly)
        #expect(session.access == .readOnly)
        #expect(try session.read { try $0.infoTable.dataVersion() } == 3)
        #expect(Files.journalHeader(path) == [1, 1], "a read-only pool does not switch to WAL")
        #expect(Files.names(in: folder) == ["mmex.mmb"], "no sidecar while open")
        let error = #expect(throws: PersistenceError.self) { try session.write { try $0.infoTable.setValue("x", for: "X") } }
        #expect(error == UnitOfWorkRules.readOnlySession(path: path))
        try session.close()
        #expect(folderFingerprint(folder.url) == before)
    }

    @Test("on a WAL-mode real file without a -wal: no sidecar appears, the header stays WAL", .needsSharedData, arguments: Driver.allCases)
    func walFile(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(SharedData.realFile("desktop-1.9.2-wal-sample.mmb"))
        let before = folderFingerprint(folder.url)
        let session = try driver.open(path, access: .readOnly)
        #expect(try session.read { try $0.infoTable.value(for: "USERNAME") } == "Wolf")
        #expect(try session.read { try $0.settings.isAvailable() } == false)
        #expect(Files.names(in: folder) == ["desktop-1.9.2-wal-sample.mmb"])
        try session.close()
        #expect(folderFingerprint(folder.url) == before)
    }

    @Test("on a file whose -wal holds commits of another connection: they are read, from a private copy", arguments: Driver.allCases)
    func liveWAL(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try Files.plainCopy(in: folder)
        let writer = try EngineConnection(path: path, options: .readWrite)
        defer { writer.close() }
        try writer.execute("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;")
        try writer.execute("INSERT INTO INFOTABLE_V1 (INFOID, INFONAME, INFOVALUE) VALUES (424242, 'DP_IN_WAL', 'committed')")
        let before = folderFingerprint(folder.url)
        #expect(before.keys.contains("mmex.mmb-wal"))
        let session = try driver.open(path, access: .readOnly)
        #expect(try session.read { try $0.infoTable.value(for: "dp_in_wal") } == "committed")
        try session.close()
        #expect(folderFingerprint(folder.url) == before, "main file, -wal and -shm untouched")
    }

    @Test("an encrypted file opens read-only with its key and stays byte for byte the same", arguments: Driver.allCases)
    func encrypted(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(Files.aes128, as: "aes.emb")
        let before = folderFingerprint(folder.url)
        let session = try driver.open(path, key: DatabaseKey(passphrase: Files.passphrase), access: .readOnly)
        #expect(try session.read { try $0.infoTable.dataVersion() } == 3)
        try session.close()
        #expect(folderFingerprint(folder.url) == before)
    }
}
