import Foundation
import SQLiteEngine
import Testing
import TestSupport

/// `PRAGMA rekey` and `PRAGMA hexrekey` through the loadable extension: the key of a connection's main database
/// changes in place, the file then opens with the new key only (here, in a new process, and in SQLite3 Multiple
/// Ciphers), a refused rekey leaves the file byte-identical, and no passphrase reaches any output.
extension LoadableExtensionTests {
    static let newKey = "rekeyed-passphrase-5d71c9"

    /// The SQLCipher 4 and AES-128 fixtures with the cipher pragmas of the extension and of SQLite3 Multiple Ciphers.
    static let rekeyedFixtures: [(file: String, pragmas: String, multipleCiphers: [String])] = [
        ("mmex-200-sqlcipher4.emb", "PRAGMA cipher = 'sqlcipher'; PRAGMA legacy = 4;",
         ["PRAGMA cipher = 'sqlcipher'", "PRAGMA legacy = 4"]),
        ("mmex-200-aes128.emb", "PRAGMA cipher = 'aes128cbc';", ["PRAGMA cipher = 'aes128cbc'"]),
    ]

    /// A private scratch copy (0600 in a 0700 folder) of a committed fixture; the caller removes `folder`.
    static func scratchCopy(_ file: String, in folder: ScratchFolder, as name: String? = nil) throws -> String {
        let target = folder.appending(name ?? file).path
        try FileCopy.copy(fixtures.appendingPathComponent(file).path, to: target, mode: 0o600)
        return target
    }

    static func scratchFolder() throws -> ScratchFolder {
        try ScratchFolder.make(kind: "extension-rekey", in: FileManager.default.temporaryDirectory)
    }

    /// Runs Python on `script` with the arguments, the extension's path first; standard input carries the keys.
    static func pythonRun(
        _ script: String, _ arguments: [String], input: String, environment: [String: String] = [:]
    ) throws -> DriverPortBinary.Result {
        try DriverPortBinary.run(
            ["-c", script, library] + arguments, environment: environment, input: Data(input.utf8), executable: python)
    }

