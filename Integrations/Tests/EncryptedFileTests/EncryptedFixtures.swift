import Foundation
import SQLiteCipher
import Testing

/// The committed encrypted MMEX fixtures (their passphrase is public by design: Fixtures/README.md), copied into a
/// private folder for each test, and the SQLite3 Multiple Ciphers oracle that reads what the real libraries wrote.
enum EncryptedFixtures {
    /// The repository's root (this file is in Integrations/Tests/EncryptedFileTests/).
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let passphrase = "driverport-fixture-key"

    /// One committed fixture and the pragmas SQLite3 Multiple Ciphers takes to open it (mmex-ios's own settings).
    struct Fixture: Sendable, CustomTestStringConvertible {
        let file: String
        /// `PRAGMA cipher`'s value, in SQLite3 Multiple Ciphers' names.
        let cipher: String
        /// `PRAGMA legacy`'s value, or nil.
        let legacy: Int?
        var testDescription: String { file }

        /// The statements that key a connection, before its first read.
        func keyStatements(passphrase: String = EncryptedFixtures.passphrase) -> [String] {
            ["PRAGMA cipher = '\(cipher)'"] + (legacy.map { ["PRAGMA legacy = \($0)"] } ?? [])
                + ["PRAGMA key = " + KeyPragmas.quoted(passphrase)]
        }
    }

    static let sqlcipher4 = Fixture(file: "mmex-200-sqlcipher4.emb", cipher: "sqlcipher", legacy: 4)
    static let aes128 = Fixture(file: "mmex-200-aes128.emb", cipher: "aes128cbc", legacy: nil)
    static let all = [sqlcipher4, aes128]

    /// The plain fixture holding the same rows.
    static var plain: String { repository.appendingPathComponent("Fixtures/mmex-200.mmb").path }

    /// A private copy of `fixture` in `folder`.
    static func copy(_ fixture: Fixture, into folder: URL) throws -> String {
        let target = folder.appendingPathComponent(fixture.file).path
        try FileManager.default.copyItem(atPath: repository.appendingPathComponent("Fixtures/\(fixture.file)").path, toPath: target)
        return target
    }

    /// The oracle's Python (the venv `make test` makes; `DRIVERPORT_ORACLE_PYTHON` overrides it).
    static var oraclePython: String {
        ProcessInfo.processInfo.environment["DRIVERPORT_ORACLE_PYTHON"]
            ?? repository.appendingPathComponent(".build/oracle-venv/bin/python").path
    }

    /// Whether the oracle can run here; under `CI=true` its absence fails the tests instead of skipping them.
    static var oracleIsAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: oraclePython)
            || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// Runs `statements` through SQLite3 Multiple Ciphers (apsw-sqlite3mc) on `path`, keyed as `fixture` is; returns
    /// each statement's rows as text (or the error). The passphrase travels on the oracle's stdin, never its argv.
    static func oracle(
        _ fixture: Fixture, path: String, passphrase: String = EncryptedFixtures.passphrase, _ statements: [String]
    ) throws -> [[[String]]] {
        let keying = fixture.keyStatements(passphrase: passphrase)
        let request: [String: Any] = [
            "sessions": [["lib": "mc", "path": path, "statements": keying + statements]],
        ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: oraclePython)
        process.arguments = [repository.appendingPathComponent("Tests/SQLiteCipherTests/Oracles/oracle.py").path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: request))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let reply = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let sessions = reply["sessions"] as? [[Any]], let results = sessions.first
        else { throw OracleFailure(output: String(decoding: data, as: UTF8.self)) }
        // Drop the key statements' results; render each value as text.
        return results.dropFirst(keying.count).map { result in
            if let error = (result as? [String: Any])?["error"] { return [["error: \(error)"]] }
            return ((result as? [[Any]]) ?? []).map { row in row.map(render) }
        }
    }

    private static func render(_ value: Any) -> String {
        // {"i": 1}, {"t": "ok"}, {"r": "1.5"}, {"b": "hex"}: the value's text; null is NULL.
        guard let typed = value as? [String: Any], let inner = typed.values.first else { return "NULL" }
        return "\(inner)"
    }

    struct OracleFailure: Error, CustomStringConvertible {
        let output: String
        var description: String { "the oracle failed: \(output)" }
    }

    /// Has SQLite3 Multiple Ciphers open `path` with the fixture's key and expects exactly one payee named `payee`
    /// and a clean `quick_check`: what a real library wrote is readable by the library that defines the format.
    static func expectOracleReads(
        payee: String, in path: String, _ fixture: Fixture, passphrase: String = EncryptedFixtures.passphrase
    ) throws {
        let read = try oracle(fixture, path: path, passphrase: passphrase, [
            "SELECT count(*) FROM PAYEE_V1 WHERE PAYEENAME = '\(payee)'", "PRAGMA quick_check",
        ])
        #expect(read == [[["1"]], [["ok"]]], "\(fixture.file): \(read)")
    }

    /// The file's bytes, to show a refused open changed nothing.
    static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }
}

/// A private folder removed at the end of the test.
final class PrivateFolder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("encrypted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
    deinit { try? FileManager.default.removeItem(at: url) }
}
