import DriverPortCLI
import Foundation
import TestSupport
import Testing

@Suite("CLI bad input: one clear line on stderr, the documented exit code, nothing created or changed")
struct BadInputTests {
    /// Each bad input, how to make it, and the exit code the CLI must give.
    static let cases: [(name: String, exitCode: Int32, make: @Sendable (String) throws -> Void)] = [
        ("missing.mmb", 66, { _ in }),
        ("folder.mmb", 66, { try FileManager.default.createDirectory(atPath: $0, withIntermediateDirectories: false) }),
        ("empty.mmb", 65, { try Data().write(to: URL(fileURLWithPath: $0)) }),
        ("text.mmb", 65, { try Data("Hello, this is a text file, not MMEX.\n".utf8).write(to: URL(fileURLWithPath: $0)) }),
        ("truncated.mmb", 65, { path in
            let connection = try SQLiteEngineFixture.sampleDatabase(at: path + ".full")
            connection.close()
            let data = try Data(contentsOf: URL(fileURLWithPath: path + ".full"))
            try data.prefix(data.count / 3).write(to: URL(fileURLWithPath: path))
            try FileManager.default.removeItem(atPath: path + ".full")
        }),
    ]

    @Test("inspect and dump refuse each bad input", arguments: ["inspect", "dump"], 0..<cases.count)
    func commandRefusesBadInput(command: String, caseIndex: Int) throws {
        let badCase = Self.cases[caseIndex]
        let folder = TemporaryDirectory()
        let path = folder.path(badCase.name)
        try badCase.make(path)
        let before = folderFingerprint(folder.url)
        let result = try DriverPortBinary.run([command, path])
        #expect(result.exitCode == badCase.exitCode, "\(command) \(badCase.name): \(result.standardError)")
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(result.standardError)")
        #expect(lines.first?.hasPrefix("driverport \(command): ") == true)
        #expect(result.standardOutput.isEmpty)
        #expect(folderFingerprint(folder.url) == before)
    }

    @Test("usage errors exit 64 with one line naming the problem")
    func usageErrors() throws {
        for arguments in [["inspect"], ["inspect", "a", "b"], ["inspect", "--bogus", "x"], ["frobnicate"], [], ["dump", "x", "--table"]] {
            let result = try DriverPortBinary.run(arguments)
            #expect(result.exitCode == 64, "\(arguments)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(arguments): \(result.standardError)")
        }
    }

    @Test("every command answers --help on stdout with exit 0")
    func helpEverywhere() throws {
        let overview = try DriverPortBinary.run(["--help"])
        #expect(overview.exitCode == 0)
        for command in DriverPortMain.commands {
            #expect(overview.standardOutput.contains(command.name))
            let result = try DriverPortBinary.run([command.name, "--help"])
            #expect(result.exitCode == 0)
            #expect(result.standardOutput.hasPrefix("Usage: driverport \(command.name)"))
        }
    }
}
