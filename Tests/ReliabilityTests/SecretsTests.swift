import DriverPortCLI
import Foundation
import MMEXModel
import PersistenceSession
import SQLiteCipher
import TestSupport
import Testing

@Suite("Secrets: a passphrase never shows in output, JSON, errors, descriptions, files or argument lists")
struct SecretsTests {
    static let passphrase = "s3cret-Passphrase-Ünïcode-🔑-0451"
    static let newPassphrase = "an0ther-Secret-Passphrase-7777"

    @Test("the scanner finds a secret in every form code turns it into, and nothing in unrelated text")
    func scannerFindsEveryForm() {
        let scanner = SecretScanner(Self.passphrase)
        let bytes = Array(Self.passphrase.utf8)
        #expect(scanner.findings(in: "error: \(Self.passphrase)") == ["text"])
        #expect(scanner.findings(in: bytes.map { String(format: "%02x", $0) }.joined()).contains("hex"))
        #expect(scanner.findings(in: Data(bytes).base64EncodedString()) == ["base64"])
        #expect(scanner.findings(in: "\(bytes)").contains("decimal bytes"))
        var dumped = ""
        dump(bytes, to: &dumped)
        #expect(scanner.findings(in: dumped).contains("dump() lines"))
        let json = String(decoding: (try? JSONEncoder().encode([Self.passphrase])) ?? Data(), as: UTF8.self)
        #expect(!scanner.findings(in: json).isEmpty)
        #expect(scanner.findings(in: "wrong key or not an encrypted database").isEmpty)
    }

    @Test("key values and app-level errors print no key, through description, debugDescription, dump() or a mirror")
    func valuesAndErrors() throws {
        let scanner = SecretScanner(Self.passphrase)
        let databaseKey = DatabaseKey(passphrase: Self.passphrase, cipher: .sqlcipher4)
        #expect(scanner.findings(inValue: databaseKey).isEmpty, "\(scanner.findings(inValue: databaseKey))")
        #expect(scanner.findings(inValue: ImportSource(path: "/tmp/other.emb", key: databaseKey)).isEmpty)
        let cipherKey = try CipherKey(passphrase: Self.passphrase)
        #expect(scanner.findings(inValue: cipherKey).isEmpty)
        for error in [
            PersistenceError.wrongKey(path: "/tmp/a.emb"), .notADatabase(path: "/tmp/a.emb"),
            PersistenceError(sqliteExtendedCode: 26, message: "file is not a database", path: "/tmp/a.emb", keyGiven: true),
        ] {
            #expect(scanner.findings(inValue: error).isEmpty)
        }
        for error in [CipherError.keyRequired, .wrongKey(format: .sqlcipher4), .emptyPassphrase] {
            #expect(scanner.findings(inValue: error).isEmpty)
        }
    }

    @Test("no command takes a passphrase as an argument value: --key VALUE and --key=VALUE are refused without echo")
    func noPassphraseArguments() throws {
        let scanner = SecretScanner(Self.passphrase)
        for command in DriverPortMain.commands {
            for words in [["--key", Self.passphrase], ["--key=\(Self.passphrase)"], ["--passphrase", Self.passphrase]] {
                let result = try DriverPortBinary.run([command.name, "x.mmb"] + words)
                #expect(result.exitCode == 64, "\(command.name) \(words[0]) was accepted: \(result.standardError)")
                #expect(scanner.findings(in: result.standardOutput + result.standardError).isEmpty,
                        "\(command.name) echoed the value: \(result.standardError)")
            }
        }
    }

    @Test("create, inspect, dump, export and rekey with --key-env, --key-file and --key-stdin: no key in stdout, stderr, JSON or any file")
    func commandsWithKeys() throws {
        let folder = TemporaryDirectory("secrets")
        let keyFolder = TemporaryDirectory("secrets-keyfile")
        let temporary = TemporaryDirectory("secrets-tmp")
        let keyFile = keyFolder.path("key.txt")
        try Data((Self.passphrase + "\n").utf8).write(to: URL(fileURLWithPath: keyFile))
        let environment = ["DP_KEY": Self.passphrase, "DP_NEW": Self.newPassphrase, "TMPDIR": temporary.url.path]
        let file = folder.path("secret.emb")
        let runs: [(arguments: [String], input: Data?)] = [
            (["create", file, "--cipher", "sqlcipher4", "--key-env", "DP_KEY", "--sample"], nil),
            (["inspect", file, "--key-env", "DP_KEY", "--json"], nil),
            (["inspect", file, "--key-file", keyFile], nil),
            (["dump", file, "--key-stdin", "--json"], Data((Self.passphrase + "\n").utf8)),
            (["export", file, "--to", folder.path("copy.emb"), "--key-env", "DP_KEY", "--to-key-env", "DP_NEW", "--json"], nil),
            (["export", file, "--to", folder.path("plain.mmb"), "--key-env", "DP_KEY"], nil),
            (["rekey", folder.path("copy.emb"), "--key-env", "DP_NEW", "--new-key-env", "DP_KEY", "--to-cipher", "aes128", "--json"], nil),
            (["inspect", file, "--key-env", "DP_NEW"], nil),  // the wrong key: an error line
            (["fixture", folder.path("fixture.emb"), "--transactions", "20", "--key-env", "DP_KEY", "--json"], nil),
        ]
        var outputs = ""
        for run in runs {
            let result = try DriverPortBinary.run(run.arguments, environment: environment, input: run.input, timeout: 120)
            #expect(!result.crashed)
            #expect(result.exitCode == (run.arguments.contains("DP_NEW") && run.arguments[0] == "inspect" ? 65 : 0),
                    "\(run.arguments): \(result.standardError)")
            outputs += result.standardOutput + result.standardError
        }
        for secret in [Self.passphrase, Self.newPassphrase] {
            let scanner = SecretScanner(secret)
            #expect(scanner.findings(in: outputs).isEmpty, "output holds a key")
            #expect(scanner.findings(inFolder: folder.url).isEmpty, "\(scanner.findings(inFolder: folder.url))")
            #expect(scanner.findings(inFolder: temporary.url).isEmpty)
        }
        #expect(FileManager.default.fileExists(atPath: folder.path("plain.mmb")))
    }
}
