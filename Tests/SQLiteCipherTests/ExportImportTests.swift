import Foundation
import MMEXFiles
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// Export to plain, import plain into encrypted, change of format: same rows, same user_version, source untouched.
@Suite("export and import")
struct ExportImportTests {
    @Test("an encrypted file exports to a plain copy with its rows and user_version; the source folder is unchanged")
    func exportToPlain() throws {
        let folder = TemporaryDirectory()
        let source = folder.path("source.emb")
        let key = try CipherFixtures.rawKey()
        let rows = try CipherFixtures.create(source, format: .sqlcipher4, key: key, rows: 300)
        let before = folderFingerprint(folder.url)
        let output = TemporaryDirectory()
        let destination = output.path("plain.mmb")
        let (connection, _) = try CipherFixtures.open(source, key: key, access: .readOnly)
        var phases: [CopyProgress.Phase] = []
        let report = try DatabaseCopy.export(from: connection, to: destination, as: .plain) { progress in
            if phases.last != progress.phase { phases.append(progress.phase) }
            return true
        }
        connection.close()
        #expect(folderFingerprint(folder.url) == before)
        #expect(report.format == nil)
        #expect(report.userVersion == 21)
        #expect(phases.last == .verifying)
        #expect(FileBytes.names(in: output.url) == ["plain.mmb"])
        // A plain file: the system SQLite opens it without the codec.
        let plain = try EngineConnection(path: destination, options: .readOnly)
        defer { plain.close() }
        #expect(rowDifference(try plain.rows(CipherFixtures.selectSQL), rows) == "")
        #expect(try plain.userVersion == 21)
        #expect(try plain.scalar("PRAGMA integrity_check") == .text("ok"))
    }

    @Test("a real MMEX file imports into SQLCipher 4 that SQLCipher opens with the same rows and user_version", .needsSharedData)
    func importRealFile() throws {
        let folder = TemporaryDirectory()
        let source = try folder.copy(SharedData.realFile("android-v19-cyrillic.mmb"))
        let before = folderFingerprint(folder.url)
        let destination = folder.path("imported.emb")
        let connection = try EngineConnection(path: source, options: OpenOptions(access: .readOnly, vfs: PageCodec.vfsName))
        try PageCodec.apply(.auto, key: nil, to: connection)
        let expected = try connection.rows("SELECT * FROM ACCOUNTLIST_V1 ORDER BY ACCOUNTID")
        let report = try DatabaseCopy.export(
            from: connection, to: destination, as: CipherTarget(format: .sqlcipher4, key: try CipherFixtures.key())
        )
        connection.close()
        var after = folderFingerprint(folder.url)
        after["imported.emb"] = nil
        #expect(after == before)
        #expect(report.format == .sqlcipher4)
        #expect(report.pageSize == 4096)
        #expect(report.userVersion == 19)
        let outcomes = try Oracle.expectSuccess(.init(.sqlcipher, destination, sql: [
            CipherFixtures.keyStatement(), "PRAGMA integrity_check", "PRAGMA user_version",
            "SELECT * FROM ACCOUNTLIST_V1 ORDER BY ACCOUNTID",
        ]))
        #expect(outcomes[1].rows == [[.text("ok")]])
        #expect(outcomes[2].rows == [[.integer(19)]])
        #expect(rowDifference(outcomes[3].rows, expected) == "")
    }

    @Test("a WAL-mode AES-128 file exports to ChaCha20 in WAL mode; an existing output is refused")
    func exportKeepsWAL() throws {
        let folder = TemporaryDirectory()
        let source = folder.path("source.emb")
        let rows = try CipherFixtures.create(source, format: .aes128, key: try CipherFixtures.key(), pageSize: 1024, rows: 100, walMode: true)
        let destination = folder.path("copy.emb")
        let (connection, _) = try CipherFixtures.open(source, key: try CipherFixtures.key())
        defer { connection.close() }
        let target = CipherTarget(format: .chacha20, key: try CipherFixtures.rawKey())
        let report = try DatabaseCopy.export(from: connection, to: destination, as: target)
        #expect(report.walMode)
        #expect(report.pageSize == 1024)
        let (copy, applied) = try CipherFixtures.open(destination, key: try CipherFixtures.rawKey(), access: .readOnly)
        defer { copy.close() }
        #expect(applied.format == .chacha20)
        #expect(try PageCodec.status(of: copy).walMode == true)
        #expect(rowDifference(try copy.rows(CipherFixtures.selectSQL), rows) == "")
        #expect(throws: CipherError.outputExists(path: destination)) {
            try DatabaseCopy.export(from: connection, to: destination, as: target)
        }
    }

    @Test("a cancelled export leaves nothing behind")
    func cancelledExport() throws {
        let folder = TemporaryDirectory()
        let source = folder.path("source.emb")
        let key = try CipherFixtures.rawKey()
        try CipherFixtures.create(source, format: .sqlcipher4, key: key, pageSize: 1024, rows: 2000)
        let before = FileBytes.names(in: folder.url)
        let (connection, _) = try CipherFixtures.open(source, key: key, access: .readOnly)
        defer { connection.close() }
        #expect(throws: CipherError.cancelled) {
            try DatabaseCopy.export(from: connection, to: folder.path("copy.emb"), as: .plain) { _ in false }
        }
        #expect(FileBytes.names(in: folder.url) == before)
    }
}
