import Foundation
import TestSupport
import Testing

/// upgrade, snapshot and relocate on encrypted files, with the key options, end to end through the built binary.
@Suite("upgrade, snapshot and relocate on encrypted files")
struct EncryptedLifecycleCommandTests {
    static let environment = ["DP_PASS": "lifecycle passphrase ✓", "DP_WRONG": "not the passphrase"]

    static func run(_ arguments: [String]) throws -> DriverPortBinary.Result {
        try DriverPortBinary.run(arguments, environment: environment)
    }

    static func json(_ result: DriverPortBinary.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    }

    /// The Android v19 file exported to `cipher` under DP_PASS, at `folder/name`.
    static func encryptedV19(_ folder: TemporaryDirectory, cipher: String, name: String = "v19.emb") throws -> String {
        let plain = try folder.copy(SharedData.realFile("android-v19-cyrillic.mmb"), as: "plain-v19.mmb")
        let path = folder.path(name)
        let export = try run(["export", plain, "--to", path, "--to-cipher", cipher, "--to-key-env", "DP_PASS"])
        #expect(export.exitCode == 0, "\(export.standardError)")
        return path
    }

    @Test("an encrypted v19 file upgrades to 21 in place under its own key and cipher; its kept backup opens with the key", .needsSharedData,
          arguments: ["sqlcipher4", "aes128"])
    func upgradeEncrypted(_ cipher: String) throws {
        let folder = TemporaryDirectory()
        let path = try Self.encryptedV19(folder, cipher: cipher)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let wrong = try Self.run(["upgrade", path, "--key-env", "DP_WRONG"])
        #expect(wrong.exitCode == 65, "\(wrong.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "a wrong key changes nothing")
        let keyless = try Self.run(["upgrade", path])
        #expect(keyless.exitCode == 65 && keyless.standardError.contains("--key-env"), "\(keyless.standardError)")

        let upgrade = try Self.run(["upgrade", path, "--key-env", "DP_PASS", "--keep-backup", "--json"])
        #expect(upgrade.exitCode == 0, "\(upgrade.standardError)")
        let report = try Self.json(upgrade)
        #expect(report["reachedVersion"] as? Int == 21)
        #expect(report["integrityCheck"] as? String == "ok")
        let backup = try #require(report["backup"] as? String)
        #expect(try Data(contentsOf: URL(fileURLWithPath: backup)) == before, "the backup is the encrypted original")

        let inspect = try Self.json(try Self.run(["inspect", path, "--key-env", "DP_PASS", "--json"]))
        #expect(inspect["cipher"] as? String == cipher)
        #expect(inspect["userVersion"] as? Int == 21)
        let old = try Self.json(try Self.run(["inspect", backup, "--key-env", "DP_PASS", "--json"]))
        #expect(old["userVersion"] as? Int == 19)
        #expect(try Self.run(["inspect", path, "--key-env", "DP_PASS", "--check"]).exitCode == 0)
    }

    @Test("the snapshot of the SQLCipher 4 fixture equals the plain fixture's (same content); the file is unchanged")
    func snapshotEncrypted() throws {
        let folder = TemporaryDirectory()
        let encrypted = try folder.copy(SharedData.repositoryRoot.appendingPathComponent("Fixtures/mmex-200-sqlcipher4.emb"))
        let plain = try folder.copy(SharedData.repositoryRoot.appendingPathComponent("Fixtures/mmex-200.mmb"))
        let before = folderFingerprint(folder.url)
        let environment = ["DP_FIXTURE_KEY": "driverport-fixture-key"]
        let output = TemporaryDirectory()
        let fromEncrypted = try DriverPortBinary.run(
            ["snapshot", encrypted, "--key-env", "DP_FIXTURE_KEY", "--out", output.path("e.json"), "--json"], environment: environment
        )
        #expect(fromEncrypted.exitCode == 0, "\(fromEncrypted.standardError)")
        let fromPlain = try DriverPortBinary.run(["snapshot", plain, "--out", output.path("p.json"), "--json"])
        #expect(fromPlain.exitCode == 0, "\(fromPlain.standardError)")
        let a = try #require(try Self.json(fromEncrypted)["summary"] as? [String: Any])
        let b = try #require(try Self.json(fromPlain)["summary"] as? [String: Any])
        #expect((a["accounts"] as? [[String: Any]])?.count == (b["accounts"] as? [[String: Any]])?.count)
        #expect(NSArray(array: a["accounts"] as? [Any] ?? []) == NSArray(array: b["accounts"] as? [Any] ?? []))
        #expect(folderFingerprint(folder.url) == before, "snapshot only reads the database")
        let keyless = try Self.run(["snapshot", encrypted, "--out", output.path("k.json")])
        #expect(keyless.exitCode == 65, "\(keyless.standardError)")
    }

    @Test("relocate moves an encrypted file with its key (still encrypted, same key); a wrong key moves nothing", .needsSharedData)
    func relocateEncrypted() throws {
        let folder = TemporaryDirectory()
        let legacy = try Self.encryptedV19(folder, cipher: "sqlcipher4", name: "money.emb")
        let container = folder.path("container")
        try FileManager.default.createDirectory(atPath: container, withIntermediateDirectories: true)
        let before = try Data(contentsOf: URL(fileURLWithPath: legacy))
        let wrong = try Self.run(["relocate", "--from", legacy, "--to", container, "--key-env", "DP_WRONG"])
        #expect(wrong.exitCode == 65, "\(wrong.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: legacy)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: container).isEmpty)

        let moved = try Self.run(["relocate", "--from", legacy, "--to", container, "--key-env", "DP_PASS", "--json"])
        #expect(moved.exitCode == 0, "\(moved.standardError)")
        let report = try Self.json(moved)
        #expect(report["path"] as? String == container + "/money.emb")
        #expect(report["moved"] as? Bool == true)
        #expect(!FileManager.default.fileExists(atPath: legacy))
        let inspect = try Self.json(try Self.run(["inspect", container + "/money.emb", "--key-env", "DP_PASS", "--json"]))
        #expect(inspect["cipher"] as? String == "sqlcipher4")
        #expect(inspect["userVersion"] as? Int == 19)
    }

    @Test("the help of upgrade, snapshot and relocate lists the key options", arguments: ["upgrade", "snapshot", "relocate"])
    func helpListsKeys(_ command: String) throws {
        let help = try Self.run([command, "--help"])
        #expect(help.exitCode == 0)
        for option in ["--cipher NAME", "--key-env NAME", "--key-file PATH", "--key-stdin"] {
            #expect(help.standardOutput.contains(option), "\(command) --help lacks \(option)")
        }
    }
}
