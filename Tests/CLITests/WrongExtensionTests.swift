import Foundation
import TestSupport
import Testing

/// A file is opened by what it holds, never by its name: MMEX Android saves encrypted files as `.mmb`, and a plain
/// file can be named `.emb`.
@Suite("files with the other extension")
struct WrongExtensionTests {
    static let environment = ["DP_PASS": "extension-blind passphrase"]

    static func run(_ arguments: [String]) throws -> DriverPortBinary.Result {
        try DriverPortBinary.run(arguments, environment: environment)
    }

    static func json(_ result: DriverPortBinary.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    }

    @Test("an encrypted file named .mmb is inspected, dumped, exported and diffed through every session with its key",
          arguments: ["sqlcipher4", "aes128"])
    func encryptedNamedMMB(_ cipher: String) throws {
        let folder = TemporaryDirectory()
        let path = folder.path("android.mmb")
        let created = try Self.run(["create", path, "--sample", "--cipher", cipher, "--key-env", "DP_PASS"])
        #expect(created.exitCode == 0, "\(created.standardError)")
        let header = try #require(FileManager.default.contents(atPath: path)).prefix(16)
        #expect(header != Data("SQLite format 3\0".utf8), "the file is encrypted")

        let inspect = try Self.run(["inspect", path, "--key-env", "DP_PASS", "--json"])
        #expect(inspect.exitCode == 0, "\(inspect.standardError)")
        #expect(try Self.json(inspect)["cipher"] as? String == cipher)
        let keyless = try Self.run(["inspect", path, "--json"])
        #expect(keyless.exitCode == 65, "an encrypted .mmb needs its key: \(keyless.standardError)")

        let dump = try Self.run(["dump", path, "--table", "ACCOUNTLIST_V1", "--key-env", "DP_PASS"])
        #expect(dump.exitCode == 0, "\(dump.standardError)")
        #expect(!dump.standardOutput.isEmpty)

        let plain = folder.path("plain-copy.emb")
        let export = try Self.run(["export", path, "--to", plain, "--key-env", "DP_PASS", "--json"])
        #expect(export.exitCode == 0, "\(export.standardError)")
        #expect(try Self.json(try Self.run(["inspect", plain, "--json"]))["cipher"] as? String == "none")

        if cipher == "sqlcipher4" {
            let diff = try Self.run(["diff", path, "--key-env", "DP_PASS", "--slices", "infotable", "--operations", "2"])
            #expect(diff.exitCode == 0, "legacy, queue and pool sessions open it: \(diff.standardError)")
        }
    }

    @Test("a plain file named .emb opens without a key everywhere, and a key given for it is not needed")
    func plainNamedEMB() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("plain.emb")
        #expect(try Self.run(["create", path, "--sample"]).exitCode == 0)
        #expect(try #require(FileManager.default.contents(atPath: path)).prefix(16) == Data("SQLite format 3\0".utf8))

        let inspect = try Self.run(["inspect", path, "--json"])
        #expect(inspect.exitCode == 0, "\(inspect.standardError)")
        #expect(try Self.json(inspect)["cipher"] as? String == "none")
        let withKey = try Self.run(["inspect", path, "--key-env", "DP_PASS", "--json"])
        #expect(withKey.exitCode == 0, "\(withKey.standardError)")
        #expect(try Self.json(withKey)["cipher"] as? String == "none")
        #expect(try Self.run(["dump", path, "--table", "ACCOUNTLIST_V1"]).exitCode == 0)
        let snapshot = try Self.run(["snapshot", path, "--out", folder.path("s.json")])
        #expect(snapshot.exitCode == 0, "\(snapshot.standardError)")
        let diff = try Self.run(["diff", path, "--slices", "infotable", "--operations", "2"])
        #expect(diff.exitCode == 0, "\(diff.standardError)")
    }
}
