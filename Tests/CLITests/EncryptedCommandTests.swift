import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// inspect, dump, create, export and rekey on encrypted files, end to end through the built binary.
@Suite("commands on encrypted files")
struct EncryptedCommandTests {
    static let passphrase = "Zebra-Passphrase-9931 ключ"
    static let environment = ["DP_PASS": passphrase, "DP_NEW": "Second-Secret-4471", "DP_RAW": CipherOptionTests.rawKey]

    static func run(_ arguments: [String], input: Data? = nil) throws -> DriverPortBinary.Result {
        try DriverPortBinary.run(arguments, environment: environment, input: input)
    }

    static func json(_ result: DriverPortBinary.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    }

    @Test("inspect --json reports the detected cipher for each format created here, and none for a plain file",
          arguments: ["sqlcipher4", "sqlcipher3", "aes128", "aes256", "chacha20", "sqleet", "rc4", "ascon128", "aegis-256",
                      "aegis-128l"])
    func inspectReportsCipher(_ cipher: String) throws {
        let folder = TemporaryDirectory()
        let path = folder.path("f.emb")
        let key = CipherFormat(rawValue: cipher)?.acceptsRawKey == false ? "DP_PASS" : "DP_RAW"
        #expect(try Self.run(["create", path, "--cipher", cipher, "--key-env", key]).exitCode == 0)
        let result = try Self.run(["inspect", path, "--json", "--key-env", key])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let report = try Self.json(result)
        #expect(report["cipher"] as? String == cipher)
        #expect(report["userVersion"] as? Int == 21)
        #expect((report["tables"] as? [String: Int])?["CURRENCYFORMATS_V1"] == 168)
        let plain = folder.path("p.mmb")
        #expect(try Self.run(["create", plain]).exitCode == 0)
        #expect(try Self.json(try Self.run(["inspect", plain, "--json"]))["cipher"] as? String == "none")
    }

    @Test("the sqlcipher engine opens a SQLCipher 3 file with its own codec")
    func debianEngine() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("v3.emb")
        #expect(try Self.run(["create", path, "--sample", "--cipher", "sqlcipher3", "--key-env", "DP_PASS"]).exitCode == 0)
        let result = try Self.run(["inspect", path, "--engine", "sqlcipher", "--key-env", "DP_PASS", "--json"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let report = try Self.json(result)
        #expect(report["engine"] as? String == "sqlcipher")
        #expect(report["cipher"] as? String == "sqlcipher3")
        #expect(report["userVersion"] as? Int == 21)
    }

    @Test("dump of an encrypted WAL file with a -wal equals the dump of its plain export; no file or sidecar changes")
    func dumpAndExportWAL() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("wal.emb")
        #expect(try Self.run(["create", path, "--sample", "--key-env", "DP_RAW"]).exitCode == 0)
        // Leave committed transactions in the WAL, as a running MMEX desktop does.
        let connection = try EngineConnection(path: path, options: OpenOptions(access: .readWrite, vfs: PageCodec.vfsName))
        try PageCodec.apply(.auto, key: try CipherKey.parsing(CipherOptionTests.rawKey), to: connection)
        _ = try connection.scalar("PRAGMA journal_mode = WAL")
        try connection.execute("INSERT INTO PAYEE_V1(PAYEENAME) VALUES ('Only in the WAL')")
        let copy = TemporaryDirectory()
        for suffix in ["", "-wal"] { try FileManager.default.copyItem(atPath: path + suffix, toPath: copy.path("wal.emb") + suffix) }
        connection.close()
        let walFile = copy.path("wal.emb")
        #expect(FileManager.default.fileExists(atPath: walFile + "-wal"))
        let before = folderFingerprint(copy.url)
        let inspect = try Self.run(["inspect", walFile, "--json", "--key-env", "DP_RAW"])
        #expect(inspect.exitCode == 0, "\(inspect.standardError)")
        #expect(try Self.json(inspect)["journalMode"] as? String == "wal")
        let dump = try Self.run(["dump", walFile, "--json", "--key-env", "DP_RAW"])
        #expect(dump.exitCode == 0, "\(dump.standardError)")
        #expect(dump.standardOutput.contains("Only in the WAL"))
        let output = TemporaryDirectory()
        let plain = output.path("plain.mmb")
        let export = try Self.run(["export", walFile, "--to", plain, "--key-env", "DP_RAW", "--json"])
        #expect(export.exitCode == 0, "\(export.standardError)")
        let facts = try Self.json(export)
        #expect(facts["cipher"] as? String == "none")
        #expect(facts["walMode"] as? Bool == true)
        #expect(facts["userVersion"] as? Int == 21)
        #expect(folderFingerprint(copy.url) == before)
        let plainDump = try Self.run(["dump", plain, "--json"])
        #expect(plainDump.standardOutput == dump.standardOutput)
        let again = try Self.run(["export", walFile, "--to", plain, "--key-env", "DP_RAW"])
        #expect(again.exitCode == 73)
    }

