import Foundation
import TestSupport
import Testing

/// The key options every file-opening command shares: sources, conflicts, refusals and their exit codes.
@Suite("cipher and key options")
struct CipherOptionTests {
    static let rawKey = "x'" + String(repeating: "0123456789abcdef", count: 4) + "'"

    /// An encrypted MMEX file made by the CLI with a raw key in `DP_TEST_KEY`.
    static func encryptedFile(in folder: TemporaryDirectory, cipher: String = "sqlcipher4") throws -> String {
        let path = folder.path("file.emb")
        let result = try DriverPortBinary.run(["create", path, "--cipher", cipher, "--key-env", "DP_TEST_KEY"],
                                              environment: ["DP_TEST_KEY": rawKey])
        #expect(result.exitCode == 0, "\(result.standardError)")
        return path
    }

    static func expectOneLine(_ result: DriverPortBinary.Result, exit code: Int32, containing text: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.exitCode == code, "stderr: \(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardError.split(separator: "\n").count == 1, "stderr: \(result.standardError)",
                sourceLocation: sourceLocation)
        #expect(result.standardError.contains(text), "stderr: \(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardOutput.isEmpty, sourceLocation: sourceLocation)
    }

    @Test("--key is refused without echoing its value, for every command that opens a file",
          arguments: ["inspect", "dump", "export", "rekey", "create"])
    func keyArgumentRefused(_ command: String) throws {
        let result = try DriverPortBinary.run([command, "/tmp/x.emb", "--key", "hunter2-secret"])
        Self.expectOneLine(result, exit: 64, containing: "--key is refused")
        #expect(!result.standardError.contains("hunter2"))
    }

    @Test("conflicting or unusable key options are usage errors (64); a missing key file is missing input (66)")
    func optionErrors() throws {
        let folder = TemporaryDirectory()
        let path = try Self.encryptedFile(in: folder)
        let cases: [([String], Int32, String)] = [
            (["inspect", path, "--key-env", "DP_TEST_KEY", "--key-stdin"], 64, "only one of"),
            (["inspect", path, "--cipher", "rot13"], 64, "sqlcipher4"),
            (["inspect", path, "--cipher", "none", "--key-env", "DP_TEST_KEY"], 64, "takes no key"),
            (["inspect", path, "--key-env", "DP_NOT_SET_ANYWHERE"], 64, "DP_NOT_SET_ANYWHERE is not set"),
            (["inspect", path, "--key-file", folder.path("no-such-key")], 66, "cannot read the key file"),
            (["rekey", path, "--key-env", "DP_TEST_KEY"], 64, "--new-key-env"),
            (["export", path, "--key-env", "DP_TEST_KEY"], 64, "--to"),
            (["export", path, "--to", folder.path("x"), "--to-cipher", "auto"], 64, "not auto"),
        ]
        for (arguments, code, text) in cases {
            let result = try DriverPortBinary.run(arguments, environment: ["DP_TEST_KEY": Self.rawKey])
            Self.expectOneLine(result, exit: code, containing: text)
        }
    }

    @Test("an encrypted file without a key (not on a terminal), a wrong key, a bad raw key: one line, exit 65")
    func dataErrors() throws {
        let folder = TemporaryDirectory()
        let path = try Self.encryptedFile(in: folder)
        let before = folderFingerprint(folder.url)
        let cases: [([String], [String: String], String)] = [
            (["inspect", path], [:], "it is encrypted (give its key"),
            (["dump", path, "--key-env", "K"], ["K": "x'" + String(repeating: "ff", count: 32) + "'"],
             "wrong key: the passphrase or cipher does not open this file"),
            (["inspect", path, "--key-env", "K", "--cipher", "sqlcipher3"], ["K": Self.rawKey], "wrong key"),
            (["inspect", path, "--key-env", "K"], ["K": "x'abcd'"], "invalid raw key"),
            (["inspect", path, "--key-env", "K"], ["K": ""], "empty passphrase"),
            (["inspect", path, "--key-env", "K", "--cipher", "aes128"], ["K": Self.rawKey], "raw keys are not defined"),
        ]
        for (arguments, environment, text) in cases {
            Self.expectOneLine(try DriverPortBinary.run(arguments, environment: environment), exit: 65, containing: text)
        }
        #expect(folderFingerprint(folder.url) == before)
    }

    @Test("the key comes from an environment variable, a file or standard input, with a trailing newline ignored")
    func keySources() throws {
        let folder = TemporaryDirectory()
        let path = try Self.encryptedFile(in: folder)
        let keyFile = folder.path("key.txt")
        try Data((Self.rawKey + "\n").utf8).write(to: URL(fileURLWithPath: keyFile))
        for (arguments, input) in [
            (["--key-env", "DP_TEST_KEY"], nil), (["--key-file", keyFile], nil),
            (["--key-stdin"], Data((Self.rawKey + "\r\n").utf8)),
        ] as [([String], Data?)] {
            let result = try DriverPortBinary.run(["inspect", path, "--json"] + arguments,
                                                  environment: ["DP_TEST_KEY": Self.rawKey], input: input)
            #expect(result.exitCode == 0, "\(arguments): \(result.standardError)")
            let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
            #expect(json?["cipher"] as? String == "sqlcipher4")
        }
    }

    @Test("export and rekey answer --help starting with their usage line")
    func help() throws {
        for command in ["export", "rekey"] {
            let result = try DriverPortBinary.run([command, "--help"])
            #expect(result.exitCode == 0)
            #expect(result.standardOutput.hasPrefix("Usage: driverport \(command)"))
            #expect(result.standardOutput.contains("--key-env"))
        }
        let overview = try DriverPortBinary.run(["--help"])
        #expect(overview.standardOutput.contains("export"))
        #expect(overview.standardOutput.contains("rekey"))
    }
}
