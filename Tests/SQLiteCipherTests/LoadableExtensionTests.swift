import Foundation
import SQLiteEngine
import Testing
import TestSupport

/// The codec as a SQLite loadable extension (`libdriverport_codec.so`), loaded by other clients in child processes:
/// Debian's `sqlite3` shell (`.load`) and Python's `sqlite3` module (`load_extension`), keyed through SQLite3 Multiple
/// Ciphers' pragmas and URI parameters.
@Suite("Loadable extension")
struct LoadableExtensionTests {
    static let key = "driverport-fixture-key"
    static let shell = URL(fileURLWithPath: "/usr/bin/sqlite3")
    static let python = URL(fileURLWithPath: "/usr/bin/python3")
    static var library: String { DriverPortBinary.builtExecutable("libdriverport_codec.so").path }
    static var fixtures: URL { SharedData.repositoryRoot.appendingPathComponent("Fixtures") }

    /// The committed encrypted fixtures and SQLite3MC's cipher pragmas that name each one's format.
    static let encryptedFixtures: [(file: String, pragmas: String)] = [
        ("mmex-200-sqlcipher4.emb", "PRAGMA cipher = 'sqlcipher'; PRAGMA legacy = 4;"),
        ("mmex-200-sqlcipher3.emb", "PRAGMA cipher = 'sqlcipher'; PRAGMA legacy = 3;"),
        ("mmex-200-aes128.emb", "PRAGMA cipher = 'aes128cbc';"),
        ("mmex-200-aes128-legacy.emb", "PRAGMA cipher = 'aes128cbc'; PRAGMA legacy = 1;"),
        ("mmex-200-chacha20.emb", "PRAGMA cipher = 'chacha20';"),
    ]

    static let rowsQuery =
        "SELECT TRANSID, ACCOUNTID, CAST(TRANSAMOUNT AS TEXT), TRANSDATE, replace(NOTES, char(10), ' ') FROM CHECKINGACCOUNT_V1 "
        + "ORDER BY TRANSID;"

    /// Runs Debian's sqlite3 shell on `script` (standard input), the extension loaded first.
    static func shellRun(_ script: String) throws -> DriverPortBinary.Result {
        try DriverPortBinary.run(
            ["-bail", "-batch", ":memory:"], input: Data((".load \(library)\n" + script).utf8), executable: shell)
    }

    /// Rows of the plain fixture, read by the shell without the extension (the reference).
    static func plainRows() throws -> String {
        let path = fixtures.appendingPathComponent("mmex-200.mmb").path
        let result = try DriverPortBinary.run(
            ["-batch", "-readonly", path, rowsQuery], executable: shell)
        #expect(result.exitCode == 0, "\(result.standardError)")
        return result.standardOutput
    }

