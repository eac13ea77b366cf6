import DriverPortCLI
import Foundation
import TestSupport
import Testing

/// The product reads the environment only for options a user may set, and says so: every `DRIVERPORT_*` name in a
/// string literal of Sources/ (how code reads, sets or passes on a variable) is in the `--help` of `driverport` or
/// of one of its commands, and none is a `DRIVERPORT_TEST_*` hook (test hooks are configuration, `CommandHooks`,
/// set only by the tests' own executable).
@Suite("Environment variables in --help")
struct EnvironmentVariableHelpTests {
    /// The `"DRIVERPORT_..."` string literals in `text`, comment lines left out.
    static func names(in text: String) throws -> Set<String> {
        let code = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                return !(trimmed.hasPrefix("//") || trimmed.hasPrefix("/*") || trimmed.hasPrefix("*"))
            }
            .joined(separator: "\n")
        let regex = try NSRegularExpression(pattern: #""(DRIVERPORT_[A-Z0-9_]+)""#)
        return Set(regex.matches(in: code, range: NSRange(code.startIndex..., in: code)).compactMap { match in
            Range(match.range(at: 1), in: code).map { String(code[$0]) }
        })
    }

    /// Every name in Sources/' Swift and C files, with the files that hold it.
    static func sourceNames() throws -> [String: [String]] {
        let sources = SharedData.repositoryRoot.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(atPath: sources.path))
        var found: [String: [String]] = [:]
        while let relative = walker.nextObject() as? String {
            guard [".swift", ".c", ".h"].contains(where: relative.hasSuffix) else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            for name in try names(in: text) { found[name, default: []].append("Sources/\(relative)") }
        }
        return found
    }

    /// What `driverport --help` and every `driverport COMMAND --help` print.
    static func helpText() -> String {
        let console = Console.capturing()
        _ = DriverPortMain.run(["--help"], console: console)
        for command in DriverPortMain.commands { _ = DriverPortMain.run([command.name, "--help"], console: console) }
        return console.standardOutput
    }

    @Test("every DRIVERPORT_ variable the sources name is in the --help of driverport or of a command")
    func everyVariableIsInHelp() throws {
        let found = try Self.sourceNames()
        #expect(!found.isEmpty, "the scan found no variable at all: is Sources/ where it looked?")
        let help = Self.helpText()
        let missing = found.filter { !help.contains($0.key) }
        let listing = missing.map { "\($0.key) (\($0.value.sorted().joined(separator: ", ")))" }.sorted().joined(separator: "\n")
        #expect(missing.isEmpty, "read by the product but in no --help: list it where it acts, or make it a flag:\n\(listing)")
    }

    @Test("no product source names a DRIVERPORT_TEST_ variable: test hooks are CommandHooks, not the environment")
    func noTestHookInTheEnvironment() throws {
        let hooks = try Self.sourceNames().filter { $0.key.hasPrefix("DRIVERPORT_TEST_") }
        #expect(hooks.isEmpty, "\(hooks)")
    }

    @Test("the scan finds names in string literals, not in comments or unquoted")
    func scanFindsLiterals() throws {
        let sample = """
            let a = environment["DRIVERPORT_ONE"]
            // environment["DRIVERPORT_COMMENTED"]
            /// `DRIVERPORT_DOCUMENTED=1`
             * getenv("DRIVERPORT_C_COMMENT")
            if (getenv("DRIVERPORT_FROM_C")) {}
            #ifndef DRIVERPORT_GUARD_H
            """
        #expect(try Self.names(in: sample) == ["DRIVERPORT_ONE", "DRIVERPORT_FROM_C"])
    }

    @Test("the help of diff lists its switches as flags, and driverport --help the process-wide variables")
    func helpListsFlagsAndVariables() throws {
        let diff = Console.capturing()
        #expect(DriverPortMain.run(["diff", "--help"], console: diff) == .ok)
        for flag in ["--whole-files", "--one-thread", "--report-phases"] {
            #expect(diff.standardOutput.contains(flag), "\(flag)")
        }
        let overview = Console.capturing()
        #expect(DriverPortMain.run(["--help"], console: overview) == .ok)
        for name in ["DRIVERPORT_KEY_CACHE", "DRIVERPORT_REPORT_KEY_DERIVATIONS", "DRIVERPORT_REPORT_PEAK_MEMORY"] {
            #expect(overview.standardOutput.contains(name), "\(name)")
        }
    }
}
