import Foundation
import TestSupport
import Testing

@Suite("driverport fixture")
struct FixtureCommandTests {
    @Test("--help describes the command and starts with its usage line")
    func help() throws {
        let result = try DriverPortBinary.run(["fixture", "--help"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.hasPrefix("Usage: driverport fixture OUT --transactions N"))
    }

    @Test("a missing or malformed size or seed is a usage error (64) that writes nothing")
    func usageErrors() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("f.mmb")
        for arguments in [["fixture", path], ["fixture", path, "--transactions", "-5"],
                          ["fixture", path, "--transactions", "many"], ["fixture", path, "--transactions", "10", "--seed", "-1"],
                          ["fixture", "--transactions", "10"]] {
            let result = try DriverPortBinary.run(arguments)
            #expect(result.exitCode == 64, "\(arguments)")
            #expect(result.standardError.split(separator: "\n").count == 1)
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test("it refuses to overwrite an existing file (73) and leaves it as it was")
    func refusesOverwrite() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("keep.mmb")
        try Data("precious".utf8).write(to: URL(fileURLWithPath: path))
        let result = try DriverPortBinary.run(["fixture", path, "--transactions", "10"])
        #expect(result.exitCode == 73)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("precious".utf8))
    }

    @Test("a folder that does not exist cannot be created into (73)")
    func missingFolder() throws {
        let folder = TemporaryDirectory()
        let result = try DriverPortBinary.run(["fixture", folder.path("no/such/folder/f.mmb"), "--transactions", "10"])
        #expect(result.exitCode == 73, "\(result.standardError)")
    }

    @Test("--json --stats reports rows per table, rows written, seconds and peak memory")
    func jsonWithStats() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("f.mmb")
        let result = try DriverPortBinary.run(["fixture", path, "--transactions", "150", "--seed", "3", "--json", "--stats"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(json["transactions"] as? Int == 150)
        #expect(json["seed"] as? Int == 3)
        let tables = try #require(json["tables"] as? [String: Int])
        #expect(tables.count == 25)
        #expect(tables["CHECKINGACCOUNT_V1"] == 150)
        #expect((json["rowsWritten"] as? Int ?? 0) >= tables.values.reduce(0, +))
        #expect(json["seconds"] is Double || json["seconds"] is Int)
        #expect((json["peakResidentBytes"] as? Int ?? 0) > 0)
        #expect(result.standardError.isEmpty)
    }

    @Test("without --json it prints one line, and one stats line with --stats")
    func textOutput() throws {
        let folder = TemporaryDirectory()
        let plain = try DriverPortBinary.run(["fixture", folder.path("a.mmb"), "--transactions", "20"])
        #expect(plain.standardOutput.split(separator: "\n").count == 1)
        let stats = try DriverPortBinary.run(["fixture", folder.path("b.mmb"), "--transactions", "20", "--stats"])
        let lines = stats.standardOutput.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.last?.hasPrefix("stats: ") == true)
        #expect(lines.last?.contains("peak resident memory") == true)
    }

    @Test("create --sample writes exactly what fixture writes for 200 transactions, seed 1")
    func sampleIsTheFixture() throws {
        let folder = TemporaryDirectory()
        let sample = folder.path("sample.mmb")
        let fixture = folder.path("fixture.mmb")
        #expect(try DriverPortBinary.run(["create", sample, "--sample"]).exitCode == 0)
        #expect(try DriverPortBinary.run(["fixture", fixture, "--transactions", "200", "--seed", "1"]).exitCode == 0)
        let sampleDump = try DriverPortBinary.run(["dump", sample, "--json"])
        let fixtureDump = try DriverPortBinary.run(["dump", fixture, "--json"])
        #expect(sampleDump.exitCode == 0)
        #expect(sampleDump.standardOutput.utf8.count > 100_000)
        #expect(Array(sampleDump.standardOutput.utf8) == Array(fixtureDump.standardOutput.utf8))
    }
}
