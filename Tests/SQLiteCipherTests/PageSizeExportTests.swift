import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// An export with another page size (MMEX desktop cannot change it for an encrypted file: its issue #7798), read
/// back by the oracles.
@Suite("export with another page size")
struct PageSizeExportTests {
    @Test("an SQLCipher 4 file exports to SQLCipher 4 with 1024- and 65536-byte pages that SQLCipher 4 reads",
          arguments: [1024, 65536])
    func sqlcipher4ToSqlcipher4(_ pageSize: Int) throws {
        let folder = TemporaryDirectory()
        let source = folder.path("source.emb")
        let rows = try CipherFixtures.create(source, format: .sqlcipher4, key: try CipherFixtures.rawKey(), rows: 300, walMode: true)
        let destination = folder.path("resized.emb")
        let (connection, _) = try CipherFixtures.open(source, key: try CipherFixtures.rawKey(), access: .readOnly)
        let report = try DatabaseCopy.export(
            from: connection, to: destination,
            as: CipherTarget(format: .sqlcipher4, key: try CipherFixtures.key(), pageSize: pageSize)
        )
        connection.close()
        #expect(report.pageSize == pageSize)
        #expect(report.walMode)
        let outcomes = try Oracle.expectSuccess(.init(.sqlcipher, destination, sql: [
            CipherFixtures.keyStatement(), "PRAGMA cipher_page_size = \(pageSize)", "PRAGMA integrity_check",
            "PRAGMA page_size", "PRAGMA user_version", CipherFixtures.selectSQL,
        ]))
        #expect(outcomes[2].rows == [[.text("ok")]])
        // SQLCipher answers PRAGMA page_size as text once a key is set.
        #expect([[[.integer(Int64(pageSize))]], [[.text(String(pageSize))]]].contains(outcomes[3].rows))
        #expect(outcomes[4].rows == [[.integer(21)]])
        #expect(rowDifference(outcomes[5].rows, rows) == "")
    }

    @Test("a plain file exports to plain 512-byte pages and to ChaCha20 with 8192-byte pages; the oracle reads both")
    func plainAndChaCha() throws {
        let folder = TemporaryDirectory()
        let source = folder.path("plain.mmb")
        let connection = try EngineConnection(path: source, options: OpenOptions(access: .readWriteCreate, vfs: PageCodec.vfsName))
        try PageCodec.apply(.none, key: nil, to: connection)
        try connection.execute(CipherFixtures.createSQL)
        try connection.execute(CipherFixtures.insertSQL(count: 200))
        try connection.setUserVersion(21)
        let rows = try connection.rows(CipherFixtures.selectSQL)
        defer { connection.close() }

        let small = folder.path("small.mmb")
        #expect(try DatabaseCopy.export(from: connection, to: small, as: CipherTarget(format: nil, key: nil, pageSize: 512)).pageSize == 512)
        let plainOutcomes = try Oracle.expectSuccess(.init(.multipleCiphers, small, sql: [
            "PRAGMA page_size", "PRAGMA integrity_check", CipherFixtures.selectSQL,
        ]))
        #expect(plainOutcomes[0].rows == [[.integer(512)]])
        #expect(plainOutcomes[1].rows == [[.text("ok")]])
        #expect(rowDifference(plainOutcomes[2].rows, rows) == "")

        let chacha = folder.path("chacha.emb")
        let target = CipherTarget(format: .chacha20, key: try CipherFixtures.key(), pageSize: 8192)
        #expect(try DatabaseCopy.export(from: connection, to: chacha, as: target).pageSize == 8192)
        let outcomes = try Oracle.expectSuccess(.init(.multipleCiphers, chacha, sql: CipherFixtures.multipleCiphersConfig(.chacha20)
            + [CipherFixtures.keyStatement(), "PRAGMA page_size", "PRAGMA integrity_check", CipherFixtures.selectSQL]))
        let base = CipherFixtures.multipleCiphersConfig(.chacha20).count + 1
        #expect(outcomes[base].rows == [[.integer(8192)]])
        #expect(outcomes[base + 1].rows == [[.text("ok")]])
        #expect(rowDifference(outcomes[base + 2].rows, rows) == "")
    }

    @Test("a page too small for the source's reserved bytes is refused before anything is written")
    func tooSmallForReserve() throws {
        let folder = TemporaryDirectory()
        let source = folder.path("v4.emb")
        try CipherFixtures.create(source, format: .sqlcipher4, key: try CipherFixtures.rawKey(), rows: 10)
        let (connection, _) = try CipherFixtures.open(source, key: try CipherFixtures.rawKey(), access: .readOnly)
        defer { connection.close() }
        let before = FileBytes.names(in: folder.url)
        #expect(throws: CipherError.self) {
            try DatabaseCopy.export(from: connection, to: folder.path("out.mmb"), as: CipherTarget(format: nil, key: nil, pageSize: 512))
        }
        #expect(FileBytes.names(in: folder.url) == before)
    }
}
