import Foundation
import TestSupport
import Testing

/// How many keys a command derives from a passphrase (the process reports it to stderr with
/// `DRIVERPORT_REPORT_KEY_DERIVATIONS=1`): once per file, however often the command opens it.
@Suite("key derivations per command")
struct KeyDerivationCountTests {
    static let environment = ["DP_PASS": "derive-once passphrase", "DRIVERPORT_REPORT_KEY_DERIVATIONS": "1"]

    static func run(_ arguments: [String], extra: [String: String] = [:]) throws -> DriverPortBinary.Result {
        try DriverPortBinary.run(arguments, environment: environment.merging(extra) { _, new in new })
    }

    /// The count the process reported on stderr.
    static func derivations(_ result: DriverPortBinary.Result) throws -> Int {
        let line = try #require(result.standardError.split(separator: "\n").first { $0.contains("key derivations: ") })
        let text = try #require(line.split(separator: "key derivations: ").last?.split(separator: ",").first)
        return try #require(Int(text))
    }

    static func v4File(_ folder: TemporaryDirectory) throws -> String {
        let path = folder.path("v4.emb")
        let created = try run(["create", path, "--sample", "--cipher", "sqlcipher4", "--key-env", "DP_PASS"])
        #expect(created.exitCode == 0, "\(created.standardError)")
        return path
    }

    @Test("inspect of an SQLCipher 4 file derives its key once; with the cache off it derives it more than once")
    func inspectDerivesOnce() throws {
        let folder = TemporaryDirectory()
        let path = try Self.v4File(folder)
        let inspect = try Self.run(["inspect", path, "--key-env", "DP_PASS", "--json"])
        #expect(inspect.exitCode == 0, "\(inspect.standardError)")
        #expect(try Self.derivations(inspect) == 1)
        let uncached = try Self.run(["inspect", path, "--key-env", "DP_PASS", "--json"], extra: ["DRIVERPORT_KEY_CACHE": "off"])
        #expect(uncached.exitCode == 0, "\(uncached.standardError)")
        #expect(try Self.derivations(uncached) > 1, "without the cache the probe and the open each derive")
    }

    @Test("a diff opens the file for every session of every scenario and derives its key once; with the cache off, at every open")
    func diffDerivesOnce() throws {
        let folder = TemporaryDirectory()
        let path = try Self.v4File(folder)
        let words = ["diff", path, "--key-env", "DP_PASS", "--slices", "infotable", "--operations", "3"]
        let diff = try Self.run(words)
        #expect(diff.exitCode == 0, "\(diff.standardError)")
        #expect(try Self.derivations(diff) == 1)
        // The sessions' keys (a DatabaseKey each) carry the run's setting too.
        let uncached = try Self.run(words, extra: ["DRIVERPORT_KEY_CACHE": "off"])
        #expect(uncached.exitCode == 0, "\(uncached.standardError)")
        #expect(try Self.derivations(uncached) > 2, "every session's open derives")
    }

    @Test("a diff with auto detection on an SQLCipher 3 file runs SQLCipher 4's failed derivation once, not per open")
    func diffOnSQLCipher3SkipsFailedFormats() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("v3.emb")
        let created = try Self.run(["create", path, "--sample", "--cipher", "sqlcipher3", "--key-env", "DP_PASS"])
        #expect(created.exitCode == 0, "\(created.standardError)")
        let diff = try Self.run(["diff", path, "--key-env", "DP_PASS", "--slices", "infotable", "--operations", "3"])
        #expect(diff.exitCode == 0, "\(diff.standardError)")
        #expect(try Self.derivations(diff) == 2, "SQLCipher 4's (failed) and SQLCipher 3's, once each")
    }

    @Test("a diff with auto detection on the legacy-layout AES-128 fixture runs SQLCipher 4's failed derivation once")
    func diffOnLegacyAES128SkipsFailedFormats() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("legacy.emb")
        let fixture = SharedData.repositoryRoot.appendingPathComponent("Fixtures/mmex-200-aes128-legacy.emb").path
        try FileManager.default.copyItem(atPath: fixture, toPath: path)
        let diff = try Self.run(
            ["diff", path, "--key-env", "DP_FIXTURE_KEY", "--slices", "infotable", "--operations", "3"],
            extra: ["DP_FIXTURE_KEY": "driverport-fixture-key"]
        )
        #expect(diff.exitCode == 0, "\(diff.standardError)")
        #expect(try Self.derivations(diff) == 1, "SQLCipher 4's failed derivation; wxSQLite3 AES-128 keys are not PBKDF2")
    }

    @Test("an export to a new SQLCipher 4 file derives the source's key and the new file's key once each")
    func exportDerivesEachKeyOnce() throws {
        let folder = TemporaryDirectory()
        let path = try Self.v4File(folder)
        let export = try Self.run([
            "export", path, "--to", folder.path("copy.emb"), "--key-env", "DP_PASS", "--to-cipher", "sqlcipher4",
            "--to-key-env", "DP_PASS",
        ])
        #expect(export.exitCode == 0, "\(export.standardError)")
        #expect(try Self.derivations(export) == 2, "the verification reopens the copy with the cached key")
    }

    @Test("a wrong passphrase is still refused (exit 65) by a process that holds the cache")
    func wrongPassphraseRefused() throws {
        let folder = TemporaryDirectory()
        let path = try Self.v4File(folder)
        let wrong = try Self.run(["inspect", path, "--key-env", "DP_WRONG"], extra: ["DP_WRONG": "not the passphrase"])
        #expect(wrong.exitCode == 65, "\(wrong.standardError)")
        #expect(!wrong.standardError.contains("not the passphrase"))
    }

    @Test("DRIVERPORT_REPORT_PEAK_MEMORY=1 makes the process report its own peak resident memory as it ends")
    func peakMemoryLine() throws {
        let result = try DriverPortBinary.run(["--help"], environment: ["DRIVERPORT_REPORT_PEAK_MEMORY": "1"])
        #expect(result.exitCode == 0)
        let line = try #require(result.standardError.split(separator: "\n").first { $0.contains("peak resident memory: ") })
        let bytes = try #require(Int(line.split(separator: "memory: ").last?.split(separator: " ").first ?? ""))
        #expect(bytes > 1 << 20 && bytes < 256 << 20, "its own VmHWM, not the test process's: \(bytes)")
        let quiet = try DriverPortBinary.run(["--help"], environment: [:])
        #expect(!quiet.standardError.contains("peak resident memory"))
    }
}
