import DriverPortCLI
import Foundation
import TestSupport
import Testing

/// `driverport record --redact COLUMN` and `--row-detail-limit N`.
@Suite("driverport record: redacted columns and the row-detail limit")
struct RecordOptionsTests {
    private static let file = TranscriptCLI.fixture("mmex-200.mmb")

    /// Records the payees slice (it inserts payees named "apple", "Banana", ...) with `options`.
    private func record(_ folder: TemporaryDirectory, _ name: String, _ options: [String]) throws -> String {
        let out = folder.path(name)
        let result = TranscriptCLI.run(["record", Self.file, "--out", out, "--slices", "payees", "--operations", "5"] + options)
        try #require(result.code == .ok, "\(result.err)")
        return try String(contentsOfFile: out, encoding: .utf8)
    }

    /// The lines the row detail writes (a changed row, a removed row's key).
    private func rowLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.hasPrefix("row ") || $0.hasPrefix("gone ") }
    }

    @Test("--redact keeps a column's stored values out of the written file's row detail, and the transcript still verifies")
    func redactedColumnNeverWritten() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let plain = try record(folder, "plain.transcript", [])
        #expect(rowLines(plain).contains { $0.contains("\"apple\"") }, "the known value is in the row detail unredacted")
        let redacted = try record(folder, "redacted.transcript", ["--redact", "payeename", "--redact", "WEBSITE"])
        #expect(redacted.contains("\nredacted-column \"PAYEENAME\"\nredacted-column \"WEBSITE\"\n"))
        let rows = rowLines(redacted)
        #expect(!rows.isEmpty && rows.allSatisfy { !$0.contains("\"apple\"") && !$0.contains("example.org") }, "\(rows.prefix(3))")
        #expect(rows.contains { $0.contains(" <redacted> ") })
        let verified = TranscriptCLI.run(["verify", Self.file, "--transcript", folder.path("redacted.transcript")])
        #expect(verified.code == .ok, "\(verified.out)\(verified.err)")
    }

    @Test("--row-detail-limit 0 keeps state hashes only; a limit below a table's changed rows keeps its count")
    func rowDetailLimit() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let none = try record(folder, "none.transcript", ["--row-detail-limit", "0"])
        #expect(none.contains("\nrow-detail 0\n") && rowLines(none).isEmpty)
        let one = try record(folder, "one.transcript", ["--row-detail-limit", "1"])
        #expect(one.contains("\nrow-detail 1\n") && one.contains("\nrows-omitted "))
        let bad = TranscriptCLI.run(["record", Self.file, "--out", folder.path("bad.transcript"), "--row-detail-limit", "-1"])
        #expect(bad.code == .usage && bad.err.contains("--row-detail-limit"), "\(bad.err)")
    }

    @Test("a dotted, misspelt or key column is refused with one line, exit 64, and nothing is written")
    func refusedRedactions() {
        let folder = TemporaryDirectory.inMemory("transcript")
        let out = folder.path("refused.transcript")
        for (column, words) in [
            ("PAYEE_V1.PAYEENAME", "takes a column name"), ("PAYENAME", "no table of the source file has it"),
            ("PAYEEID", "PAYEE_V1.PAYEEID: it is the key"),
        ] {
            let result = TranscriptCLI.run(["record", Self.file, "--out", out, "--slices", "payees", "--redact", column])
            #expect(result.code == .usage, "\(column): \(result.err)")
            #expect(result.err.split(separator: "\n").count == 1 && result.err.contains(words), "\(column): \(result.err)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        let keysWithoutRows = TranscriptCLI.run([
            "record", Self.file, "--out", out, "--slices", "payees", "--operations", "0", "--redact", "PAYEEID",
            "--row-detail-limit", "0",
        ])
        #expect(keysWithoutRows.code == .ok, "a key column is fine when no row is kept: \(keysWithoutRows.err)")
    }

    @Test("record --help names both options")
    func help() {
        let result = TranscriptCLI.run(["record", "--help"])
        #expect(result.code == .ok)
        #expect(result.out.contains("--redact COLUMN") && result.out.contains("--row-detail-limit N"))
    }
}