    @Test("rekey moves an AES-128 file to SQLCipher 4: the new key opens it, the old one is a wrong key")
    func rekeyFormatChange() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("old.emb")
        #expect(try Self.run(["create", path, "--sample", "--cipher", "aes128", "--key-env", "DP_PASS"]).exitCode == 0)
        let before = try Self.run(["dump", path, "--json", "--key-env", "DP_PASS"]).standardOutput
        let rekey = try Self.run(["rekey", path, "--key-env", "DP_PASS", "--to-cipher", "sqlcipher4", "--new-key-env", "DP_NEW", "--json"])
        #expect(rekey.exitCode == 0, "\(rekey.standardError)")
        #expect(try Self.json(rekey)["cipher"] as? String == "sqlcipher4")
        #expect(try Self.run(["dump", path, "--json", "--key-env", "DP_NEW"]).standardOutput == before)
        #expect(try Self.run(["inspect", path, "--key-env", "DP_PASS"]).exitCode == 65)
        #expect(Set((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []) == ["old.emb"])
    }

    @Test("a rekey killed at any step leaves the file whole under the old key", arguments: ["copying", "verifying", "replacing"])
    func rekeyKilled(_ step: String) throws {
        let folder = TemporaryDirectory()
        let path = folder.path("db.emb")
        #expect(try Self.run(["create", path, "--sample", "--cipher", "chacha20", "--key-env", "DP_RAW"]).exitCode == 0)
        let before = try FileBytes(path)
        let killed = try DriverPortBinary.run(
            ["--kill-at", step, "rekey", path, "--key-env", "DP_RAW", "--to-cipher", "sqlcipher4", "--new-key-env", "DP_NEW"],
            environment: Self.environment, executable: DriverPortBinary.withTestHooks
        )
        #expect(killed.exitCode != 0)
        #expect(try FileBytes(path) == before)
        let inspect = try Self.run(["inspect", path, "--key-env", "DP_RAW", "--json"])
        #expect(inspect.exitCode == 0, "\(inspect.standardError)")
        #expect(try Self.json(inspect)["cipher"] as? String == "chacha20")
        #expect(try Self.run(["inspect", path, "--key-env", "DP_NEW"]).exitCode == 65)
        // What the kill left is only the hidden temporary copy (and its own journal), never a sidecar of db.emb.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []
        #expect(names.allSatisfy { $0 == "db.emb" || $0.hasPrefix(".db.emb.driverport-") }, "\(names)")
    }

    @Test("no passphrase appears in stdout, stderr or JSON of any command, failing or not")
    func passphraseNeverPrinted() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("secret.emb")
        let keyFile = folder.path("key")
        try Data(Self.passphrase.utf8).write(to: URL(fileURLWithPath: keyFile))
        let runs: [([String], Data?)] = [
            (["create", path, "--sample", "--key-env", "DP_PASS"], nil),
            (["create", path, "--key-env", "DP_PASS"], nil),
            (["inspect", path, "--json", "--key-file", keyFile], nil),
            (["inspect", path, "--key-stdin"], Data(Self.passphrase.utf8)),
            (["dump", path, "--json", "--key-env", "DP_PASS", "--table", "INFOTABLE_V1"], nil),
            (["dump", path, "--key-env", "DP_NEW"], nil),
            (["inspect", path, "--key-env", "DP_PASS", "--cipher", "aes256"], nil),
            (["export", path, "--to", folder.path("copy.emb"), "--key-env", "DP_PASS", "--to-key-env", "DP_NEW", "--json"], nil),
            (["rekey", path, "--key-env", "DP_PASS", "--new-key-env", "DP_NEW", "--json"], nil),
            (["rekey", path, "--key-env", "DP_PASS", "--new-key-env", "DP_NEW"], nil),
        ]
        for (arguments, input) in runs {
            let result = try Self.run(arguments, input: input)
            for secret in [Self.passphrase, "Zebra", "Second-Secret"] {
                #expect(!result.standardOutput.contains(secret), "\(arguments) stdout")
                #expect(!result.standardError.contains(secret), "\(arguments) stderr")
            }
        }
    }

    /// Runs `driverport ARGUMENTS` on a pseudo-terminal (`script`), typing `lines`; returns what the terminal showed.
    static func onTerminal(_ arguments: [String], typing lines: [String]) throws -> (status: Int32, shown: String) {
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        let command = ([DriverPortBinary.url.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        script.arguments = ["-qec", command, "/dev/null"]
        let input = Pipe()
        let output = Pipe()
        let terminal = StreamedOutput()
        script.standardInput = input
        script.standardOutput = output
        output.fileHandleForReading.readabilityHandler = { terminal.append($0.availableData) }
        try script.run()
        for (index, line) in lines.enumerated() {
            // Each prompt ("...: ") is shown once echo is off: type the line only when its prompt is on the screen.
            guard terminal.wait(seconds: 60, until: { $0.components(separatedBy: ": ").count - 1 > index }) else {
                break  // it ended or hung before asking: the test sees what it showed
            }
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
        }
        try? input.fileHandleForWriting.close()
        script.waitUntilExit()
        let shown = terminal.waitForEnd()
        output.fileHandleForReading.readabilityHandler = nil
        return (script.terminationStatus, shown)
    }

    @Test("on a terminal an encrypted file asks for its passphrase without echoing it")
    func promptWithoutEcho() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("prompt.emb")
        #expect(try Self.run(["create", path, "--key-env", "DP_PASS"]).exitCode == 0)
        let (status, shown) = try Self.onTerminal(["inspect", path, "--json"], typing: [Self.passphrase])
        #expect(status == 0, "\(shown)")
        #expect(shown.contains("Passphrase for"))
        #expect(shown.contains("\"cipher\" : \"sqlcipher4\""))
        #expect(!shown.contains("Zebra"))
    }

    @Test("create with a named cipher asks for the new passphrase twice on a terminal, and refuses a mismatch")
    func createPromptsTwice() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("new.emb")
        let mismatch = try Self.onTerminal(["create", path, "--cipher", "chacha20"], typing: ["Zebra one", "Zebra two"])
        #expect(mismatch.status != 0)
        #expect(mismatch.shown.contains("the two passphrases differ"))
        #expect(!FileManager.default.fileExists(atPath: path))
        let created = try Self.onTerminal(["create", path, "--cipher", "chacha20"], typing: [Self.passphrase, Self.passphrase])
        #expect(created.status == 0, "\(created.shown)")
        #expect(!created.shown.contains("Zebra"))
        let inspect = try Self.run(["inspect", path, "--json", "--key-env", "DP_PASS"])
        #expect(try Self.json(inspect)["cipher"] as? String == "chacha20")
    }
}

/// A file's bytes, compared by value.
struct FileBytes: Equatable {
    let data: Data
    init(_ path: String) throws { data = try Data(contentsOf: URL(fileURLWithPath: path)) }
}

