import DriverPortCLI
import Foundation
import TestSupport
import Testing

/// `diff`'s switches are flags of the command (they were environment variables): `--whole-files`, `--one-thread` and
/// `--always-read-back` give the same verdict, and `--report-phases` alone makes it write where its time went.
@Suite("driverport diff flags")
struct DiffFlagsTests {
    /// The sample MMEX file, made in `folder`.
    static func sample(_ folder: TemporaryDirectory) throws -> String {
        let path = folder.path("sample.mmb")
        let console = Console.capturing()
        #expect(DriverPortMain.run(["create", path, "--sample"], console: console) == .ok, "\(console.standardError)")
        return path
    }

    static func diff(_ path: String, _ flags: [String]) -> (ExitCode, Console) {
        let console = Console.capturing()
        let words = ["diff", path, "--slices", "infotable", "--operations", "20", "--json"] + flags
        return (DriverPortMain.run(words, console: console), console)
    }

    @Test("--always-read-back reads back after every scenario; by default agreeing copies are not read back")
    func alwaysReadBack() throws {
        let folder = TemporaryDirectory("diff-flags")
        let path = try Self.sample(folder)
        func readBackSeconds(_ flags: [String]) throws -> Double {
            let (code, console) = Self.diff(path, flags + ["--report-phases"])
            #expect(code == .ok, "\(console.standardError)")
            let line = try #require(console.standardError.split(separator: "\n").first { $0.hasPrefix("driverport: diff phases: ") })
            return Double(try #require(line.firstMatch(of: /readBack ([0-9.]+) s/)?.output.1)) ?? -1
        }
        #expect(try readBackSeconds([]) == 0)
        #expect(try readBackSeconds(["--always-read-back"]) > 0)
    }

    @Test("--report-phases writes the phases line with the operations' time; without it there is none")
    func reportPhases() throws {
        let folder = TemporaryDirectory("diff-flags")
        let path = try Self.sample(folder)
        let (code, console) = Self.diff(path, ["--report-phases"])
        #expect(code == .ok, "\(console.standardError)")
        let line = try #require(console.standardError.split(separator: "\n").first { $0.hasPrefix("driverport: diff phases: ") })
        let operations = try #require(line.firstMatch(of: /operations ([0-9.]+) s/)?.output.1)
        #expect((Double(operations) ?? 0) > 0, "\(line)")
        #expect(line.contains("; resets: "))
        let (quietCode, quiet) = Self.diff(path, [])
        #expect(quietCode == .ok)
        #expect(!quiet.standardError.contains("diff phases"))
    }

    @Test("--whole-files, --one-thread and --always-read-back give the report the default run gives")
    func switchesKeepTheVerdict() throws {
        let folder = TemporaryDirectory("diff-flags")
        let path = try Self.sample(folder)
        let (defaultCode, standard) = Self.diff(path, [])
        #expect(defaultCode == .ok, "\(standard.standardError)")
        for flags in [["--whole-files"], ["--one-thread"], ["--whole-files", "--one-thread"], ["--always-read-back"]] {
            let (code, console) = Self.diff(path, flags)
            #expect(code == .ok, "\(flags): \(console.standardError)")
            #expect(console.standardOutput == standard.standardOutput, "\(flags)")
        }
    }
}
