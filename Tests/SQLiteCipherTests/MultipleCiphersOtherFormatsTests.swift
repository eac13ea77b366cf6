import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// SQLite3 Multiple Ciphers' RC4, Ascon-128 and AEGIS (every algorithm it offers) read and written both ways
/// against SQLite3 Multiple Ciphers itself, detected by `auto` after MMEX's formats, with their page sizes.
@Suite("RC4, Ascon-128 and AEGIS files interoperate with SQLite3 Multiple Ciphers")
struct MultipleCiphersOtherFormatsTests {
    /// Every new format at its default page size, and a few at another.
    static let cases: [OracleCase] = [
        OracleCase(.rc4, .multipleCiphers),
        OracleCase(.rc4, .multipleCiphers, pageSize: 1024),
        OracleCase(.ascon128, .multipleCiphers),
        OracleCase(.ascon128, .multipleCiphers, raw: true, pageSize: 8192),
        OracleCase(.aegis256, .multipleCiphers),
        OracleCase(.aegis256, .multipleCiphers, raw: true, pageSize: 1024),
        OracleCase(.aegis256x2, .multipleCiphers),
        OracleCase(.aegis256x4, .multipleCiphers, pageSize: 16384),
        OracleCase(.aegis128l, .multipleCiphers),
        OracleCase(.aegis128l, .multipleCiphers, pageSize: 2048),
        OracleCase(.aegis128x2, .multipleCiphers),
        OracleCase(.aegis128x4, .multipleCiphers, pageSize: 65536),
    ]

    @Test("a file SQLite3 Multiple Ciphers wrote opens with cipher auto, in its format and page size, with its rows",
          arguments: cases)
    func oracleFileOpensHere(_ oracleCase: OracleCase) throws {
        let folder = TemporaryDirectory()
        let path = folder.path("oracle.db")
        let outcomes = try Oracle.expectSuccess(.init(oracleCase.library, path,
                                                      sql: InteropFromOraclesTests.createStatements(oracleCase)))
        let expected = outcomes.last?.rows ?? []
        #expect(expected.count == 300)

        let (connection, applied) = try CipherFixtures.open(path, key: try oracleCase.key(), access: .readOnly)
        defer { connection.close() }
        #expect(applied.format == oracleCase.format)
        #expect(applied.pageSize == (oracleCase.pageSize ?? oracleCase.format.defaultPageSize))
        #expect(rowDifference(try connection.rows(CipherFixtures.selectSQL), expected) == "")
        #expect(try connection.userVersion == 7)
        #expect(try connection.scalar("PRAGMA integrity_check") == .text("ok"))
    }

    @Test("a file written here passes SQLite3 Multiple Ciphers' integrity check, and its writes read back here",
          arguments: cases)
    func fileWrittenHereOpensThere(_ oracleCase: OracleCase) throws {
        try InteropToOraclesTests().fileWrittenHereOpensThere(oracleCase)
    }

    @Test("a WAL SQLite3 Multiple Ciphers left behind recovers here with every committed row",
          arguments: [CipherFormat.rc4, .ascon128, .aegis128l, .aegis256x4])
    func oracleWALRecoversHere(_ format: CipherFormat) throws {
        let folder = TemporaryDirectory()
        let path = folder.path("db")
        let crash = folder.path("crash.db")
        let setup = CipherFixtures.oracleOpen(.multipleCiphers, format, key: CipherFixtures.keyStatement())
        let statements = setup + ["PRAGMA journal_mode = WAL"] + CipherFixtures.createSQL.split(separator: ";")
            .map { String($0) }.filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
            + [CipherFixtures.insertSQL(count: 200), "UPDATE t SET note = 'updated in the WAL' WHERE id < 50",
               CipherFixtures.selectSQL]
        let outcomes = try Oracle.expectSuccess(.init(.multipleCiphers, path, statements.map { .sql($0) }
            + [.copy(from: path, to: crash, suffixes: ["", "-wal"])]))
        let expected = outcomes[outcomes.count - 2].rows
        #expect(try FileBytes.read(crash + "-wal").count > 0)
        let rows = try CipherFixtures.rows(crash, choice: .format(format), key: try CipherFixtures.key())
        #expect(rowDifference(rows, expected) == "")
    }

