import DriverPortCLI
import Foundation
import SQLiteEngine
import TestSupport
import Testing

/// `driverport diff`: exit codes, the JSON shape, and the source left alone.
@Suite("driverport diff")
struct DiffCommandTests {
    /// Runs `driverport diff WORDS` in process; `environment` sets a variable first (each test its own name, since
    /// tests run in parallel).
    private func run(_ words: [String], environment: (name: String, value: String)? = nil) -> (ExitCode, Console) {
        let console = Console.capturing()
        if let environment { setenv(environment.name, environment.value, 1) }
        let code = DriverPortMain.run(["diff"] + words, console: console)
        return (code, console)
    }

    private func json(_ console: Console) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(console.standardOutput.utf8))
        return try #require(object as? [String: Any])
    }

    @Test("agreement exits 0; the JSON has slices with name, operations, mismatches and details; the source is untouched")
    func agreementJSON() throws {
        let before = fingerprint(ofFolderOf: CommittedFixture.plain)
        let (code, console) = run([CommittedFixture.plain, "--slices", "infotable", "--operations", "100", "--seed", "9", "--json"])
        #expect(code == .ok, "\(console.standardError)")
        let report = try json(console)
        let slices = try #require(report["slices"] as? [[String: Any]])
        #expect(slices.count == 1)
        let slice = try #require(slices.first)
        #expect(slice["name"] as? String == "infotable")
        #expect((slice["operations"] as? Int ?? 0) >= 200, "100 random operations on each of two comparisons, and more")
        #expect(slice["mismatches"] as? Int == 0)
        #expect((slice["details"] as? [Any])?.isEmpty == true)
        let comparisons = try #require(slice["comparisons"] as? [[String: Any]])
        #expect(comparisons.compactMap { $0["comparison"] as? String } == ["legacy vs queue", "legacy vs pool"])
        #expect((report["options"] as? [String: Any])?["seed"] as? Int == 9)
        #expect(fingerprint(ofFolderOf: CommittedFixture.plain) == before)
        #expect(console.standardError.isEmpty, "no progress line when stderr is not a terminal")
    }

    @Test("the text output is a table per slice")
    func textTable() {
        let (code, console) = run([CommittedFixture.plain, "--operations", "0", "--slices", "infotable"])
        #expect(code == .ok)
        let output = console.standardOutput
        #expect(output.contains("slice infotable"))
        #expect(output.contains("comparison") && output.contains("operations") && output.contains("mismatches"))
        #expect(output.contains("legacy vs queue") && output.contains("legacy vs pool"))
        #expect(output.contains("all slices agree"))
    }

    @Test("a difference exits 1 and the JSON details name comparison, scenario, operation and field")
    func differenceFound() throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(URL(fileURLWithPath: CommittedFixture.plain), as: "random-trigger.mmb")
        // Each connection's randomblob() differs: a trigger that stores one makes the two sessions write different
        // values, which the comparison must report.
        let connection = try EngineConnection(path: path, options: .readWrite)
        try connection.execute("""
            CREATE TRIGGER dp_random AFTER INSERT ON INFOTABLE_V1 BEGIN
              UPDATE INFOTABLE_V1 SET INFOVALUE = hex(randomblob(8)) WHERE INFOID = NEW.INFOID;
            END;
            """)
        connection.close()
        let before = folderFingerprint(folder.url)
        let (code, console) = run([path, "--operations", "0", "--json"])
        #expect(code == .differenceFound)
        let slice = try #require((try json(console)["slices"] as? [[String: Any]])?.first)
        #expect((slice["mismatches"] as? Int ?? 0) > 0)
        let details = try #require(slice["details"] as? [[String: Any]])
        let detail = try #require(details.first { $0["kind"] as? String == "result" })
        for key in ["comparison", "kind", "scenario", "operation", "operationIndex", "field", "baseline", "candidate"] {
            #expect(detail[key] != nil, "detail has \(key)")
        }
        #expect(details.contains { $0["kind"] as? String == "rows" && ($0["field"] as? String ?? "").hasSuffix(".INFOVALUE") })
        let comparisons = try #require(slice["comparisons"] as? [[String: Any]])
        let failures = comparisons.flatMap { $0["failures"] as? [[String: Any]] ?? [] }
        #expect(failures.contains { ($0["shortestFailingSequence"] as? [String])?.isEmpty == false })
        #expect(folderFingerprint(folder.url) == before, "the source is never written")
    }

    @Test("an encrypted file with its key from the environment")
    func encrypted() {
        let (code, console) = run(
            [CommittedFixture.aes128, "--key-env", "DP_DIFF_RIGHT_KEY", "--operations", "0"],
            environment: ("DP_DIFF_RIGHT_KEY", CommittedFixture.passphrase)
        )
        #expect(code == .ok, "\(console.standardError)")
        #expect(!console.standardOutput.contains(CommittedFixture.passphrase))
    }

    @Test("bad input: one line on stderr and its exit code")
    func badInput() throws {
        let folder = TemporaryDirectory()
        let text = folder.path("notes.mmb")
        try Data(String(repeating: "text\n", count: 200).utf8).write(to: URL(fileURLWithPath: text))
        let newer = try folder.copy(URL(fileURLWithPath: CommittedFixture.plain), as: "newer.mmb")
        let connection = try EngineConnection(path: newer, options: .readWrite)
        try connection.setUserVersion(22)
        connection.close()
        let cases: [([String], ExitCode, String)] = [
            ([folder.path("absent.mmb")], .noInput, "no such file"),
            ([text], .dataError, "not a plain SQLite database"),
            ([newer], .dataError, "newer than this build supports"),
            ([CommittedFixture.aes128, "--key-env", "DP_DIFF_WRONG_KEY"], .dataError, "wrong key: the passphrase or cipher does not open this file"),
            ([CommittedFixture.plain, "--slices", "no-such-slice"], .usage, "not a ported slice"),
            ([CommittedFixture.plain, "--seed", "minus-one"], .usage, "--seed"),
            ([CommittedFixture.plain, "--operations", "-5"], .usage, "--operations"),
            ([], .usage, "missing FILE"),
        ]
        for (words, expected, message) in cases {
            let (code, console) = run(words, environment: ("DP_DIFF_WRONG_KEY", "wrong passphrase"))
            #expect(code == expected, "\(words)")
            let lines = console.standardError.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains(message), "\(words): \(console.standardError)")
        }
    }

    @Test("--help starts with the usage line")
    func help() {
        let (code, console) = run(["--help"])
        #expect(code == .ok)
        #expect(console.standardOutput.hasPrefix("Usage: driverport diff"))
    }
}
