import DriverPortCLI
import Foundation
import TestSupport

/// Runs `driverport record` and `verify` in process, as the `driverport` process runs them (the derived-key cache
/// held for the whole command, so an encrypted file's key is derived once per command).
enum TranscriptCLI {
    /// The committed fixtures' public passphrase (Fixtures/README.md), in the variable the commands read.
    static let keyVariable = "DP_TRANSCRIPT_TEST_KEY"

    static func run(_ words: [String]) -> (code: ExitCode, out: String, err: String) {
        setenv(keyVariable, "driverport-fixture-key", 1)
        let console = Console.capturing()
        let code = DriverPortMain.runProcess(words, console: console, environment: [:])
        return (code, console.standardOutput, console.standardError)
    }

    /// The key options for a file: the fixture key and the fixture's cipher for `.emb` files (named, so each open
    /// derives the key once: `auto` tries SQLCipher 4's key derivation first on every open), none for plain ones.
    static func keyOptions(for path: String) -> [String] {
        guard path.hasSuffix(".emb") else { return [] }
        let name = URL(fileURLWithPath: path).lastPathComponent
        let cipher = ["sqlcipher4", "sqlcipher3", "chacha20", "aes128"].first { name.contains("-\($0)") } ?? "auto"
        return ["--key-env", keyVariable, "--cipher", cipher]
    }

    /// Every committed fixture (Fixtures/*.mmb and *.emb).
    static var committedFixtures: [String] {
        let folder = SharedData.repositoryRoot.appendingPathComponent("Fixtures")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".mmb") || $0.hasSuffix(".emb") }.sorted()
    }

    static func fixture(_ name: String) -> String {
        SharedData.repositoryRoot.appendingPathComponent("Fixtures/\(name)").path
    }
}