    @Test("a WAL the codec left behind recovers in SQLite3 Multiple Ciphers with every committed row",
          arguments: [CipherFormat.rc4, .ascon128, .aegis128x2, .aegis256])
    func ourWALRecoversThere(_ format: CipherFormat) throws {
        let folder = TemporaryDirectory()
        let path = folder.path("db")
        let crash = folder.path("crash.db")
        let key = try CipherFixtures.key()
        try CipherFixtures.create(path, format: format, key: key, rows: 50, walMode: true)
        let (connection, _) = try CipherFixtures.open(path, choice: .format(format), key: key)
        defer { connection.close() }
        try connection.execute(CipherFixtures.insertSQL(first: 1000, count: 200))
        try connection.execute("UPDATE t SET note = 'updated in the WAL' WHERE id < 30")
        let expected = try connection.rows(CipherFixtures.selectSQL)
        for suffix in ["", "-wal"] { try FileManager.default.copyItem(atPath: path + suffix, toPath: crash + suffix) }
        #expect(try FileBytes.read(crash + "-wal").count > 0)
        let open = CipherFixtures.oracleOpen(.multipleCiphers, format, key: CipherFixtures.keyStatement())
        let outcomes = try Oracle.expectSuccess(.init(.multipleCiphers, crash, sql: open + [
            "PRAGMA integrity_check", CipherFixtures.selectSQL,
        ]))
        #expect(outcomes[open.count].rows == [[.text("ok")]])
        #expect(rowDifference(outcomes[open.count + 1].rows, expected) == "")
    }

    @Test("a wrong passphrase is refused, naming the format, and the file is unchanged",
          arguments: [CipherFormat.rc4, .ascon128, .aegis256, .aegis128x4])
    func wrongPassphrase(_ format: CipherFormat) throws {
        let folder = TemporaryDirectory()
        let path = folder.path("here.db")
        try CipherFixtures.create(path, format: format, key: try CipherFixtures.key(), rows: 20)
        let before = try FileBytes.read(path)
        for choice in [CipherChoice.format(format), .auto] {
            let connection = try EngineConnection(path: path, options: OpenOptions(access: .readWrite, vfs: PageCodec.vfsName))
            defer { connection.close() }
            #expect(throws: CipherError.wrongKey(format: choice == .auto ? nil : format)) {
                try PageCodec.apply(choice, key: try CipherFixtures.key("not the passphrase"), to: connection)
            }
        }
        #expect(try FileBytes.read(path) == before)
    }

    @Test("the AEGIS algorithms are told apart: a file of one does not open as another of the same key length")
    func aegisAlgorithmsDiffer() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("x2.db")
        try CipherFixtures.create(path, format: .aegis256x2, key: try CipherFixtures.rawKey(), rows: 10)
        for other in [CipherFormat.aegis256, .aegis256x4] {
            let connection = try EngineConnection(path: path, options: OpenOptions(access: .readOnly, vfs: PageCodec.vfsName))
            defer { connection.close() }
            #expect(throws: CipherError.wrongKey(format: other)) {
                try PageCodec.apply(.format(other), key: try CipherFixtures.rawKey(), to: connection)
            }
        }
    }

    @Test("the command-line names include every new format and the aegis alias")
    func commandLineNames() throws {
        for name in ["rc4", "ascon128", "aegis", "aegis-128l", "aegis-128x2", "aegis-128x4", "aegis-256", "aegis-256x2",
                     "aegis-256x4"] {
            #expect(CipherChoice.allNames.contains(name), "\(name) missing")
            #expect(CipherChoice(name: name) != nil)
        }
        #expect(CipherChoice(name: "aegis") == .format(.aegis256))
        let order = CipherFormat.detectionOrder
        #expect(order.count == CipherFormat.allCases.count)
        let lastOfMMEX = try #require(order.firstIndex(of: .aes256))
        for format in [CipherFormat.rc4, .ascon128, .aegis256, .aegis128l] {
            #expect(try #require(order.firstIndex(of: format)) > lastOfMMEX, "\(format) is tried before MMEX's formats")
        }
    }
}
