import DriverPortCLI
import Foundation
import TestSupport
import Testing

@Suite("upgrade and snapshot commands")
struct UpgradeSnapshotCommandTests {
    @Test("upgrade and snapshot are registered, and their help starts with the usage line", arguments: ["upgrade", "snapshot"])
    func helpText(command: String) throws {
        #expect(DriverPortMain.commands.contains { $0.name == command })
        let result = try DriverPortBinary.run([command, "--help"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.hasPrefix("Usage: driverport \(command)"))
    }

    @Test("upgrade of a missing file exits 66 with one line on stderr")
    func missingFile() throws {
        let folder = TemporaryDirectory()
        let result = try DriverPortBinary.run(["upgrade", folder.path("nope.mmb")])
        #expect(result.exitCode == 66)
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test("upgrade brings a copy of the Android v19 file to 21, and inspect --check then finds it clean", .needsSharedData)
    func upgradeThenInspect() throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(SharedData.realFile("android-v19-cyrillic.mmb"), as: "a.mmb")
        let result = try DriverPortBinary.run(["upgrade", path, "--json"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(json["reachedVersion"] as? Int == 21)
        #expect(json["integrityCheck"] as? String == "ok")
        #expect(json["backupKept"] as? Bool == false)
        let inspect = try DriverPortBinary.run(["inspect", path, "--check"])
        #expect(inspect.exitCode == 0, "\(inspect.standardOutput)")
    }

    @Test("snapshot writes the summary next to the database without changing the database")
    func snapshotWritesNextToDatabase() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("s.mmb")
        #expect(try DriverPortBinary.run(["create", path, "--sample"]).exitCode == 0)
        let database = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try DriverPortBinary.run(["snapshot", path, "--json"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(json["path"] as? String == path + ".snapshot.json")
        let written = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path + ".snapshot.json")))
        let summary = try #require(written as? [String: Any])
        #expect(summary["format"] as? Int == 1)
        let accounts = try #require(summary["accounts"] as? [[String: Any]])
        #expect(!accounts.isEmpty)
        #expect(accounts.allSatisfy { $0["balance"] is String })
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == database)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(files == ["s.mmb", "s.mmb.snapshot.json"])

        let other = folder.path("elsewhere.json")
        let text = try DriverPortBinary.run(["snapshot", path, "--out", other])
        #expect(text.exitCode == 0)
        #expect(text.standardOutput.hasPrefix("wrote \(other):"))
        #expect(FileManager.default.fileExists(atPath: other))
    }
}
