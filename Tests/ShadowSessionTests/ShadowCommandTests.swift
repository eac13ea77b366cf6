@testable import DriverPortCLI
import Foundation
import MMEXReaderWriter
import MMEXSession
import PersistenceSession
import TestSupport
import Testing

@Suite("driverport shadow")
struct ShadowCommandTests {
    private func copyOfFixture(_ folder: TemporaryDirectory) throws -> String {
        try folder.copy(ShadowFixture<QueueSession>.source, as: "source.mmb")
    }

    @Test("--help describes the command and exits 0")
    func help() {
        let console = Console.capturing()
        #expect(DriverPortMain.run(["shadow", "--help"], console: console) == .ok)
        #expect(console.standardOutput.contains("Usage: driverport shadow FILE"))
        #expect(console.standardOutput.contains("--sample R"))
    }

    @Test("agreeing sessions: exit 0, every unit compared, the JSON counts, FILE unchanged")
    func agreesWithJSON() throws {
        let folder = TemporaryDirectory.inMemory("shadow-cli")
        let path = try copyOfFixture(folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let console = Console.capturing()
        let code = DriverPortMain.run(
            ["shadow", path, "--candidate", "pool", "--operations", "40", "--seed", "3", "--json"], console: console
        )
        #expect(code == .ok, "\(console.standardError)")
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(console.standardOutput.utf8)) as? [String: Any]
        )
        #expect(json["units"] as? Int == 40 && json["compared"] as? Int == 40 && json["mismatches"] as? Int == 0)
        #expect(json["control"] as? String == "legacy" && json["candidate"] as? String == "pool")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "FILE is never written")
        #expect(FileManager.default.fileExists(atPath: path + "-wal") == false)
    }

    @Test("a planted bug in the candidate's tag repository: exit 1, the mismatch named with its unit and field")
    func plantedBugExitsOne() throws {
        let folder = TemporaryDirectory.inMemory("shadow-cli")
        let path = try copyOfFixture(folder)
        var command = ShadowCommand()
        command.sessionType = { kind in kind == .queue ? PlantedBugSession<QueueSession>.self : kind.sessionType }
        let console = Console.capturing()
        let arguments = try ArgumentList(
            [path, "--slices", "tags", "--operations", "30", "--log", folder.path("shadow.jsonl")], flags: command.flags,
            options: command.options
        )
        let code = try command.run(arguments, console: console)
        #expect(code == .differenceFound)
        #expect(console.standardOutput.contains("mismatch in read tags") || console.standardOutput.contains("mismatch in write tags"),
                "\(console.standardOutput)")
        #expect(console.standardOutput.hasSuffix("DIFFER\n"))
        let log = try String(contentsOfFile: folder.path("shadow.jsonl"), encoding: .utf8)
        #expect(log.split(separator: "\n").count >= 1 && log.contains("\"trap\":null"))
    }

    @Test("bad input: a missing FILE exits 66, a bad --sample or --candidate exits 64, each with one line on stderr")
    func badInput() throws {
        let folder = TemporaryDirectory.inMemory("shadow-cli")
        let path = try copyOfFixture(folder)
        for (words, expected) in [
            (["shadow", folder.path("missing.mmb")], ExitCode.noInput),
            (["shadow", path, "--sample", "1.5"], .usage),
            (["shadow", path, "--candidate", "sqlite"], .usage),
            (["shadow", path, "--slices", "nonsense"], .usage),
            (["shadow"], .usage),
        ] {
            let console = Console.capturing()
            #expect(DriverPortMain.run(words, console: console) == expected, "\(words)")
            #expect(console.standardError.split(separator: "\n").count == 1, "\(console.standardError)")
        }
        let notDatabase = folder.path("text.mmb")
        try #require(FileManager.default.createFile(atPath: notDatabase, contents: Data(String(repeating: "not sqlite ", count: 100).utf8)))
        let console = Console.capturing()
        #expect(DriverPortMain.run(["shadow", notDatabase], console: console) == .dataError)
    }
}
