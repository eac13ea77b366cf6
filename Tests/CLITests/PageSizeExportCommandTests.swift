import Foundation
import TestSupport
import Testing

/// `export --page-size N` on the command line.
@Suite("export --page-size")
struct PageSizeExportCommandTests {
    static let environment = ["DP_PASS": "page size passphrase"]

    static func run(_ arguments: [String]) throws -> DriverPortBinary.Result {
        try DriverPortBinary.run(arguments, environment: environment)
    }

    @Test("a page size out of range or not a power of two is a usage error (64) and nothing is written",
          arguments: ["256", "3000", "131072", "0", "-4096", "4k"])
    func refused(_ size: String) throws {
        let folder = TemporaryDirectory()
        let source = folder.path("source.mmb")
        #expect(try Self.run(["create", source]).exitCode == 0)
        let before = folderFingerprint(folder.url)
        let result = try Self.run([
            "export", source, "--to", folder.path("out.emb"), "--to-key-env", "DP_PASS", "--page-size", size,
        ])
        #expect(result.exitCode == 64, "\(result.standardError)")
        #expect(result.standardError.contains("--page-size"))
        #expect(folderFingerprint(folder.url) == before)
    }

    @Test("an encrypted file exports with another page size, encrypted and plain; inspect reads the new size")
    func resized() throws {
        let folder = TemporaryDirectory()
        let source = folder.path("source.emb")
        #expect(try Self.run(["create", source, "--sample", "--cipher", "sqlcipher4", "--key-env", "DP_PASS"]).exitCode == 0)
        let encrypted = folder.path("big-pages.emb")
        let first = try Self.run([
            "export", source, "--to", encrypted, "--key-env", "DP_PASS", "--to-key-env", "DP_PASS", "--page-size", "16384",
            "--json",
        ])
        #expect(first.exitCode == 0, "\(first.standardError)")
        let inspect = try Self.run(["inspect", encrypted, "--key-env", "DP_PASS", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(inspect.standardOutput.utf8)) as? [String: Any])
        #expect(report["pageSize"] as? Int == 16384)
        #expect(report["cipher"] as? String == "sqlcipher4")
        let plain = folder.path("plain.mmb")
        let second = try Self.run(["export", encrypted, "--to", plain, "--key-env", "DP_PASS", "--page-size", "1024"])
        #expect(second.exitCode == 0, "\(second.standardError)")
        let plainReport = try #require(try JSONSerialization.jsonObject(
            with: Data(try Self.run(["inspect", plain, "--json"]).standardOutput.utf8)) as? [String: Any])
        #expect(plainReport["pageSize"] as? Int == 1024)
        #expect(plainReport["cipher"] as? String == "none")
    }
}
