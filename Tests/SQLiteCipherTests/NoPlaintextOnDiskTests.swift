import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// No page reaches the disk in clear: the main file, the rollback journal (DELETE and PERSIST) and the WAL and its
/// index never contain a known plaintext marker.
@Suite("no plaintext on disk")
struct NoPlaintextOnDiskTests {
    static let formats: [CipherFormat] = [.sqlcipher4, .aes128, .chacha20]

    static func key(for format: CipherFormat) throws -> CipherKey {
        format.acceptsRawKey ? try CipherFixtures.rawKey() : try CipherFixtures.key()
    }

    static func expectNoMarker(_ paths: [String], _ when: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for path in paths where FileBytes.contains(path, CipherFixtures.marker) {
            Issue.record("\(URL(fileURLWithPath: path).lastPathComponent) holds plaintext \(when)", sourceLocation: sourceLocation)
        }
    }

    @Test("a rollback journal (spilling to the main file mid-transaction) holds no plaintext", arguments: formats)
    func rollbackJournal(_ format: CipherFormat) throws {
        let folder = TemporaryDirectory()
        let path = folder.path("db")
        let key = try Self.key(for: format)
        try CipherFixtures.create(path, format: format, key: key, rows: 200)
        let (connection, _) = try CipherFixtures.open(path, choice: .format(format), key: key)
        defer { connection.close() }
        try connection.execute("PRAGMA cache_size = 5")
        try connection.execute("BEGIN")
        try connection.execute("UPDATE t SET note = note || ' again'")
        try connection.execute(CipherFixtures.insertSQL(first: 1000, count: 200))
        #expect(FileManager.default.fileExists(atPath: path + "-journal"))
        Self.expectNoMarker([path, path + "-journal"], "during the transaction")
        try connection.execute("COMMIT")
        Self.expectNoMarker([path, path + "-journal"], "after the commit")
        #expect(try connection.scalar("SELECT count(*) FROM t WHERE note LIKE '%again'") == .integer(200))
    }

    @Test("a persistent journal keeps only encrypted page images", arguments: formats)
    func persistentJournal(_ format: CipherFormat) throws {
        let folder = TemporaryDirectory()
        let path = folder.path("db")
        let key = try Self.key(for: format)
        try CipherFixtures.create(path, format: format, key: key, rows: 200)
        let (connection, _) = try CipherFixtures.open(path, choice: .format(format), key: key)
        defer { connection.close() }
        _ = try connection.scalar("PRAGMA journal_mode = PERSIST")
        try connection.execute("UPDATE t SET note = note || ' persisted'")
        let journal = try FileBytes.read(path + "-journal")
        #expect(journal.count > 4096)
        Self.expectNoMarker([path, path + "-journal"], "after the commit")
    }

    @Test("the WAL and its index hold no plaintext, before and after a checkpoint", arguments: formats)
    func writeAheadLog(_ format: CipherFormat) throws {
        let folder = TemporaryDirectory()
        let path = folder.path("db")
        let key = try Self.key(for: format)
        try CipherFixtures.create(path, format: format, key: key, rows: 50)
        let (connection, _) = try CipherFixtures.open(path, choice: .format(format), key: key)
        defer { connection.close() }
        #expect(try connection.scalar("PRAGMA journal_mode = WAL") == .text("wal"))
        try connection.execute(CipherFixtures.insertSQL(first: 1000, count: 300))
        try connection.execute("UPDATE t SET note = note || ' in the WAL' WHERE id % 3 = 0")
        let sidecars = [path, path + "-wal", path + "-shm"]
        #expect(try FileBytes.read(path + "-wal").count > 4096)
        Self.expectNoMarker(sidecars, "with frames in the WAL")
        _ = try connection.rows("PRAGMA wal_checkpoint(TRUNCATE)")
        Self.expectNoMarker(sidecars, "after a checkpoint")
        #expect(try connection.scalar("SELECT count(*) FROM t") == .integer(350))
    }
}

extension NoPlaintextOnDiskTests {
    @Test("the same writes to a plain database leave the marker in its journal and WAL (the check can fail)")
    func plainControl() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("plain.db")
        let connection = try EngineConnection(path: path, options: OpenOptions(access: .readWriteCreate, vfs: PageCodec.vfsName))
        defer { connection.close() }
        try connection.execute(CipherFixtures.createSQL)
        try connection.execute(CipherFixtures.insertSQL(count: 200))
        _ = try connection.scalar("PRAGMA journal_mode = PERSIST")
        try connection.execute("UPDATE t SET note = note || ' again'")
        #expect(FileBytes.contains(path + "-journal", CipherFixtures.marker))
        _ = try connection.scalar("PRAGMA journal_mode = WAL")
        try connection.execute(CipherFixtures.insertSQL(first: 1000, count: 10))
        #expect(FileBytes.contains(path + "-wal", CipherFixtures.marker))
    }
}
