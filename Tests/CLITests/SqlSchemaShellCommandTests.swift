import Foundation
import TestSupport
import Testing

/// `driverport sql`, `schema` and `shell` on the committed fixtures (key `driverport-fixture-key`, public by design).
@Suite("sql, schema and shell")
struct SqlSchemaShellCommandTests {
    static let keyEnvironment = ["DP_TEST_FIXTURE_KEY": "driverport-fixture-key"]
    static let keyOptions = ["--key-env", "DP_TEST_FIXTURE_KEY"]
    static func fixture(_ name: String) -> URL { SharedData.repositoryRoot.appendingPathComponent("Fixtures/\(name)") }
    static func contents(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test("sql reads the SQLCipher 4 fixture with the same rows as the plain one, in CSV and JSON")
    func sqlReadsEncryptedFixture() throws {
        let query = "SELECT TRANSID, TRANSAMOUNT, NOTES FROM CHECKINGACCOUNT_V1 ORDER BY TRANSID"
        let plain = try DriverPortBinary.run(["sql", Self.fixture("mmex-200.mmb").path, query, "--csv"])
        #expect(plain.exitCode == 0, "\(plain.standardError)")
        let encrypted = try DriverPortBinary.run(
            ["sql", Self.fixture("mmex-200-sqlcipher4.emb").path, query, "--csv"] + Self.keyOptions,
            environment: Self.keyEnvironment)
        #expect(encrypted.exitCode == 0, "\(encrypted.standardError)")
        #expect(encrypted.standardOutput == plain.standardOutput)
        #expect(plain.standardOutput.split(separator: "\r\n").count == 201)
        let json = try DriverPortBinary.run(
            ["sql", Self.fixture("mmex-200-sqlcipher4.emb").path, "SELECT count(*) AS n FROM CHECKINGACCOUNT_V1",
             "--json"] + Self.keyOptions, environment: Self.keyEnvironment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(object.first?["columns"] as? [String] == ["n"])
        #expect(object.first?["rows"] as? [[Int]] == [[200]])
    }

    @Test("sql without --write refuses a statement that writes, and the file is unchanged")
    func sqlRefusesWritesWithoutFlag() throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(Self.fixture("mmex-200-sqlcipher4.emb"))
        let before = try Self.contents(path)
        let result = try DriverPortBinary.run(
            ["sql", path, "DELETE FROM CHECKINGACCOUNT_V1"] + Self.keyOptions, environment: Self.keyEnvironment)
        #expect(result.exitCode == 64)
        #expect(result.standardError.contains("--write"))
        #expect(try Self.contents(path) == before)
    }

    @Test("sql --write commits under the file's own cipher; a statement error rolls everything back with exit 65")
    func sqlWriteIsOneTransaction() throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(Self.fixture("mmex-200-sqlcipher4.emb"))
        let written = try DriverPortBinary.run(
            ["sql", path, "DELETE FROM CHECKINGACCOUNT_V1 WHERE TRANSID IN (SELECT TRANSID FROM CHECKINGACCOUNT_V1 "
                + "ORDER BY TRANSID LIMIT 50)", "--write"] + Self.keyOptions,
            environment: Self.keyEnvironment)
        #expect(written.exitCode == 0, "\(written.standardError)")
        let count = "SELECT count(*) FROM CHECKINGACCOUNT_V1"
        let inspect = try DriverPortBinary.run(
            ["sql", path, count, "--csv", "--cipher", "sqlcipher4"] + Self.keyOptions, environment: Self.keyEnvironment)
        #expect(inspect.standardOutput.contains("\r\n150\r\n"), "\(inspect.standardOutput)")
        let before = try Self.contents(path)
        let failed = try DriverPortBinary.run(
            ["sql", path, "DELETE FROM CHECKINGACCOUNT_V1; SELECT * FROM NO_SUCH_TABLE", "--write"] + Self.keyOptions,
            environment: Self.keyEnvironment)
        #expect(failed.exitCode == 65)
        #expect(failed.standardError.split(separator: "\n").count == 1, "\(failed.standardError)")
        #expect(failed.standardError.contains("NO_SUCH_TABLE"))
        #expect(try Self.contents(path) == before)
    }

    @Test("sql --write is refused on a file that cannot be written")
    func sqlWriteRefusedOnReadOnlyFile() throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(Self.fixture("mmex-200.mmb"))
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: path)
        let before = try Self.contents(path)
        let result = try DriverPortBinary.run(["sql", path, "DELETE FROM CHECKINGACCOUNT_V1", "--write"])
        #expect(result.exitCode == 77 || getuid() == 0, "\(result.standardError)")
        if getuid() != 0 { #expect(try Self.contents(path) == before) }
    }

    @Test("schema prints the same CREATE statements for the encrypted fixture as the shell's .schema on the plain one")
    func schemaMatchesShell() throws {
        let plain = Self.fixture("mmex-200.mmb").path
        let shell = try DriverPortBinary.run(
            ["-batch", "-readonly", plain, ".schema --nosys"], executable: URL(fileURLWithPath: "/usr/bin/sqlite3"))
        #expect(shell.exitCode == 0, "\(shell.standardError)")
        let schema = try DriverPortBinary.run(
            ["schema", Self.fixture("mmex-200-sqlcipher4.emb").path] + Self.keyOptions, environment: Self.keyEnvironment)
        #expect(schema.exitCode == 0, "\(schema.standardError)")
        #expect(schema.standardOutput.contains("CREATE TABLE CHECKINGACCOUNT_V1"))
        #expect(schema.standardOutput == shell.standardOutput)
    }

    @Test("shell runs the sqlite3 shell keyed, with no passphrase in its environment or arguments")
    func shellIsKeyedWithoutLeakingThePassphrase() throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(Self.fixture("mmex-200-sqlcipher4.emb"))
        let before = try Self.contents(path)
        let result = try DriverPortBinary.run(
            ["shell", path] + Self.keyOptions, environment: Self.keyEnvironment,
            input: Data("SELECT count(*) FROM CHECKINGACCOUNT_V1;\n.system env; cat /proc/$PPID/cmdline\n".utf8))
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("200\n"), "\(result.standardOutput)")
        // Other suites of this test process set variables holding the same fixture passphrase, which every child
        // inherits; those lines are theirs. Anything else holding it (the key option's variable, which `shell`
        // removes, an argument, a variable `shell` would add) is a leak.
        let inherited = ProcessInfo.processInfo.environment.filter { $0.value.contains("driverport-fixture-key") }.keys
            .filter { !Self.keyEnvironment.keys.contains($0) }
        let output = result.standardOutput.split(separator: "\n").filter { line in
            !inherited.contains { line.hasPrefix("\($0)=") }
        }
        #expect(!output.contains { $0.contains("driverport-fixture-key") }, "\(output)")
        #expect(!output.contains { $0.hasPrefix("DP_TEST_FIXTURE_KEY=") })
        #expect(!result.standardError.contains("driverport-fixture-key"))
        #expect(result.standardOutput.contains("/usr/bin/sqlite3"), "the cmdline check did not run")
        #expect(try Self.contents(path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).count == 1)
    }
}
