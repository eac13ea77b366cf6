import Foundation
import SQLiteEngine
import Testing
import TestSupport

/// Each failure a new user met, with the exit code and the one line it must give.
@Suite("Exit codes and messages of every command's failures")
struct ExitCodeTests {
    private var fixture: String { SharedData.repositoryRoot.appendingPathComponent("Fixtures/mmex-200.mmb").path }
    private var aes128: String { SharedData.repositoryRoot.appendingPathComponent("Fixtures/mmex-200-aes128.emb").path }

    /// Runs and checks: the exit code, one line on stderr that contains every `words`, nothing on stdout.
    private func fails(_ arguments: [String], _ code: Int32, _ words: [String], environment: [String: String] = [:]) throws {
        let result = try DriverPortBinary.run(arguments, environment: environment)
        #expect(result.exitCode == code, "\(arguments): \(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1, "one line: \(result.standardError)")
        for word in words { #expect(result.standardError.contains(word), "\(arguments): \(result.standardError)") }
        #expect(result.standardOutput.isEmpty, "\(arguments)")
    }

    @Test("export, record and create into a missing folder exit 73 naming the output, in one wording")
    func outputInMissingFolder() throws {
        let folder = TemporaryDirectory("exit-codes")
        let missing = folder.path("missing")
        try fails(["export", fixture, "--to", missing + "/copy.mmb"], 73, [missing + "/copy.mmb", "no folder"])
        try fails(["record", fixture, "--out", missing + "/t.transcript", "--slices", "infotable"], 73,
                  [missing + "/t.transcript", "no folder"])
        try fails(["create", missing + "/new.mmb"], 73, [missing + "/new.mmb", "(no such file or directory)"])
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test("a Foundation file error reads as the operating system's reason in one line, not a Cocoa dump")
    func systemReasonOfFoundationErrors() throws {
        let folder = TemporaryDirectory("exit-codes")
        let errors: [any Error] = [
            try #require(Result { try FileManager.default.copyItem(atPath: fixture, toPath: folder.path("no/copy")) }.failure),
            try #require(Result { try Data(contentsOf: URL(fileURLWithPath: folder.path("absent"))) }.failure),
            try #require(Result { try Data([1]).write(to: URL(fileURLWithPath: folder.path("no/file"))) }.failure),
        ]
        for error in errors {
            #expect(SystemErrorReason.of(error) == "no such file or directory", "\(error)")
        }
        #expect(SystemErrorReason.of(code: EACCES) == "permission denied")
    }

    @Test("a wrong key reads the same in every command: inspect, dump, export and diff")
    func oneWordingForAWrongKey() throws {
        let folder = TemporaryDirectory("exit-codes")
        let environment = ["DP_WRONG": "not the passphrase"]
        let words = ["\(aes128): wrong key: the passphrase or cipher does not open this file"]
        try fails(["inspect", aes128, "--key-env", "DP_WRONG"], 65, words, environment: environment)
        try fails(["dump", aes128, "--key-env", "DP_WRONG"], 65, words, environment: environment)
        try fails(["export", aes128, "--key-env", "DP_WRONG", "--to", folder.path("x.mmb")], 65, words, environment: environment)
        try fails(["diff", aes128, "--key-env", "DP_WRONG", "--operations", "0"], 65, words, environment: environment)
    }

    @Test("dump --table matches names case-insensitively; an unknown table is a usage error (64)")
    func dumpTableNames() throws {
        let lower = try DriverPortBinary.run(["dump", fixture, "--table", "accountlist_v1"])
        #expect(lower.exitCode == 0, "\(lower.standardError)")
        #expect(lower.standardOutput.hasPrefix("-- ACCOUNTLIST_V1"))
        try fails(["dump", fixture, "--table", "no_such_table"], 64, ["--table no_such_table", "no such table"])
    }

    @Test("--slices naming nothing is a usage error in diff, record and shadow")
    func emptySlices() throws {
        let folder = TemporaryDirectory("exit-codes")
        try fails(["diff", fixture, "--slices", ""], 64, ["--slices takes slice names"])
        try fails(["record", fixture, "--slices", " , ", "--out", folder.path("t.transcript")], 64, ["--slices takes slice names"])
        try fails(["shadow", fixture, "--slices", ""], 64, ["--slices takes slice names"])
    }

    @Test("shadow --log in a missing folder is refused before anything runs (73)")
    func shadowLogOpenedFirst() throws {
        let folder = TemporaryDirectory("exit-codes")
        try fails(["shadow", fixture, "--log", folder.path("missing/x.jsonl")], 73, ["cannot create the log"])
        let log = folder.path("x.jsonl")
        let result = try DriverPortBinary.run(["shadow", fixture, "--operations", "3", "--log", log])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let mode = try FileManager.default.attributesOfItem(atPath: log)[.posixPermissions] as? Int
        #expect(mode == 0o600, "the log is created at start, private")
    }

    @Test("--version and version print the version; help COMMAND prints that command's help")
    func versionAndHelp() throws {
        for words in [["--version"], ["version"]] {
            let result = try DriverPortBinary.run(words)
            #expect(result.exitCode == 0)
            #expect(result.standardOutput.hasPrefix("driverport ") && result.standardOutput.split(separator: ".").count == 3)
        }
        let help = try DriverPortBinary.run(["help", "inspect"])
        #expect(help.exitCode == 0 && help.standardOutput.hasPrefix("Usage: driverport inspect"))
        try fails(["help", "nonsense"], 64, ["unknown command 'nonsense'"])
        let record = try DriverPortBinary.run(["record", "--help"])
        #expect(record.standardOutput.prefix(300).contains("--session"), "record's usage line names --session")
    }

    @Test("create --json describes the new file")
    func createJSON() throws {
        let folder = TemporaryDirectory("exit-codes")
        let result = try DriverPortBinary.run(["create", folder.path("new.mmb"), "--json"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any] ?? [:]
        #expect(json["path"] as? String == folder.path("new.mmb"))
        #expect(json["userVersion"] as? Int == 21)
        #expect(json["cipher"] is NSNull)
        #expect(json["sample"] as? Bool == false)
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
