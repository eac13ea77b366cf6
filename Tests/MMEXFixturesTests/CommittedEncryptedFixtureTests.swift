import Foundation
import MMEXFixtures
import SQLiteCipher
import TestSupport
import Testing

/// The committed encrypted fixtures cannot drift from the generator, and open here as documented.
@Suite("the committed encrypted fixtures")
struct CommittedEncryptedFixtureTests {
    static let readme = (try? String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("Fixtures/README.md"), encoding: .utf8)) ?? ""

    static func key(_ passphrase: String = CommittedEncryptedFixture.passphrase) throws -> CipherKey {
        try CipherKey(passphrase: passphrase)
    }

    @Test("made again with its README command, each fixture holds the committed fixture's rows (AES: its bytes too)",
          arguments: CommittedEncryptedFixture.madeByGenerator)
    func regeneratesToSameRows(_ fixture: CommittedEncryptedFixture) throws {
        #expect(Self.readme.contains("`\(fixture.readmeCommand)`"), "Fixtures/README.md does not list \(fixture.readmeCommand)")
        let folder = TemporaryDirectory("encrypted-fixture")
        let fresh = folder.path(fixture.file)
        let result = try DriverPortBinary.run(
            fixture.fixtureArguments(output: fresh),
            environment: [CommittedEncryptedFixture.keyVariable: CommittedEncryptedFixture.passphrase]
        )
        try #require(result.exitCode == 0, "\(result.standardError)")
        let key = try Self.key()
        let difference = try withEncrypted(fixture.path, as: fixture.format, key: key) { committed, applied in
            #expect(applied.format == fixture.format)
            #expect(!applied.legacyPage1Layout)
            return try withEncrypted(fresh, as: fixture.format, key: key) { regenerated, _ in
                try firstDifference(committed, regenerated)
            }
        }
        #expect(difference == nil, """
            Fixtures/\(fixture.file) drifted from the generator (\(difference ?? "")). If the change is intended, bump \
            FixtureGenerator.contentVersion and remake it with the command in Fixtures/README.md.
            """)
        if fixture.format == .aes128, try plainFixtureReproducesBytes() {
            // AES has no salt and no random IV: the same plain pages and passphrase give the same file.
            #expect(try fileBytes(fresh) == fileBytes(fixture.path))
        }
    }

    @Test("the old-layout AES fixture holds the generator's rows in wxSQLite3's page-1 layout before 3.1, and differs from the current-layout fixture in page 1 only")
    func legacyLayoutFixture() throws {
        let legacy = try #require(CommittedEncryptedFixture.all.first { $0.legacyLayout })
        let generated = try GeneratedFixture(.sample)
        let difference = try withEncrypted(legacy.path, as: .aes128, key: try Self.key()) { connection, applied in
            #expect(applied.legacyPage1Layout)
            return try firstDifference(connection, generated.connection)
        }
        #expect(difference == nil, "Fixtures/\(legacy.file) drifted from the generator: \(difference ?? "")")
        let current = try #require(CommittedEncryptedFixture.all.first { $0.format == .aes128 && !$0.legacyLayout })
        let legacyBytes = try fileBytes(legacy.path)
        let currentBytes = try fileBytes(current.path)
        #expect(legacyBytes.count == currentBytes.count)
        #expect(legacyBytes.prefix(4096) != currentBytes.prefix(4096))
        #expect(legacyBytes.dropFirst(4096) == currentBytes.dropFirst(4096))
    }

    @Test("each fixture opens with inspect --cipher auto and its passphrase, which reports its cipher, page size and the plain fixture's tables; a wrong passphrase is exit 65",
          arguments: CommittedEncryptedFixture.all)
    func inspectWithAutoDetection(_ fixture: CommittedEncryptedFixture) throws {
        let before = try fileBytes(fixture.path)
        let variable = CommittedEncryptedFixture.keyVariable
        let plain = try DriverPortBinary.run(["inspect", CommittedEncryptedFixture.plainPath, "--json"])
        let plainTables = try #require(try Self.json(plain)["tables"] as? [String: Int])

        let result = try DriverPortBinary.run(
            ["inspect", fixture.path, "--cipher", "auto", "--key-env", variable, "--json"],
            environment: [variable: CommittedEncryptedFixture.passphrase]
        )
        #expect(result.exitCode == 0, "\(result.standardError)")
        let report = try Self.json(result)
        #expect(report["cipher"] as? String == fixture.format.rawValue)
        #expect(report["pageSize"] as? Int == fixture.format.defaultPageSize)
        #expect(report["reserveBytes"] as? Int == fixture.format.reservedBytes)
        #expect(report["userVersion"] as? Int == 21)
        #expect(report["tables"] as? [String: Int] == plainTables)

        let wrongPassphrase = "not-the-fixture-key"
        let wrong = try DriverPortBinary.run(
            ["inspect", fixture.path, "--cipher", "auto", "--key-env", variable, "--json"],
            environment: [variable: wrongPassphrase]
        )
        #expect(wrong.exitCode == 65)
        #expect(wrong.standardOutput.isEmpty)
        #expect(wrong.standardError.split(separator: "\n").count == 1)
        #expect(wrong.standardError.contains("wrong key"))
        #expect(!wrong.standardError.contains(wrongPassphrase))
        #expect(try fileBytes(fixture.path) == before)
    }

    /// Whether this SQLite writes the generator's plain fixture byte for byte as the committed `mmex-200.mmb` (true
    /// on the SQLite that made the fixtures). Only then can a deterministic cipher's bytes be compared too.
    func plainFixtureReproducesBytes() throws -> Bool {
        let generated = try GeneratedFixture(.sample)
        return try fileBytes(generated.path) == fileBytes(CommittedEncryptedFixture.plainPath)
    }

    static func json(_ result: DriverPortBinary.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    }
}
