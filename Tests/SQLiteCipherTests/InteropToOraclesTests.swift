import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// Files written here open in SQLite3 Multiple Ciphers and SQLCipher 4, pass their integrity check, can be written
/// there, and read back here.
@Suite("files written here open in the real libraries")
struct InteropToOraclesTests {
    static let cases: [OracleCase] = [
        OracleCase(.sqlcipher4, .sqlcipher),
        OracleCase(.sqlcipher4, .multipleCiphers, raw: true),
        OracleCase(.sqlcipher3, .sqlcipher),
        OracleCase(.sqlcipher3, .sqlcipher, raw: true, pageSize: 4096),
        OracleCase(.sqlcipher2, .sqlcipher),
        OracleCase(.sqlcipher1, .sqlcipher),
        OracleCase(.sqlcipher1, .multipleCiphers, raw: true, pageSize: 2048),
        OracleCase(.aes128, .multipleCiphers),
        OracleCase(.aes128, .multipleCiphers, pageSize: 1024),
        OracleCase(.aes256, .multipleCiphers),
        OracleCase(.chacha20, .multipleCiphers),
        OracleCase(.chacha20, .multipleCiphers, raw: true, pageSize: 16384),
        OracleCase(.sqleet, .multipleCiphers),
    ]

    @Test("a file written here passes the oracle's integrity check, has the same rows, and reads back the oracle's writes",
          arguments: cases)
    func fileWrittenHereOpensThere(_ oracleCase: OracleCase) throws {
        let folder = TemporaryDirectory()
        let path = folder.path("here.db")
        let written = try CipherFixtures.create(path, format: oracleCase.format, key: try oracleCase.key(), pageSize: oracleCase.pageSize)

        let outcomes = try Oracle.expectSuccess(.init(oracleCase.library, path, sql: oracleCase.reopenStatements + [
            "PRAGMA integrity_check", "PRAGMA user_version", CipherFixtures.selectSQL,
            CipherFixtures.insertSQL(first: 301, count: 50), "UPDATE t SET note = 'changed there' WHERE id = 5",
            "DELETE FROM t WHERE id BETWEEN 100 AND 120", CipherFixtures.selectSQL,
        ]))
        let base = oracleCase.reopenStatements.count
        #expect(outcomes[base].rows == [[.text("ok")]])
        #expect(outcomes[base + 1].rows == [[.integer(21)]])
        #expect(rowDifference(outcomes[base + 2].rows, written) == "")
        let afterOracle = outcomes[base + 6].rows
        #expect(afterOracle.count == 300 + 50 - 21)

        let (connection, applied) = try CipherFixtures.open(path, choice: .format(oracleCase.format), key: try oracleCase.key())
        defer { connection.close() }
        #expect(applied.pageSize == (oracleCase.pageSize ?? oracleCase.format.defaultPageSize))
        #expect(rowDifference(try connection.rows(CipherFixtures.selectSQL), afterOracle) == "")
        #expect(try connection.scalar("PRAGMA integrity_check") == .text("ok"))
    }
}
