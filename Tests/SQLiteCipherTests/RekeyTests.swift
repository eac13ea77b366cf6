import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// Rekey: new passphrase and/or new format, in place, crash-safe, with the old key no longer opening the file.
@Suite("rekey")
struct RekeyTests {
    @Test("an AES-128 file rekeyed to SQLCipher 4 with a new passphrase opens in SQLCipher 4, and the old key fails")
    func aesToSQLCipher4() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("old.emb")
        let oldKey = try CipherFixtures.key()
        let newKey = try CipherKey(passphrase: "new ключ")
        try Oracle.expectSuccess(.init(.multipleCiphers, path, sql: CipherFixtures.multipleCiphersConfig(.aes128)
            + [CipherFixtures.keyStatement(), "PRAGMA page_size = 1024"]
            + CipherFixtures.createSQL.split(separator: ";").map(String.init)
                .filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
            + [CipherFixtures.insertSQL(count: 200), "PRAGMA user_version = 21"]))
        let rows = try CipherFixtures.rows(path, key: oldKey)
        let report = try DatabaseRekey.rekey(path, key: oldKey, newKey: newKey, newFormat: .format(.sqlcipher4))
        #expect(report.format == .sqlcipher4)
        #expect(report.pageSize == 4096)
        #expect(FileBytes.names(in: folder.url) == ["old.emb"])
        #expect(rowDifference(try CipherFixtures.rows(path, key: newKey), rows) == "")
        #expect(throws: CipherError.wrongKey(format: nil)) { try CipherFixtures.rows(path, key: oldKey) }
        let outcomes = try Oracle.expectSuccess(.init(.sqlcipher, path, sql: [
            "PRAGMA key = " + KeyPragmas.quoted("new ключ"), "PRAGMA integrity_check", "PRAGMA user_version",
            "SELECT count(*) FROM t",
        ]))
        #expect(outcomes[1].rows == [[.text("ok")]])
        #expect(outcomes[2].rows == [[.integer(21)]])
        #expect(outcomes[3].rows == [[.integer(200)]])
    }

    @Test("a WAL-mode SQLCipher 4 file keeps WAL mode under a new key and no sidecar is left")
    func walFileKeepsMode() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("wal.emb")
        let key = try CipherFixtures.rawKey()
        let newKey = try CipherKey.parsing("x'" + String(repeating: "42", count: 32) + "'")
        let rows = try CipherFixtures.create(path, format: .sqlcipher4, key: key, rows: 100, walMode: true)
        let report = try DatabaseRekey.rekey(path, key: key, newKey: newKey)
        #expect(report.walMode)
        #expect(report.format == .sqlcipher4)
        #expect(FileBytes.names(in: folder.url) == ["wal.emb"])
        let (connection, _) = try CipherFixtures.open(path, key: newKey)
        defer { connection.close() }
        #expect(try PageCodec.status(of: connection).walMode == true)
        #expect(rowDifference(try connection.rows(CipherFixtures.selectSQL), rows) == "")
    }

    @Test("a rekey cancelled at any step leaves the file byte for byte as it was, and no temporary file",
          arguments: [CopyProgress.Phase.copying, .verifying, .replacing])
    func cancelledRekey(_ phase: CopyProgress.Phase) throws {
        let folder = TemporaryDirectory()
        let path = folder.path("db.emb")
        let key = try CipherFixtures.rawKey()
        try CipherFixtures.create(path, format: .chacha20, key: key, pageSize: 1024, rows: 2000)
        let before = folderFingerprint(folder.url)
        #expect(throws: CipherError.cancelled) {
            try DatabaseRekey.rekey(path, key: key, newKey: try CipherFixtures.key(), newFormat: .format(.sqlcipher4)) {
                $0.phase != phase
            }
        }
        #expect(folderFingerprint(folder.url) == before)
    }

    @Test("a rekey while another connection reads the file is refused as in use, and changes nothing")
    func inUse() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("db.emb")
        let key = try CipherFixtures.rawKey()
        try CipherFixtures.create(path, format: .sqlcipher4, key: key, rows: 50)
        let (reader, _) = try CipherFixtures.open(path, key: key, access: .readOnly)
        defer { reader.close() }
        try reader.execute("BEGIN")
        _ = try reader.scalar("SELECT count(*) FROM t")
        let before = folderFingerprint(folder.url)
        #expect {
            try DatabaseRekey.rekey(path, key: key, newKey: try CipherFixtures.key(), busyTimeoutMilliseconds: 50)
        } throws: { error in
            guard case .databaseInUse = error as? CipherError else { return false }
            return true
        }
        #expect(folderFingerprint(folder.url) == before)
        try reader.execute("COMMIT")
    }

    @Test("a plain file is encrypted in place, and an encrypted one decrypted to plain", .needsSharedData)
    func plainRoundTrip() throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(SharedData.realFile("desktop-1.9.2-empty.mmb"))
        let plainBytes = try FileBytes.read(path)
        let key = try CipherFixtures.rawKey()
        let encrypted = try DatabaseRekey.rekey(path, key: nil, newKey: key)
        #expect(encrypted.format == .sqlcipher4)
        #expect(encrypted.userVersion == 21)
        #expect(try FileBytes.read(path) != plainBytes)
        let decrypted = try DatabaseRekey.rekey(path, key: key, newKey: nil, newFormat: CipherChoice.none)
        #expect(decrypted.format == nil)
        let plain = try EngineConnection(path: path, options: .readOnly)
        defer { plain.close() }
        #expect(try plain.userVersion == 21)
        #expect(try plain.scalar("PRAGMA integrity_check") == .text("ok"))
    }
}

extension RekeyTests {
    @Test("a WAL-mode file another connection has open is refused as in use and stays a readable WAL file")
    func walInUse() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("wal.emb")
        let key = try CipherFixtures.rawKey()
        let rows = try CipherFixtures.create(path, format: .sqlcipher4, key: key, rows: 50, walMode: true)
        let (other, _) = try CipherFixtures.open(path, key: key)
        defer { other.close() }
        _ = try other.scalar("SELECT count(*) FROM t")
        #expect {
            try DatabaseRekey.rekey(path, key: key, newKey: try CipherFixtures.key(), busyTimeoutMilliseconds: 50)
        } throws: { error in
            guard case .databaseInUse = error as? CipherError else { return false }
            return true
        }
        #expect(try PageCodec.status(of: other).walMode == true)
        #expect(rowDifference(try other.rows(CipherFixtures.selectSQL), rows) == "")
        #expect(FileBytes.names(in: folder.url).allSatisfy { !$0.contains("driverport") })
    }
}