    /// Neither passphrase appears in the run's output or errors.
    static func expectNoPassphrase(_ result: DriverPortBinary.Result, _ label: String) {
        for secret in [key, newKey] {
            #expect(!result.standardOutput.contains(secret) && !result.standardError.contains(secret),
                    "\(label): a passphrase reached the output")
        }
    }

    /// The rekeyed file in SQLite3 Multiple Ciphers: its rows with the new key equal the original fixture's with the
    /// old key (a scratch copy of it, opened in the same Python process).
    static func expectMultipleCiphersReadsNewKey(
        _ path: String, original file: String, pragmas: [String], in folder: ScratchFolder
    ) throws {
        let original = try scratchCopy(file, in: folder, as: "original.emb")
        let sessions = try Oracle.run([
            Oracle.Session(.multipleCiphers, original, sql: pragmas + ["PRAGMA key = '\(key)'", rowsQuery]),
            Oracle.Session(.multipleCiphers, path, sql: pragmas + ["PRAGMA key = '\(newKey)'", rowsQuery]),
            Oracle.Session(.multipleCiphers, path, sql: pragmas + ["PRAGMA key = '\(key)'", rowsQuery]),
        ])
        #expect(sessions[0].last?.rows.count == 200, "\(file): \(sessions[0])")
        #expect(sessions[1].last?.rows == sessions[0].last?.rows, "\(file): SQLite3MC with the new key")
        #expect(sessions[2].last?.errorMessage?.contains("not a database") == true, "\(file): the old key still opens")
    }

    @Test("PRAGMA rekey in the sqlite3 shell: the same connection reads on, a new process opens it with the new key only",
          arguments: rekeyedFixtures)
    func shellRekey(file: String, pragmas: String, multipleCiphers: [String]) throws {
        let expected = try Self.plainRows()
        let folder = try Self.scratchFolder()
        defer { folder.remove() }
        let path = try Self.scratchCopy(file, in: folder)
        let rekeyed = try Self.shellRun(
            ".open \(path)\n\(pragmas) PRAGMA key = '\(Self.key)';\nPRAGMA rekey = '\(Self.newKey)';\n\(Self.rowsQuery)\n")
        #expect(rekeyed.exitCode == 0, "\(file): \(rekeyed.standardError)")
        #expect(rekeyed.standardOutput.hasSuffix("ok\nok\n" + expected), "\(file): PRAGMA rekey answers ok, then the rows")

        let oldKey = try Self.shellRun(".open \(path)\n\(pragmas) PRAGMA key = '\(Self.key)';\n\(Self.rowsQuery)\n")
        #expect(oldKey.exitCode != 0, "\(file): the old key still opens the file")
        #expect(oldKey.standardError.contains("file is not a database"), "\(file): \(oldKey.standardError)")
        let newKey = try Self.shellRun(".open \(path)\n\(pragmas) PRAGMA key = '\(Self.newKey)';\n\(Self.rowsQuery)\n")
        #expect(newKey.exitCode == 0, "\(file): \(newKey.standardError)")
        #expect(newKey.standardOutput.hasSuffix("ok\n" + expected), "\(file): the new key reads other rows")
        for (label, result) in [("rekey", rekeyed), ("old key", oldKey), ("new key", newKey)] {
            Self.expectNoPassphrase(result, "\(file) \(label)")
        }
        try Self.expectMultipleCiphersReadsNewKey(path, original: file, pragmas: multipleCiphers, in: folder)
    }

    @Test("PRAGMA rekey = '' in the sqlite3 shell decrypts in place (the shell without the extension reads it), and PRAGMA rekey on the plain file encrypts it again (SQLite3MC reads it)",
          arguments: rekeyedFixtures)
    func shellDecryptsAndEncryptsInPlace(file: String, pragmas: String, multipleCiphers: [String]) throws {
        let expected = try Self.plainRows()
        let folder = try Self.scratchFolder()
        defer { folder.remove() }
        let path = try Self.scratchCopy(file, in: folder)
        let decrypted = try Self.shellRun(".open \(path)\n\(pragmas) PRAGMA key = '\(Self.key)';\nPRAGMA rekey = '';\n")
        #expect(decrypted.exitCode == 0, "\(file): \(decrypted.standardError)")
        let plain = try DriverPortBinary.run(["-batch", "-readonly", path, Self.rowsQuery], executable: Self.shell)
        #expect(plain.exitCode == 0 && plain.standardOutput == expected, "\(file): decrypted: \(plain.standardError)")

        let encrypted = try Self.shellRun(".open \(path)\n\(pragmas) PRAGMA rekey = '\(Self.newKey)';\n")
        #expect(encrypted.exitCode == 0, "\(file): \(encrypted.standardError)")
        let unreadable = try DriverPortBinary.run(["-batch", "-readonly", path, Self.rowsQuery], executable: Self.shell)
        #expect(unreadable.standardError.contains("file is not a database"), "\(file): still plain after encrypting")
        for (label, result) in [("decrypt", decrypted), ("encrypt", encrypted)] {
            Self.expectNoPassphrase(result, "\(file) \(label)")
        }
        try Self.expectMultipleCiphersReadsNewKey(path, original: file, pragmas: multipleCiphers, in: folder)
    }

    @Test("PRAGMA hexrekey in Python's sqlite3 module rewrites the file once; the new hex key opens it in a new process",
          arguments: rekeyedFixtures)
    func pythonHexRekey(file: String, pragmas: String, multipleCiphers: [String]) throws {
        let expected = try Self.plainRows().split(separator: "\n").map(String.init)
        let folder = try Self.scratchFolder()
        defer { folder.remove() }
        let path = try Self.scratchCopy(file, in: folder)
        let hexKey = Self.newKey.utf8.map { String(format: "%02x", $0) }.joined()
        // The trace counts the rewrites (VACUUM, run by the rekey on the same connection) and prints nothing else:
        // the PRAGMA's own text holds the key.
        let rekey = """
            import sqlite3, sys
            loader = sqlite3.connect(":memory:")
            loader.enable_load_extension(True)
            loader.load_extension(sys.argv[1])
            old_key, hex_key = sys.stdin.readline().strip(), sys.stdin.readline().strip()
            db = sqlite3.connect(sys.argv[2])
            vacuums = []
            db.set_trace_callback(lambda sql: vacuums.append(1) if sql.lstrip().upper().startswith("VACUUM") else None)
            for statement in sys.argv[3].split(";"):
                if statement.strip(): db.execute(statement)
            db.execute("PRAGMA key = '%s'" % old_key)
            print(db.execute("PRAGMA hexrekey = '%s'" % hex_key).fetchone()[0])
            print("rewrites:", len(vacuums))
            for row in db.execute(sys.argv[4]):
                print("|".join("" if v is None else str(v) for v in row))
            """
        let rekeyed = try Self.pythonRun(rekey, [path, pragmas, Self.rowsQuery], input: "\(Self.key)\n\(hexKey)\n")
        #expect(rekeyed.exitCode == 0, "\(file): \(rekeyed.standardError)")
        #expect(rekeyed.standardOutput.split(separator: "\n").map(String.init) == ["ok", "rewrites: 1"] + expected,
                "\(file): \(rekeyed.standardOutput.prefix(200))")

        let reopen = """
            import sqlite3, sys
            loader = sqlite3.connect(":memory:")
            loader.enable_load_extension(True)
            loader.load_extension(sys.argv[1])
            for pragma in (sys.stdin.readline().strip(), sys.stdin.readline().strip()):
                db = sqlite3.connect(sys.argv[2])
                for statement in sys.argv[3].split(";"):
                    if statement.strip(): db.execute(statement)
                db.execute(pragma)
                try:
                    print(db.execute("SELECT count(*) FROM CHECKINGACCOUNT_V1").fetchone()[0])
                except sqlite3.DatabaseError as error:
                    print(error)
                db.close()
            """
        let reopened = try Self.pythonRun(
            reopen, [path, pragmas], input: "PRAGMA key = '\(Self.key)'\nPRAGMA hexkey = '\(hexKey)'\n")
        #expect(reopened.exitCode == 0, "\(file): \(reopened.standardError)")
        #expect(reopened.standardOutput == "file is not a database\n200\n", "\(file): the old key, then the new one")
        for (label, result) in [("hexrekey", rekeyed), ("reopen", reopened)] {
            Self.expectNoPassphrase(result, "\(file) \(label)")
            #expect(!result.standardOutput.contains(hexKey) && !result.standardError.contains(hexKey), "\(file) \(label)")
        }
        try Self.expectMultipleCiphersReadsNewKey(path, original: file, pragmas: multipleCiphers, in: folder)
    }

    @Test("PRAGMA rekey without the current key fails with SQLITE_NOTADB and leaves the file byte-identical",
          arguments: ["PRAGMA key = 'not-the-key';", ""])
    func rekeyWithoutTheKeyIsRefused(keyPragma: String) throws {
        let folder = try Self.scratchFolder()
        defer { folder.remove() }
        let path = try Self.scratchCopy("mmex-200-sqlcipher4.emb", in: folder)
        let before = try Self.contents(path)
        let result = try Self.shellRun(
            ".open \(path)\nPRAGMA cipher = 'sqlcipher'; PRAGMA legacy = 4; \(keyPragma)\n"
                + "PRAGMA rekey = '\(Self.newKey)';\n")
        #expect(result.exitCode != 0)
        #expect(result.standardError.contains("file is not a database"), "\(result.standardError)")
        #expect(result.standardError.contains("PRAGMA key"), "the message says what to do: \(result.standardError)")
        #expect(!result.standardOutput.contains("ok\nok"), "the rekey answered ok")
        Self.expectNoPassphrase(result, "wrong key")
        #expect(try Self.contents(path) == before, "the file changed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["mmex-200-sqlcipher4.emb"],
                "a journal was left")
    }

    @Test("PRAGMA rekey of an attached database is refused, naming sqlite3_rekey_v2 and driverport rekey")
    func attachedRekeyIsRefused() throws {
        let folder = try Self.scratchFolder()
        defer { folder.remove() }
        let main = try Self.scratchCopy("mmex-200.mmb", in: folder)
        let attached = try Self.scratchCopy("mmex-200-sqlcipher4.emb", in: folder)
        let before = try Self.contents(attached)
        let result = try Self.shellRun(
            ".open \(main)\nATTACH 'file:\(attached)?cipher=sqlcipher&legacy=4&key=\(Self.key)' AS enc;\n"
                + "SELECT count(*) FROM enc.CHECKINGACCOUNT_V1;\nPRAGMA enc.rekey = '\(Self.newKey)';\n")
        #expect(result.exitCode != 0)
        #expect(result.standardOutput == "200\n", "the attached file was keyed: \(result.standardOutput)")
        for hint in ["main database only", "sqlite3_rekey_v2", "driverport rekey"] {
            #expect(result.standardError.contains(hint), "\(result.standardError)")
        }
        Self.expectNoPassphrase(result, "attached")
        #expect(try Self.contents(attached) == before, "the attached file changed")
    }
}
