import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// The soak point of the encrypted WAL sweep that once left a file unreadable (page 1 torn by the closing
/// checkpoint, 1 of 419 points), as a regular test on every cipher family and on both ways of naming the cipher:
/// the format given, and `auto`, which finds the format from page 1 (from the WAL's page 1 when the file's is torn).
@Suite("Encrypted WAL files whose page 1 the closing checkpoint tore open with every committed transaction")
struct TornPage1Tests {
    /// A format with the key the fuzz targets use for it (raw where the format takes one: no key derivation).
    static let formats: [CipherFormat] = [.sqlcipher4, .sqlcipher3, .chacha20, .aes128]

    /// Opens `path` through `vfs` and applies `key` in `format` (or `auto`, which finds the format from page 1).
    static func open(
        _ path: String, vfs: String, format: CipherFormat, key: CipherKey, auto: Bool, access: OpenOptions.Access = .readWrite
    ) throws -> EngineConnection {
        let connection = try EngineConnection(path: path, options: OpenOptions(access: access, vfs: vfs))
        do {
            try PageCodec.apply(auto ? .auto : .format(format), key: key, to: connection)
        } catch {
            connection.close()
            throw error
        }
        return connection
    }

    @Test("the torn file opens, passes integrity_check and holds transactions 1-3", arguments: formats, [false, true])
    func tornPage1(format: CipherFormat, auto: Bool) throws {
        let key = try FuzzTarget.key(for: format)
        let stack = try CodecFaultStack()
        let folder = TemporaryDirectory.inMemory("torn-page-1")
        let path = folder.path("wal.db")
        let open = { (path: String, vfs: String) throws -> EngineConnection in
            try Self.open(path, vfs: vfs, format: format, key: key, auto: auto, access: .readWriteCreate)
        }
        let create = try EngineConnection(path: path, options: OpenOptions(access: .readWriteCreate, vfs: stack.name))
        try PageCodec.apply(.format(format), key: key, to: create)
        try LedgerWorkload.createSchema(on: create)
        try create.execute("PRAGMA journal_mode = WAL")
        create.close()

        let connection = try open(path, stack.name)
        try connection.execute("PRAGMA wal_autocheckpoint = 0")
        // A schema change rewrites page 1 (its schema cookie), so the closing checkpoint writes page 1 first.
        try connection.execute("CREATE TABLE extra(x)")
        for transaction in 1..<4 { try LedgerWorkload.run(transaction, on: connection) }
        stack.faults.arm(.init(kinds: [.write], files: .mainDatabase, nth: 1, errorCode: 13, action: .tearWrite))
        connection.close()
        let injected = stack.faults.injectedFaults
        stack.faults.disarm()
        #expect(injected == 1, "the closing checkpoint wrote to the database file")
        #expect(FileManager.default.fileExists(atPath: path + "-wal"), "the WAL stays when its checkpoint failed")

        let verdict = LedgerVerdict.check(path: path, acknowledged: Set(1..<4), inDoubt: []) {
            try open($0, PageCodec.vfsName)
        }
        #expect(verdict.isExact, "\(verdict)")
        // The next checkpoint repairs page 1 in the file itself: the file then opens without its WAL.
        let repaired = try open(path, PageCodec.vfsName)
        _ = try repaired.scalar("PRAGMA wal_checkpoint(TRUNCATE)")
        repaired.close()
        try? FileManager.default.removeItem(atPath: path + "-wal")
        try? FileManager.default.removeItem(atPath: path + "-shm")
        let alone = LedgerVerdict.check(path: path, acknowledged: Set(1..<4), inDoubt: []) {
            try open($0, PageCodec.vfsName)
        }
        #expect(alone.isExact, "after a checkpoint, without the WAL: \(alone)")
    }
}
