import Foundation
import MMEXModel
import PersistenceSession
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

@Suite("Creating files and opening the sample")
struct CreateAndSampleTests {
    @Test("create makes an MMEX v21 file the session then reads and writes", arguments: Driver.allCases)
    func createPlain(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = folder.path("new.mmb")
        let session = try driver.create(path)
        #expect(session.location == .file(path: path))
        #expect(try session.read { try $0.infoTable.dataVersion() } == 3)
        _ = try session.write { try $0.settings.setValue("on", named: "DP_NEW") }
        try session.close()
        #expect(try Files.scalar(path, "PRAGMA user_version") == .integer(21))
        #expect(try Files.scalar(path, "SELECT SETTINGVALUE FROM SETTING_V1 WHERE SETTINGNAME = 'DP_NEW'") == .text("on"))
        #expect(Files.names(in: folder) == ["new.mmb"], "no sidecar left")
        #expect(Files.journalHeader(path) == [1, 1])
    }

    @Test("create with a key writes an encrypted file that opens only with that key", arguments: Driver.allCases)
    func createEncrypted(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = folder.path("new.emb")
        let key = DatabaseKey(passphrase: "new-file-key", cipher: .aes128cbc)
        try driver.create(path, key: key).close()
        let header = try #require(FileManager.default.contents(atPath: path)).prefix(16)
        #expect(header != Data("SQLite format 3\0".utf8), "the file is encrypted")
        #expect(throws: PersistenceError.notADatabase(path: path)) { try driver.open(path) }
        let reopened = try driver.open(path, key: key)
        #expect(try reopened.read { try $0.infoTable.dataVersion() } == 3)
        try reopened.close()
    }

    @Test("create with a key and no cipher named writes SQLCipher 4, what MMEX writes today")
    func createSQLCipher4() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("new.emb")
        let key = DatabaseKey(passphrase: "new-file-key")
        try Driver.queue.create(path, key: key).close()
        let probe = try CipherProbe.examine(path: path, choice: .auto, key: try CipherKey(passphrase: "new-file-key"))
        #expect(probe.format == .sqlcipher4)
    }

    @Test("the committed SQLCipher 4 fixture opens with its passphrase on every session", arguments: Driver.allCases)
    func openSQLCipher4WithPassphrase(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(Files.sqlcipher4, as: "v4.emb")
        let session = try driver.open(path, key: DatabaseKey(passphrase: Files.passphrase))
        #expect(try session.read { try $0.infoTable.dataVersion() } == 3)
        _ = try session.write { try $0.infoTable.setValue("written", for: "DP_V4") }
        try session.close()
        let again = try driver.open(path, key: DatabaseKey(passphrase: Files.passphrase, cipher: .sqlcipher4))
        #expect(try again.read { try $0.infoTable.value(for: "dp_v4") } == "written")
        try again.close()
        #expect(Files.names(in: folder) == ["v4.emb"])
    }

    @Test("the in-memory sample is the generator's sample data, private to its session", arguments: Driver.allCases)
    func sample(driver: Driver) throws {
        let session = try driver.sample()
        #expect(try session.read { try $0.infoTable.dataVersion() } == 3)
        #expect(try session.read { try $0.settings.isAvailable() })
        #expect(try session.read { try $0.settings.settings() }.count > 0)
        _ = try session.write { try $0.infoTable.setValue("only here", for: "DP_SAMPLE") }
        let other = try driver.sample()
        #expect(try other.read { try $0.infoTable.entry(for: "DP_SAMPLE") } == nil, "each sample is its own database")
        try other.close()
        if driver == .pool {
            guard case .file(let path) = session.location else {
                Issue.record("a pool's sample lives in a private file")
                return
            }
            try session.close()
            #expect(!FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path))
        } else {
            #expect(session.location == .memory)
            try session.close()
        }
    }
}
