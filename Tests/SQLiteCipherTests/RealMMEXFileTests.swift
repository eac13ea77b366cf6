import Foundation
import MMEXFiles
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// The real MMEX files, encrypted by the oracles as SQLCipher 4 and AES-128, dump exactly like the plain originals.
@Suite("real MMEX files encrypted by the oracles")
struct RealMMEXFileTests {
    static func dump(_ connection: EngineConnection) throws -> [String: [[SQLiteValue]]] {
        var tables: [String: [[SQLiteValue]]] = [:]
        for table in try TableDumper.tableNames(connection) {
            var rows: [[SQLiteValue]] = []
            try TableDumper.forEachRow(connection, table: table, columns: { _ in }) { rows.append($0) }
            tables[table] = rows
        }
        return tables
    }

    @Test("each real file encrypted as SQLCipher 4 and as AES-128 opens and dumps like the plain original", .needsSharedData,
          arguments: SharedData.realFiles.map(\.name))
    func realFile(_ name: String) throws {
        let folder = TemporaryDirectory()
        let plain = try folder.copy(SharedData.realFile(name), as: "plain.mmb")
        let v4 = folder.path("v4.emb")
        let aes = try folder.copy(SharedData.realFile(name), as: "aes.emb")
        let userVersion = SharedData.realFiles.first { $0.name == name }?.userVersion ?? -1
        let passphrase = KeyPragmas.quoted(CipherFixtures.passphrase)
        // SQLCipher 4 exports into a new v4 file (sqlcipher_export drops user_version: set it as MMEX does).
        try Oracle.expectSuccess(.init(.sqlcipher, plain, sql: [
            "ATTACH DATABASE '\(v4)' AS encrypted KEY \(passphrase)", "SELECT sqlcipher_export('encrypted')",
            "PRAGMA encrypted.user_version = \(userVersion)", "DETACH DATABASE encrypted",
        ]))
        // SQLite3MC encrypts a copy in place (rekey needs a rollback journal).
        try Oracle.expectSuccess(.init(.multipleCiphers, aes, sql: ["PRAGMA journal_mode = DELETE"]
            + CipherFixtures.multipleCiphersConfig(.aes128) + ["PRAGMA rekey = \(passphrase)"]))

        let original = try EngineConnection(path: plain, options: .readOnly)
        let expected = try Self.dump(original)
        original.close()
        #expect(!expected.isEmpty)
        for (path, format) in [(v4, CipherFormat.sqlcipher4), (aes, .aes128)] {
            let (connection, applied) = try CipherFixtures.open(path, key: try CipherFixtures.key(), access: .readOnly)
            defer { connection.close() }
            #expect(applied.format == format)
            #expect(try connection.userVersion == userVersion)
            let dumped = try Self.dump(connection)
            #expect(dumped.keys.sorted() == expected.keys.sorted())
            for table in expected.keys.sorted() {
                #expect(rowDifference(dumped[table] ?? [], expected[table] ?? []) == "", "\(format.rawValue) \(table)")
            }
        }
    }
}
