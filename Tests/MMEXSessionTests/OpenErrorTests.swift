import Foundation
import MMEXModel
import MMEXSession
import PersistenceSession
import TestSupport
import Testing

/// Every session refuses what it cannot open with the same typed error, before changing anything.
@Suite("Opening refuses bad input with typed errors and changes nothing")
struct OpenErrorTests {
    private func expectRefusal(
        _ driver: Driver, _ expected: PersistenceError, folder: TemporaryDirectory, key: DatabaseKey? = nil,
        path: String, access: SessionAccess = .readWrite
    ) {
        let before = folderFingerprint(folder.url)
        let error = #expect(throws: PersistenceError.self) { try driver.open(path, key: key, access: access) }
        #expect(error == expected, "\(driver)")
        #expect(folderFingerprint(folder.url) == before, "\(driver): nothing created or changed")
    }

    @Test("a missing file is notFound, and no file is created", arguments: Driver.allCases)
    func missingFile(driver: Driver) {
        let folder = TemporaryDirectory()
        let path = folder.path("absent.mmb")
        expectRefusal(driver, .notFound(path: path), folder: folder, path: path)
        expectRefusal(driver, .notFound(path: path), folder: folder, path: path, access: .readOnly)
    }

    @Test("a directory is notADatabase", arguments: Driver.allCases)
    func directory(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = folder.path("folder.mmb")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        expectRefusal(driver, .notADatabase(path: path), folder: folder, path: path)
    }

    @Test("a text file named .mmb is notADatabase, and wrongKey when a key was given", arguments: Driver.allCases)
    func textFile(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = folder.path("notes.mmb")
        try Data(String(repeating: "not a database, just text\n", count: 100).utf8).write(to: URL(fileURLWithPath: path))
        expectRefusal(driver, .notADatabase(path: path), folder: folder, path: path)
        expectRefusal(
            driver, .wrongKey(path: path), folder: folder, key: DatabaseKey(passphrase: "x", cipher: .aes128cbc), path: path
        )
    }

    @Test("an empty file is notADatabase (SQLite would take it for a new database)", arguments: Driver.allCases)
    func emptyFile(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = folder.path("empty.mmb")
        try Data().write(to: URL(fileURLWithPath: path))
        expectRefusal(driver, .notADatabase(path: path), folder: folder, path: path)
    }

    @Test("an encrypted file with a wrong passphrase is wrongKey; without a key, notADatabase", arguments: Driver.allCases)
    func wrongKey(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(Files.aes128, as: "aes.emb")
        expectRefusal(
            driver, .wrongKey(path: path), folder: folder, key: DatabaseKey(passphrase: "wrong", cipher: .aes128cbc), path: path
        )
        expectRefusal(driver, .notADatabase(path: path), folder: folder, path: path)
    }

    @Test("a SQLCipher 4 file with a wrong passphrase is wrongKey, read-write and read-only")
    func wrongKeySQLCipher4() throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(Files.sqlcipher4, as: "v4.emb")
        let key = DatabaseKey(passphrase: "wrong", cipher: .sqlcipher4)
        for driver in Driver.allCases {
            expectRefusal(driver, .wrongKey(path: path), folder: folder, key: key, path: path)
        }
        expectRefusal(.pool, .wrongKey(path: path), folder: folder, key: key, path: path, access: .readOnly)
    }

    @Test("user_version 22 is schemaTooNew, and the pool does not switch the file to WAL first", arguments: Driver.allCases)
    func newerSchema(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try Files.plainCopy(in: folder)
        try Files.sql(path, "PRAGMA user_version = 22")
        expectRefusal(driver, .schemaTooNew(path: path, found: 22, supported: 21), folder: folder, path: path)
        #expect(Files.journalHeader(path) == [1, 1])
    }

    @Test("a database without the MMEX tables is notAnMMEXFile", arguments: Driver.allCases)
    func notMMEX(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = folder.path("other.db")
        try Files.sql(path, "CREATE TABLE NOTE(ID INTEGER PRIMARY KEY, TEXT TEXT); INSERT INTO NOTE(TEXT) VALUES ('x');")
        let reason = "no INFOTABLE_V1, ACCOUNTLIST_V1, CHECKINGACCOUNT_V1, CURRENCYFORMATS_V1 table"
        expectRefusal(driver, .notAnMMEXFile(path: path, reason: reason), folder: folder, path: path)
        expectRefusal(driver, .notAnMMEXFile(path: path, reason: reason), folder: folder, path: path, access: .readOnly)
    }

    @Test("an unknown cipher name is invalidUse, before the file is touched", arguments: Driver.allCases)
    func unknownCipher(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(Files.aes128, as: "aes.emb")
        let before = folderFingerprint(folder.url)
        let error = #expect(throws: PersistenceError.self) {
            try driver.open(path, key: DatabaseKey(passphrase: "k", cipher: .unknown("rot13")))
        }
        guard case .invalidUse(let reason)? = error else {
            Issue.record("expected invalidUse, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("rot13") && !reason.contains("\"k\""))
        #expect(folderFingerprint(folder.url) == before)
    }

    @Test("creating over an existing file is alreadyExists and leaves it alone", arguments: Driver.allCases)
    func createRefusesToOverwrite(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try Files.plainCopy(in: folder)
        let before = folderFingerprint(folder.url)
        #expect(throws: PersistenceError.alreadyExists(path: path)) { try driver.create(path) }
        #expect(folderFingerprint(folder.url) == before)
    }
}
