import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// Files written by SQLite3 Multiple Ciphers and SQLCipher 4 open here, detected, with identical rows.
@Suite("files written by the real libraries open here")
struct InteropFromOraclesTests {
    static func createStatements(_ oracleCase: OracleCase) -> [String] {
        oracleCase.openStatements + CipherFixtures.createSQL.split(separator: ";").map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
            + [CipherFixtures.insertSQL(), "PRAGMA user_version = 7", CipherFixtures.selectSQL]
    }

    @Test("a file an oracle wrote opens with cipher auto, in its format, with the oracle's rows", arguments: OracleCase.all)
    func oracleFileOpensHere(_ oracleCase: OracleCase) throws {
        let folder = TemporaryDirectory()
        let path = folder.path("oracle.db")
        let outcomes = try Oracle.expectSuccess(.init(oracleCase.library, path, sql: Self.createStatements(oracleCase)))
        let expected = outcomes.last?.rows ?? []
        #expect(expected.count == 300)

        let (connection, applied) = try CipherFixtures.open(path, key: try oracleCase.key(), access: .readOnly)
        defer { connection.close() }
        // With a raw key (no KDF) SQLCipher 2 and 3 are the same bytes on disk; detection names the first it tries.
        let expectedFormat: CipherFormat = oracleCase.raw && oracleCase.format == .sqlcipher2 ? .sqlcipher3 : oracleCase.format
        #expect(applied.format == expectedFormat)
        #expect(applied.pageSize == (oracleCase.pageSize ?? oracleCase.format.defaultPageSize))
        #expect(applied.legacyPage1Layout == oracleCase.legacyLayout)
        #expect(rowDifference(try connection.rows(CipherFixtures.selectSQL), expected) == "")
        #expect(try connection.userVersion == 7)
        #expect(try connection.scalar("PRAGMA integrity_check") == .text("ok"))
    }
}
