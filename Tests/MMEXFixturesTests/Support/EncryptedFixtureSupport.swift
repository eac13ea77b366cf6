import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// A committed encrypted fixture, as `Fixtures/README.md` lists it.
struct CommittedEncryptedFixture: Sendable, CustomTestStringConvertible {
    /// The passphrase of every committed encrypted fixture (public by design, see `Fixtures/README.md`).
    static let passphrase = "driverport-fixture-key"
    /// The environment variable the README's commands read it from.
    static let keyVariable = "DP_FIXTURE_KEY"

    let file: String
    let format: CipherFormat
    /// wxSQLite3's page-1 layout before 3.1 (made by SQLite3 Multiple Ciphers, not by `driverport fixture`).
    let legacyLayout: Bool

    init(_ file: String, _ format: CipherFormat, legacyLayout: Bool = false) {
        self.file = file
        self.format = format
        self.legacyLayout = legacyLayout
    }

    var testDescription: String { file }

    var path: String { SharedData.repositoryRoot.appendingPathComponent("Fixtures/\(file)").path }

    /// The README's `driverport fixture` arguments for a file written to `output`.
    func fixtureArguments(output: String) -> [String] {
        ["fixture", output, "--transactions", "200", "--seed", "1", "--cipher", format.rawValue, "--key-env", Self.keyVariable]
    }

    /// The command as the README's table shows it.
    var readmeCommand: String { "driverport " + fixtureArguments(output: "Fixtures/\(file)").joined(separator: " ") }

    static let all = [
        CommittedEncryptedFixture("mmex-200-sqlcipher4.emb", .sqlcipher4),
        CommittedEncryptedFixture("mmex-200-sqlcipher3.emb", .sqlcipher3),
        CommittedEncryptedFixture("mmex-200-aes128.emb", .aes128),
        CommittedEncryptedFixture("mmex-200-aes128-legacy.emb", .aes128, legacyLayout: true),
        CommittedEncryptedFixture("mmex-200-chacha20.emb", .chacha20),
    ]

    /// The ones `driverport fixture` writes itself.
    static var madeByGenerator: [CommittedEncryptedFixture] { all.filter { !$0.legacyLayout } }

    static var plainPath: String { SharedData.repositoryRoot.appendingPathComponent("Fixtures/mmex-200.mmb").path }
}

/// Opens an encrypted file read-only through the page codec as `format` (one key derivation) and runs `body`.
func withEncrypted<T>(
    _ path: String, as format: CipherFormat, key: CipherKey, _ body: (EngineConnection, AppliedCipher) throws -> T
) throws -> T {
    let connection = try EngineConnection(path: path, options: OpenOptions(access: .readOnly, vfs: PageCodec.vfsName))
    defer { connection.close() }
    let applied = try PageCodec.apply(.format(format), key: key, to: connection)
    return try body(connection, applied)
}

/// A file's bytes.
func fileBytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }
