import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// The committed encrypted fixtures (`Fixtures/*.emb`) in the real libraries, with the passphrase
/// `Fixtures/README.md` documents.
@Suite("the committed encrypted fixtures in the real libraries")
struct CommittedFixtureOracleTests {
    /// The documented passphrase of every committed encrypted fixture (public by design).
    static let passphrase = "driverport-fixture-key"

    struct Fixture: Sendable {
        let file: String
        let format: CipherFormat
        let legacyLayout: Bool
    }

    static let fixtures = [
        Fixture(file: "mmex-200-sqlcipher4.emb", format: .sqlcipher4, legacyLayout: false),
        Fixture(file: "mmex-200-sqlcipher3.emb", format: .sqlcipher3, legacyLayout: false),
        Fixture(file: "mmex-200-aes128.emb", format: .aes128, legacyLayout: false),
        Fixture(file: "mmex-200-aes128-legacy.emb", format: .aes128, legacyLayout: true),
        Fixture(file: "mmex-200-chacha20.emb", format: .chacha20, legacyLayout: false),
    ]

    /// The statements of `Fixtures/README.md` that encrypt the plain fixture in the old AES page-1 layout.
    static let legacyStatements = [
        "PRAGMA cipher = 'aes128cbc'", "PRAGMA legacy = 1", "PRAGMA rekey = '\(passphrase)'",
    ]

    static func committed(_ file: String) -> URL { SharedData.repositoryRoot.appendingPathComponent("Fixtures/\(file)") }

    @Test("every committed encrypted fixture opens in SQLite3 Multiple Ciphers (SQLCipher ones in SQLCipher 4 too) with its passphrase, passes quick_check and holds the rows of mmex-200.mmb")
    func openInOracles() throws {
        // The oracles open read-write: they get copies, never the repository's files.
        let folder = TemporaryDirectory("committed-fixtures")
        let plain = try folder.copy(Self.committed("mmex-200.mmb"))
        let tables = try Self.tableNames(plain)
        try #require(tables.count == 25)
        let queries = ["PRAGMA quick_check", "PRAGMA user_version"]
            + tables.map { "SELECT * FROM \(quoteIdentifier($0)) ORDER BY rowid" }
        var sessions = [Oracle.Session(.multipleCiphers, plain, sql: queries)]
        var labels = ["mmex-200.mmb"]
        var openCounts = [0]
        for fixture in Self.fixtures {
            let copy = try folder.copy(Self.committed(fixture.file))
            var libraries: [Oracle.Library] = [.multipleCiphers]
            if fixture.format.isSQLCipher { libraries.append(.sqlcipher) }
            for library in libraries {
                let open = CipherFixtures.oracleOpen(
                    library, fixture.format, key: CipherFixtures.keyStatement(passphrase: Self.passphrase),
                    legacyLayout: fixture.legacyLayout
                )
                sessions.append(Oracle.Session(library, copy, sql: open + queries))
                labels.append("\(fixture.file) in \(library == .sqlcipher ? "SQLCipher 4" : "SQLite3MC")")
                openCounts.append(open.count)
            }
        }
        let outcomes = try Oracle.run(sessions)
        try #require(outcomes.count == sessions.count)
        let expected = outcomes[0]
        try #require(expected.allSatisfy { $0.errorMessage == nil }, "\(expected.compactMap(\.errorMessage))")
        for index in 1..<sessions.count {
            let results = Array(outcomes[index].dropFirst(openCounts[index]))
            let errors = outcomes[index].compactMap(\.errorMessage)
            #expect(errors.isEmpty, "\(labels[index]): \(errors)")
            guard errors.isEmpty, results.count == queries.count else { continue }
            #expect(results[0].rows == [[.text("ok")]], "\(labels[index]): quick_check")
            #expect(results[1].rows == [[.integer(21)]], "\(labels[index]): user_version")
            for (offset, table) in tables.enumerated() {
                let difference = rowDifference(results[offset + 2].rows, expected[offset + 2].rows)
                #expect(difference.isEmpty, "\(labels[index]), \(table): \(difference)")
            }
        }
    }

    @Test("the old-layout AES fixture is what SQLite3 Multiple Ciphers makes of the generator's plain file with the README's statements")
    func legacyLayoutRegenerates() throws {
        let readme = try String(contentsOf: Self.committed("README.md"), encoding: .utf8)
        let documented = "\"statements\": [" + Self.legacyStatements.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        #expect(readme.contains(documented), "Fixtures/README.md does not show \(documented)")
        let legacy = try #require(Self.fixtures.first { $0.legacyLayout })
        let folder = TemporaryDirectory("legacy-fixture")
        let fresh = folder.path(legacy.file)
        let generated = try DriverPortBinary.run(["fixture", fresh, "--transactions", "200", "--seed", "1"])
        try #require(generated.exitCode == 0, "\(generated.standardError)")
        // Only when this SQLite writes the plain fixture byte for byte as the committed one can the bytes match.
        let plainReproduces = try FileBytes.read(fresh) == FileBytes.read(Self.committed("mmex-200.mmb").path)
        try Oracle.expectSuccess(Oracle.Session(.multipleCiphers, fresh, sql: Self.legacyStatements))

        let key = try CipherFixtures.key(Self.passphrase)
        let (regenerated, applied) = try CipherFixtures.open(fresh, choice: .format(.aes128), key: key, access: .readOnly)
        defer { regenerated.close() }
        let (committed, _) = try CipherFixtures.open(
            Self.committed(legacy.file).path, choice: .format(.aes128), key: key, access: .readOnly
        )
        defer { committed.close() }
        #expect(applied.legacyPage1Layout)
        for table in try Self.tableNames(Self.committed("mmex-200.mmb").path) {
            let sql = "SELECT * FROM \(quoteIdentifier(table)) ORDER BY rowid"
            let difference = rowDifference(try regenerated.rows(sql), try committed.rows(sql))
            #expect(difference.isEmpty, "\(table): \(difference)")
        }
        if plainReproduces {
            #expect(try FileBytes.read(fresh) == FileBytes.read(Self.committed(legacy.file).path))
        }
    }

    /// The tables of a plain database, by name.
    static func tableNames(_ path: String) throws -> [String] {
        let connection = try EngineConnection(path: path, options: OpenOptions(access: .readOnly))
        defer { connection.close() }
        return try connection.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap {
            if case .text(let name)? = $0.first { return name }
            return nil
        }
    }
}
