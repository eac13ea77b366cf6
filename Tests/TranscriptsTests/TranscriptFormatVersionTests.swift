import Foundation
import TestSupport
import Testing
import Transcripts

/// Format 3 keeps row detail beside the state hashes; format 2 transcripts (hashes only) still read, verify, and
/// write back as they were.
@Suite("Row detail in the text format, and transcripts of format 2")
struct TranscriptFormatVersionTests {
    /// The first two toy shelf scenarios as the toolkit recorded them before row detail (format 2), but for the
    /// source line, which names the file the test makes.
    static let formatTwo = """
        driverport-transcript 2
        SOURCE
        large-values 1024
        parameter seed "7"
        scenario 1 "add and list" seed -
        op 1 "add(Ulysses)"
        = 3
        op 2 "books"
        = [{"id":1,"rating":4.5,"title":"Dune"},{"id":2,"rating":3.0,"title":"Emma"},{"id":3,"rating":4.0,"title":"Ulysses"}]
        close ok
        state bdb7bb6120d63a5124a6b75c8a215cee5f31ec5ac3c12d2203bea4015360c038
        user_version 0
        schema 0ff56907581108ba22f6f81ec0e9c57afd0d6bad5e073b65c442e6a431eb69f4
        table "BOOK" 3 6345d890d5c42cdfeb10c9107709b2ca392421f4c950cc8631ce2050496223b2
        scenario 2 "duplicate title" seed -
        op 1 "add(Dune)"
        ! "SQLiteError: SQLITE_CONSTRAINT (19/2067): UNIQUE constraint failed: BOOK.TITLE [SQL: INSERT INTO BOOK(TITLE, RATING) VALUES (?, ?)]"
        op 2 "books"
        = [{"id":1,"rating":4.5,"title":"Dune"},{"id":2,"rating":3.0,"title":"Emma"}]
        close ok
        state 4def3fe48a82e7b7e362c747978f5581713db1fb4a67ba4a55cc50950ad42f80
        user_version 0
        schema 0ff56907581108ba22f6f81ec0e9c57afd0d6bad5e073b65c442e6a431eb69f4
        table "BOOK" 2 89fc5564ab703afe1355510294515d3b7a83d98d9db94497ecb692acdd7e232d
        end scenarios 2 operations 4

        """

    @Test("a format 2 transcript reads, writes back byte for byte, and verifies as before (by hash where it changed)")
    func formatTwoStillVerifies() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let file = folder.path("shelf.sqlite")
        try ToyShelf.makeFile(at: file)
        let scenarios = Array(ToyShelf.scenarios().prefix(2))
        let runner = TranscriptRunner(side: ToyShelf.side("toy"), workDirectory: folder.url)
        let source = try #require(try runner.record([], on: file).text.split(separator: "\n").dropFirst().first)
        let text = Self.formatTwo.replacingOccurrences(of: "SOURCE", with: String(source))
        let old = try Transcript(parsing: text)
        #expect(old.stateOptions == nil)
        #expect(old.text == text, "written back in format 2")
        let verified = try runner.verify(scenarios, against: old, on: file)
        #expect(verified.agrees, "\(verified.text)")

