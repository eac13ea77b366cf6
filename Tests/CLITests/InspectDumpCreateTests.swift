import DriverPortCLI
import Foundation
import TestSupport
import Testing

@Suite("inspect, dump and create")
struct InspectDumpCreateTests {
    @Test("create makes an MMEX v21 file that inspect --json describes with the documented keys")
    func createThenInspect() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("new.mmb")
        let created = try DriverPortBinary.run(["create", path, "--sample"])
        #expect(created.exitCode == 0, "\(created.standardError)")
        let result = try DriverPortBinary.run(["inspect", path, "--json"])
        #expect(result.exitCode == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        for key in ["engine", "sqliteVersion", "pageSize", "reserveBytes", "journalMode", "userVersion", "tables", "schema", "cipher"] {
            #expect(json[key] != nil, "missing key \(key)")
        }
        #expect(json["userVersion"] as? Int == 21)
        #expect(json["engine"] as? String == "system")
        let tables = try #require(json["tables"] as? [String: Int])
        #expect(tables.count == 25)
        // The 168 default currencies, plus the one the sample data set adds (a user-defined crypto currency).
        #expect(tables["CURRENCYFORMATS_V1"] == 169)
        #expect((tables["CHECKINGACCOUNT_V1"] ?? 0) > 0)
        let schema = try #require(json["schema"] as? [String: [String]])
        #expect(schema["missingTables"] == [])
        #expect(schema["extraColumns"] == [])
    }

    @Test("create refuses to overwrite an existing file")
    func createRefusesOverwrite() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("keep.mmb")
        try Data("precious".utf8).write(to: URL(fileURLWithPath: path))
        let result = try DriverPortBinary.run(["create", path])
        #expect(result.exitCode == 73)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("precious".utf8))
    }

    @Test("inspect with the sqlcipher engine reports SQLite 3.15 on the same file")
    func inspectWithSQLCipherEngine() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("new.mmb")
        _ = try DriverPortBinary.run(["create", path])
        let result = try DriverPortBinary.run(["inspect", path, "--engine", "sqlcipher", "--json"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(json["engine"] as? String == "sqlcipher")
        #expect((json["sqliteVersion"] as? String)?.hasPrefix("3.15.") == true)
    }

    @Test("dump --json has columns and rows, with numbers, strings, null and hex blobs")
    func dumpJSONShape() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("d.db")
        let connection = try SQLiteEngineFixture.plain(at: path, sql: """
            CREATE TABLE t(i INTEGER, r REAL, s TEXT, b BLOB, n);
            INSERT INTO t VALUES (42, 0.5, 'Café', x'00ff', NULL);
            """)
        connection.close()
        let result = try DriverPortBinary.run(["dump", path, "--json"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let table = try #require((json["tables"] as? [String: Any])?["t"] as? [String: Any])
        #expect(table["columns"] as? [String] == ["i", "r", "s", "b", "n"])
        let row = try #require((table["rows"] as? [[Any]])?.first)
        #expect(row[0] as? Int == 42)
        #expect(row[1] as? Double == 0.5)
        #expect(row[2] as? String == "Café")
        #expect((row[3] as? [String: String])?["hex"] == "00ff")
        #expect(row[4] is NSNull)
    }

    @Test("inspect and dump leave a WAL-mode real file and its folder byte for byte unchanged", .needsSharedData)
    func readOnlyCommandsChangeNothing() throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(SharedData.realFile("desktop-1.9.2-wal-sample.mmb"))
        let before = folderFingerprint(folder.url)
        #expect(try DriverPortBinary.run(["inspect", path]).exitCode == 0)
        #expect(try DriverPortBinary.run(["dump", path, "--json"]).exitCode == 0)
        #expect(folderFingerprint(folder.url) == before)
    }
}
