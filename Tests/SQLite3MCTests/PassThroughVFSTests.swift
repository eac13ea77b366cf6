import Foundation
import LegacyDriver
import SQLite3MultipleCiphers
import Testing
import TestSupport

/// The C API and the codec's WAL find the codec's file under a pass-through VFS stacked on top of it, as the
/// differential's changed-pages tracker is when it becomes the default after the codec: `sqlite3_key_v2` keys the
/// file, and a second connection reads the first one's commit from the encrypted WAL.
@Suite("SQLite3MC C API under a pass-through VFS")
struct PassThroughVFSTests {
    init() throws { try KeyPragmas.install(asDefaultVFS: false) }

    @Test("keyed through a pass-through VFS over the codec: key, WAL write, a second reader, a wrong key refused", arguments: CipherAPITests.formats.map(\.file))
    func keyAndWALThroughPassThrough(file: String) throws {
        guard let format = CipherAPITests.formats.first(where: { $0.file == file }) else { return }
        let folder = TemporaryDirectory("sqlite3mc-passthrough")
        let path = try CipherAPITests.copy(format.file, into: folder)
        let shim = try FaultInjectingVFS(base: KeyPragmas.vfsName)
        func open(_ passphrase: String) throws -> Connection {
            let db = try Connection(.uri(path, parameters: [.vfs(shim.name)]))
            db.chooseCipher(format.cipher, legacy: format.legacy)
            try db.unlock(passphrase)
            return db
        }
        do {
            let writer = try open(CipherAPITests.passphrase)
            #expect(try writer.scalar("PRAGMA journal_mode = WAL") as? String == "wal")
            try writer.run("INSERT INTO PAYEE_V1 (PAYEENAME, CATEGID) VALUES ('Through the shim', -1)")
            let reader = try open(CipherAPITests.passphrase)
            #expect(try reader.scalar("SELECT count(*) FROM PAYEE_V1 WHERE PAYEENAME = 'Through the shim'") as? Int64 == 1)
            #expect(try CipherAPITests.transactionCount(reader) == 200)
        }
        #expect(throws: (any Error).self) { _ = try open("not the passphrase") }
        // The file on disk is encrypted: the plain system VFS cannot read it.
        let plain = try Connection(.uri(path, parameters: [.vfs("unix")]))
        #expect(throws: (any Error).self) { _ = try plain.scalar("SELECT count(*) FROM sqlite_master") }
    }
}