    /// The file's bytes (the fixtures are small: compared whole, before and after).
    static func contents(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test("the sqlite3 shell reads every committed fixture format with the same rows as the plain file")
    func shellReadsEveryFixture() throws {
        let expected = try Self.plainRows()
        #expect(expected.split(separator: "\n").count == 200)
        for (file, pragmas) in Self.encryptedFixtures {
            let path = Self.fixtures.appendingPathComponent(file).path
            let before = try Self.contents(path)
            let result = try Self.shellRun(
                ".open --readonly \(path)\n\(pragmas) PRAGMA key = '\(Self.key)';\n.output stdout\n\(Self.rowsQuery)\n")
            #expect(result.exitCode == 0, "\(file): \(result.standardError)")
            #expect(result.standardOutput.hasSuffix(expected), "\(file)")
            #expect(try Self.contents(path) == before, "\(file) changed")
        }
    }

    @Test("Python's sqlite3 module reads every fixture with SQLite3MC's pragmas")
    func pythonReadsEveryFixture() throws {
        let expected = try Self.plainRows().split(separator: "\n").map(String.init)
        for (file, pragmas) in Self.encryptedFixtures {
            let path = Self.fixtures.appendingPathComponent(file).path
            let script = """
                import sqlite3, sys
                loader = sqlite3.connect(":memory:")
                loader.enable_load_extension(True)
                loader.load_extension(sys.argv[1])
                db = sqlite3.connect(sys.argv[2])
                for statement in sys.argv[3].split(";"):
                    if statement.strip(): db.execute(statement)
                db.execute("PRAGMA key = '%s'" % sys.stdin.readline().strip())
                for row in db.execute(sys.argv[4]):
                    print("|".join("" if v is None else str(v) for v in row))
                """
            let result = try DriverPortBinary.run(
                ["-c", script, Self.library, "file:\(path)?mode=ro", pragmas, Self.rowsQuery],
                input: Data((Self.key + "\n").utf8), executable: Self.python)
            #expect(result.exitCode == 0, "\(file): \(result.standardError)")
            #expect(result.standardOutput.split(separator: "\n").map(String.init) == expected, "\(file)")
        }
    }

    @Test("URI parameters (cipher, legacy, key) and PRAGMA hexkey key the SQLCipher 4 fixture in Python")
    func uriParametersAndHexKey() throws {
        let path = Self.fixtures.appendingPathComponent("mmex-200-sqlcipher4.emb").path
        let hexKey = Self.key.utf8.map { String(format: "%02x", $0) }.joined()
        let script = """
            import sqlite3, sys
            loader = sqlite3.connect(":memory:")
            loader.enable_load_extension(True)
            loader.load_extension(sys.argv[1])
            by_uri = sqlite3.connect("file:%s?mode=ro&cipher=sqlcipher&legacy=4&key=%s" % (sys.argv[2], sys.argv[3]),
                                     uri=True)
            print(by_uri.execute("SELECT count(*) FROM CHECKINGACCOUNT_V1").fetchone()[0])
            by_hex = sqlite3.connect("file:%s?mode=ro" % sys.argv[2], uri=True)
            by_hex.execute("PRAGMA cipher = 'sqlcipher'")
            by_hex.execute("PRAGMA legacy = 4")
            by_hex.execute("PRAGMA hexkey = '%s'" % sys.argv[4])
            print(by_hex.execute("SELECT count(*) FROM CHECKINGACCOUNT_V1").fetchone()[0])
            wrong = sqlite3.connect("file:%s?mode=ro&cipher=sqlcipher&legacy=4&key=wrong" % sys.argv[2], uri=True)
            try:
                wrong.execute("SELECT count(*) FROM CHECKINGACCOUNT_V1")
            except sqlite3.DatabaseError as error:
                print(error)
            """
        let result = try DriverPortBinary.run(
            ["-c", script, Self.library, path, Self.key, hexKey], executable: Self.python)
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(result.standardOutput == "200\n200\nfile is not a database\n")
    }

    /// Cipher pragmas for a new file, through the extension and in SQLite3MC (which opens each with its own).
    static let newFileCiphers: [(extensionPragmas: String, multipleCiphers: [String])] = [
        ("PRAGMA cipher = 'sqlcipher'; PRAGMA legacy = 4;", ["PRAGMA cipher = 'sqlcipher'", "PRAGMA legacy = 4"]),
        ("PRAGMA cipher = 'aegis';", ["PRAGMA cipher = 'aegis'"]),
        ("", []), // no PRAGMA cipher: ChaCha20, SQLite3MC's default for a new file
    ]

    @Test("a file the shell writes through the extension opens in SQLite3 Multiple Ciphers", arguments: newFileCiphers)
    func writtenFileOpensInMultipleCiphers(extensionPragmas: String, multipleCiphers: [String]) throws {
        let directory = TemporaryDirectory("extension-write")
        let path = directory.path("written.emb")
        let result = try Self.shellRun(
            """
            .open \(path)
            \(extensionPragmas) PRAGMA key = '\(Self.key)';
            CREATE TABLE t(a INTEGER, b TEXT);
            INSERT INTO t VALUES (1, 'one'), (2, 'two'), (3, 'three');
            """)
        #expect(result.exitCode == 0, "\(result.standardError)")
        let header = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)).read(upToCount: 16) ?? Data()
        #expect(header != Data("SQLite format 3\0".utf8), "the written file is plaintext")
        let outcomes = try Oracle.expectSuccess(Oracle.Session(
            .multipleCiphers, path, sql: multipleCiphers + ["PRAGMA key = '\(Self.key)'", "SELECT a, b FROM t ORDER BY a"]))
        #expect(outcomes.last?.rows == [
            [.integer(1), .text("one")], [.integer(2), .text("two")], [.integer(3), .text("three")],
        ])
    }

    @Test("the shell exports a keyed database with sqlite3mc_export; SQLite3 Multiple Ciphers opens the copy")
    func shellExportOpensInMultipleCiphers() throws {
        let directory = TemporaryDirectory("extension-export")
        let path = try directory.copy(Self.fixtures.appendingPathComponent("mmex-200-sqlcipher4.emb"))
        let target = directory.path("exported.emb")
        let result = try Self.shellRun(
            ".open \(path)\nPRAGMA cipher = 'sqlcipher'; PRAGMA legacy = 4; PRAGMA key = '\(Self.key)';\n"
                + "PRAGMA cipher_migrate;\nATTACH '\(target)' AS cipher_export;\n"
                + "SELECT sqlite3mc_export('cipher_export');\nDETACH cipher_export;\n")
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("0"), "cipher_migrate: \(result.standardOutput)")
        let outcomes = try Oracle.expectSuccess(Oracle.Session(
            .multipleCiphers, target, sql: [
                "PRAGMA cipher = 'sqlcipher'", "PRAGMA legacy = 4", "PRAGMA key = '\(Self.key)'",
                "SELECT count(*) FROM CHECKINGACCOUNT_V1", "PRAGMA integrity_check",
            ]))
        #expect(outcomes.suffix(2).map(\.rows) == [[[.integer(200)]], [[.text("ok")]]])
    }

    @Test("a wrong key fails with SQLITE_NOTADB at the first read and leaves the file unchanged")
    func wrongKeyIsNotADatabase() throws {
        let directory = TemporaryDirectory("extension-wrong-key")
        let path = try directory.copy(Self.fixtures.appendingPathComponent("mmex-200-sqlcipher4.emb"))
        let before = try Self.contents(path)
        let result = try Self.shellRun(
            ".open \(path)\nPRAGMA cipher = 'sqlcipher'; PRAGMA legacy = 4; PRAGMA key = 'not-the-key';\n"
                + "SELECT count(*) FROM sqlite_schema;\nCREATE TABLE x(a);\n")
        #expect(result.exitCode != 0)
        #expect(result.standardError.contains("file is not a database"), "\(result.standardError)")
        #expect(try Self.contents(path) == before)
    }

    @Test("bad input is refused with a message saying what to do", arguments: [
        ("mmex-200.mmb", "PRAGMA key = 'k';", "not encrypted"),
        ("mmex-200-sqlcipher4.emb", "PRAGMA cipher = 'blowfish';", "unknown cipher 'blowfish'"),
        ("mmex-200.mmb", "SELECT count(*) FROM sqlite_schema; PRAGMA key = 'k';", "after the database was read"),
        ("mmex-200-sqlcipher4.emb", "PRAGMA key = 'driverport-fixture-key'; PRAGMA key = 'k';", "already applied"),
        ("mmex-200-sqlcipher4.emb", "PRAGMA cipher = 'sqlcipher'; PRAGMA legacy = 4; PRAGMA kdf_iter = 1000;", "kdf_iter"),
        ("mmex-200.mmb", "ATTACH ':memory:' AS m; SELECT sqlite3mc_export('m');", "sqlite3mc_export"),
        ("mmex-200.mmb", "PRAGMA cipher = 'sqlcipher'; PRAGMA legacy = 3; PRAGMA rekey = 'k';", "another page size"),
        ("mmex-200-sqlcipher4.emb", "PRAGMA key = 'driverport-fixture-key'; PRAGMA hexrekey = 'abc';", "even number"),
        ("mmex-200-sqlcipher4.emb", "PRAGMA key = 'driverport-fixture-key'; BEGIN; PRAGMA rekey = 'k';", "transaction"),
    ])
    func badInputIsRefused(file: String, statements: String, message: String) throws {
        let directory = TemporaryDirectory("extension-bad-input")
        let path = try directory.copy(Self.fixtures.appendingPathComponent(file))
        let before = try Self.contents(path)
        let result = try Self.shellRun(".open \(path)\n\(statements)\n")
        #expect(result.exitCode != 0)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(try Self.contents(path) == before)
    }
}
