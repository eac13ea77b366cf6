import Foundation
import LegacyDriver
import Testing
import TestSupport

/// `try db.key(...)` and `try db.rekey(...)` as SQLite.swift's SQLCipher extension spells them, through the page codec.
@Suite("Keying a connection: key and rekey through the page codec")
struct KeyingTests {
    static let fixtureKey = "driverport-fixture-key"
    let accounts = Table("ACCOUNTLIST_V1")

    func fixture(_ name: String, in folder: TemporaryDirectory) throws -> String {
        try folder.copy(SharedData.repositoryRoot.appendingPathComponent("Fixtures/\(name)"))
    }

    @Test("every encrypted fixture format opens with Connection(path) then key(_:)", arguments: [
        "mmex-200-aes128.emb", "mmex-200-aes128-legacy.emb", "mmex-200-chacha20.emb", "mmex-200-sqlcipher3.emb",
        "mmex-200-sqlcipher4.emb",
    ])
    func keyOpensEveryFormat(name: String) throws {
        let folder = TemporaryDirectory("legacy-key")
        let db = try Connection(try fixture(name, in: folder))
        try db.key(Self.fixtureKey)
        #expect(try db.scalar(accounts.count) > 0)
        #expect(db.userVersion == 21)
    }

    @Test("a wrong key fails with SQLITE_NOTADB, as SQLCipher reports it, and the right key then opens it")
    func wrongKey() throws {
        let folder = TemporaryDirectory("legacy-key")
        let db = try Connection(try fixture("mmex-200-sqlcipher4.emb", in: folder))
        let error = #expect(throws: LegacyError.self) { try db.key("not the key") }
        #expect(error?.code == 26)
        try db.key(Self.fixtureKey)
        #expect(try db.scalar(accounts.count) > 0)
    }

    @Test("a new file keyed is encrypted; rekey changes its key")
    func newFileAndRekey() throws {
        let folder = TemporaryDirectory("legacy-key")
        let path = folder.path("new.emb")
        do {
            let db = try Connection(path)
            try db.key("first")
            try db.execute("CREATE TABLE t(x); INSERT INTO t VALUES (42)")
        }
        let header = try #require(FileHandle(forReadingAtPath: path)?.readData(ofLength: 16))
        #expect(header != Data("SQLite format 3\0".utf8))
        let db = try Connection(path)
        try db.key("first")
        try db.rekey("second")
        #expect(try db.scalar("SELECT x FROM t") as? Int64 == 42)
        let reopened = try Connection(path)
        #expect(throws: LegacyError.self) { try reopened.key("first") }
        try reopened.key("second")
        #expect(try reopened.scalar("SELECT x FROM t") as? Int64 == 42)
    }
}
