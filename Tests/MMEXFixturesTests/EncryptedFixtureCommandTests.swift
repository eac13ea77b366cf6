import Foundation
import TestSupport
import Testing

/// `driverport fixture` with a cipher and key, end to end through the built binary.
@Suite("driverport fixture, encrypted")
struct EncryptedFixtureCommandTests {
    static let variable = "DP_FIXTURE_TEST_KEY"
    // A raw key: these tests are about the options, not the key derivation.
    static let environment = [variable: "x'" + String(repeating: "00112233aabbccdd", count: 4) + "'"]

    static func json(_ result: DriverPortBinary.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    }

    @Test("--help lists the cipher and key options")
    func help() throws {
        let result = try DriverPortBinary.run(["fixture", "--help"])
        #expect(result.exitCode == 0)
        for option in ["--cipher NAME", "--key-env NAME", "--key-file PATH", "--key-stdin"] {
            #expect(result.standardOutput.contains(option), "\(option)")
        }
    }

    @Test("a key without --cipher writes sqlcipher4, what MMEX writes today; --json reports the cipher")
    func autoWithKeyIsSQLCipher4() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("auto.emb")
        let result = try DriverPortBinary.run(
            ["fixture", path, "--transactions", "20", "--key-env", Self.variable, "--json"], environment: Self.environment
        )
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(try Self.json(result)["cipher"] as? String == "sqlcipher4")
        let inspect = try DriverPortBinary.run(["inspect", path, "--key-env", Self.variable, "--json"], environment: Self.environment)
        #expect(try Self.json(inspect)["cipher"] as? String == "sqlcipher4")
        #expect((try Self.json(inspect)["tables"] as? [String: Int])?["CHECKINGACCOUNT_V1"] == 20)
        let plain = try DriverPortBinary.run(["fixture", folder.path("plain.mmb"), "--transactions", "20", "--json"])
        #expect(try Self.json(plain)["cipher"] as? String == "none")
    }

    @Test("a named cipher without a key, none with a key, or --key are usage errors (64) in fixture and create alike; nothing is written",
          arguments: ["fixture", "create"])
    func keyUsageErrors(_ command: String) throws {
        let folder = TemporaryDirectory()
        let path = folder.path("f.emb")
        let size = command == "fixture" ? ["--transactions", "10"] : []
        let cases: [([String], String)] = [
            (["--cipher", "chacha20"], "--cipher chacha20 needs a key"),
            (["--cipher", "none", "--key-env", Self.variable], "--cipher none takes no key"),
            (["--key", "secret-on-the-command-line"], "--key is refused"),
        ]
        for (options, message) in cases {
            let result = try DriverPortBinary.run([command, path] + size + options, environment: Self.environment)
            #expect(result.exitCode == 64, "\(options)")
            #expect(result.standardError.split(separator: "\n").count == 1)
            #expect(result.standardError.contains(message), "\(result.standardError)")
            #expect(!result.standardError.contains("secret-on-the-command-line"))
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }
}