        let planted = try TranscriptRunner(side: ToyShelf.side("planted", bug: .extraRow), workDirectory: folder.url)
            .verify(scenarios, against: old, on: file)
        let table = try #require(planted.mismatches.first { $0.field == "table BOOK" }, "\(planted.text)")
        #expect(table.expected.hasPrefix("3 rows, sha256 ") && table.actual.hasPrefix("4 rows, sha256 "))
        #expect(table.note?.contains("format 2") == true, "says why there is no row detail")
        #expect(table.line == 11, "points at the scenario's state line")
    }

    @Test("format 3 writes the changed rows under their table, relative to the source, and reads them back")
    func rowDetailLines() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let file = folder.path("events.sqlite")
        try ToyEvents.makeFile(at: file)
        let transcript = try TranscriptRunner(side: ToyEvents.side(.reference), workDirectory: folder.url)
            .record(ToyEvents.scenarios, on: file)
        let text = transcript.text
        #expect(text.hasPrefix("driverport-transcript 3\nsource sha256 "))
        #expect(text.contains("\nlarge-values 1024\nrow-detail 2000\nscenario 1 "))
        #expect(text.contains("""
            table "EVENT" 3 \(transcript.scenarios[0].state.tables[0].sha256)
            rows delta "ID" "UUID" "DAY" "DONE" "TITLE"
            row 3 3 "3F2504E0-4F89-11D3-9A0C-0305E82C3301" "2026-01-02 10:00:00.000" 0 "third"
            table "SETTING" 2
            """))
        #expect(text.contains("\nrows delta \"NAME\" \"VALUE\" key \"NAME\"\nrow - \"compact\" 1\n"))
        #expect(text.contains("\nrows delta \"ID\" \"UUID\" \"DAY\" \"DONE\" \"TITLE\"\ngone 2\n"))
        #expect(try Transcript(parsing: text) == transcript)
        #expect(try Transcript(parsing: text).text == text)
    }

    @Test("a row line that is not the format's is malformed, with its line")
    func malformedRowDetail() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let file = folder.path("events.sqlite")
        try ToyEvents.makeFile(at: file)
        let text = try TranscriptRunner(side: ToyEvents.side(.reference), workDirectory: folder.url)
            .record(ToyEvents.scenarios, on: file).text
        let lines = text.split(separator: "\n").map(String.init)
        let row = try #require(lines.firstIndex { $0.hasPrefix("row 3 ") })
        for edit in [
            lines[row] + " 7",                                        // a cell too many
            lines[row].replacingOccurrences(of: " 0 ", with: " 0.50 "),  // not a word the toolkit writes
            lines[row].replacingOccurrences(of: "row 3 ", with: "row x "),
            "rows-omitted 1",                                         // within the limit
        ] {
            var edited = lines
            edited[row] = edit
            do {
                _ = try Transcript(parsing: edited.joined(separator: "\n") + "\n")
                Issue.record("'\(edit)' should be refused")
            } catch {
                guard case .malformed(let line, _) = error else { Issue.record("\(error)"); continue }
                #expect(line == row + 1, "'\(edit)': \(error)")
            }
        }
        var reordered = lines
        reordered.insert("row 2 2 \"X\" \"2026-01-01 00:00:00.000\" 0 NULL", at: row + 1)
        #expect(throws: TranscriptError.self) { try Transcript(parsing: reordered.joined(separator: "\n") + "\n") }
    }

    @Test("a table changed in more rows than the row-detail limit keeps its hash only, and verifying says so")
    func overTheLimit() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let file = folder.path("events.sqlite")
        try ToyEvents.makeFile(at: file)
        var recorder = TranscriptRunner(side: ToyEvents.side(.reference), workDirectory: folder.url)
        recorder.rowDetailLimit = 0
        let transcript = try recorder.record(ToyEvents.scenarios, on: file)
        #expect(transcript.text.contains("\nrow-detail 0\n"))
        #expect(transcript.text.contains("\nrows-omitted 1\n") && !transcript.text.contains("\nrow "))
        let result = try TranscriptRunner(side: ToyEvents.side(.isoDates), workDirectory: folder.url)
            .verify(ToyEvents.scenarios, against: transcript, on: file)
        let table = try #require(result.mismatches.first { $0.field == "table EVENT" }, "\(result.text)")
        #expect(table.note?.contains("row-detail limit of 0") == true)
    }

    @Test("a redacted column's values never appear; a long value is kept as its size and hash")
    func redactedAndLargeCells() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let file = folder.path("events.sqlite")
        try ToyEvents.makeFile(at: file)
        var recorder = TranscriptRunner(side: ToyEvents.side(.reference), workDirectory: folder.url)
        recorder.redactedColumns = ["title"]
        recorder.largeValueLimit = 24
        let transcript = try recorder.record(ToyEvents.scenarios, on: file)
        let text = transcript.text
        #expect(text.contains("\nredacted-column \"TITLE\"\n"))
        #expect(!text.contains("third") && !text.contains("seed one") && text.contains(" <redacted>"))
        #expect(text.contains(" ~text:25:"), "the 25-byte date word is over the limit of 24")
        #expect(try Transcript(parsing: text) == transcript)
        #expect(try TranscriptRunner(side: ToyEvents.side(.reference), workDirectory: folder.url)
            .verify(ToyEvents.scenarios, against: transcript, on: file).agrees)

        let extra = try TranscriptRunner(side: ToyEvents.side(.extraRow), workDirectory: folder.url)
            .verify(ToyEvents.scenarios, against: transcript, on: file)
        #expect(!extra.agrees && !extra.text.contains("third"), "\(extra.text)")
        let dates = try TranscriptRunner(side: ToyEvents.side(.isoDates), workDirectory: folder.url)
            .verify(ToyEvents.scenarios, against: transcript, on: file)
        let day = try #require(dates.mismatches.first { $0.column == "DAY" }, "\(dates.text)")
        #expect(day.expected.hasPrefix("(25 bytes of text, sha256 ") && day.actual == "'2026-01-02T10:00:00.000' (text)")
    }
}
