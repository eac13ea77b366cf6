import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// What the codec does to a connection besides encrypting: memory maps, temp files, misuse, plain pass-through.
@Suite("codec behaviour")
struct CodecBehaviourTests {
    @Test("an encrypted connection keeps temp files in memory and reads correctly even when asked to memory-map")
    func memoryMapAndTempStore() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("db")
        let key = try CipherFixtures.rawKey()
        let rows = try CipherFixtures.create(path, format: .sqlcipher4, key: key, rows: 300)
        let before = try FileBytes.read(path)
        let (connection, _) = try CipherFixtures.open(path, key: key, access: .readOnly)
        defer { connection.close() }
        #expect(try connection.scalar("PRAGMA temp_store") == .integer(2))
        _ = try connection.scalar("PRAGMA mmap_size = 268435456")
        #expect(rowDifference(try connection.rows(CipherFixtures.selectSQL), rows) == "")
        // A sort large enough to need a temporary b-tree still works with temp files in memory.
        #expect(try connection.rows("SELECT DISTINCT note FROM t ORDER BY note DESC").count == 300)
        #expect(try FileBytes.read(path) == before)
    }

    @Test("an encrypted connection starts with the larger page cache, a plain one with SQLite's, and PRAGMA changes it")
    func encryptedPageCache() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("db")
        let key = try CipherFixtures.rawKey()
        try CipherFixtures.create(path, format: .sqlcipher4, key: key, rows: 10)
        let (connection, _) = try CipherFixtures.open(path, key: key, access: .readOnly)
        defer { connection.close() }
        #expect(try connection.scalar("PRAGMA cache_size") == .integer(Int64(-PageCodec.encryptedPageCacheKiB)))
        try connection.execute("PRAGMA cache_size = -512")
        #expect(try connection.scalar("PRAGMA cache_size") == .integer(-512))

        let plainPath = folder.path("plain.db")
        _ = try SQLiteEngineFixture.plain(at: plainPath, sql: "CREATE TABLE x(a)")
        let plain = try EngineConnection(path: plainPath, options: OpenOptions(access: .readOnly, vfs: PageCodec.vfsName))
        defer { plain.close() }
        _ = try PageCodec.apply(.auto, key: nil, to: plain)
        #expect(try plain.scalar("PRAGMA cache_size") == .integer(-2000))
    }

    @Test("a key applied twice, or after the first read, is misuse; nothing is written")
    func misuse() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("db")
        let key = try CipherFixtures.rawKey()
        try CipherFixtures.create(path, format: .sqlcipher4, key: key, rows: 10)
        let (connection, _) = try CipherFixtures.open(path, key: key)
        defer { connection.close() }
        #expect {
            try PageCodec.apply(.auto, key: key, to: connection)
        } throws: { error in
            guard case .misuse = error as? CipherError else { return false }
            return true
        }
        let plainPath = folder.path("plain.db")
        _ = try SQLiteEngineFixture.plain(at: plainPath, sql: "CREATE TABLE x(a); INSERT INTO x VALUES (1)")
        let plain = try EngineConnection(path: plainPath, options: OpenOptions(access: .readWrite, vfs: PageCodec.vfsName))
        defer { plain.close() }
        #expect(try plain.scalar("SELECT a FROM x") == .integer(1))
        #expect {
            try PageCodec.apply(.format(.sqlcipher4), key: key, to: plain)
        } throws: { error in
            guard case .misuse(let detail) = error as? CipherError else { return false }
            return detail.contains("before the first statement")
        }
    }

    @Test("a connection not opened through the codec VFS is named as such")
    func notThroughCodec() throws {
        let connection = try EngineConnection(path: ":memory:", options: .create)
        defer { connection.close() }
        #expect(throws: CipherError.notThroughCodec) { try PageCodec.apply(.auto, key: nil, to: connection) }
    }

    @Test("status reports the format, page size, WAL mode and reserve of an encrypted connection")
    func status() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("db")
        let key = try CipherFixtures.rawKey()
        try CipherFixtures.create(path, format: .chacha20, key: key, pageSize: 2048, rows: 10, walMode: true)
        let (connection, _) = try CipherFixtures.open(path, key: key)
        defer { connection.close() }
        let status = try PageCodec.status(of: connection)
        #expect(status.isKeyed)
        #expect(status.format == .chacha20)
        #expect(status.pageSize == 2048)
        #expect(status.walMode == true)
        #expect(status.headerReservedBytes == 32)
    }

    @Test("the codec VFS registers once and is not the default VFS")
    func registration() throws {
        try PageCodec.register()
        try PageCodec.register()
        let connection = try EngineConnection(path: ":memory:", options: .create)
        defer { connection.close() }
        // The default VFS is still unix: a file opened without naming the codec is not on it.
        #expect(throws: CipherError.notThroughCodec) { try PageCodec.status(of: connection) }
        #expect(PageCodec.vfsName == "driverport-codec")
    }
}
