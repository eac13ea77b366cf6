import Foundation
import TestSupport
import Testing
import Transcripts

@Suite("Redacted columns the row detail cannot keep out are refused before anything is recorded")
struct TranscriptRedactionTests {
    private func record(redacting columns: Set<String>, rowDetailLimit: Int? = nil) throws -> Transcript {
        let folder = TemporaryDirectory.inMemory("transcript")
        let file = folder.path("events.sqlite")
        try ToyEvents.makeFile(at: file)
        var recorder = TranscriptRunner(side: ToyEvents.side(.reference), workDirectory: folder.url)
        recorder.redactedColumns = columns
        if let rowDetailLimit { recorder.rowDetailLimit = rowDetailLimit }
        return try recorder.record(ToyEvents.scenarios, on: file)
    }

    @Test("a column no table has (a misspelt name) is refused, naming it")
    func misspeltColumn() {
        #expect(throws: RedactionError.noSuchColumn("TITEL")) { try record(redacting: ["title", "titel"]) }
    }

    @Test("a column that names rows (an INTEGER PRIMARY KEY, a WITHOUT ROWID key) is refused while rows are kept")
    func keyColumns() throws {
        #expect(throws: RedactionError.keyColumn(table: "EVENT", column: "ID")) { try record(redacting: ["id"]) }
        #expect(throws: RedactionError.keyColumn(table: "SETTING", column: "NAME")) { try record(redacting: ["name"]) }
        #expect(RedactionError.keyColumn(table: "EVENT", column: "ID").description.contains("row-detail limit to 0"))
        let hashesOnly = try record(redacting: ["name"], rowDetailLimit: 0)
        #expect(!hashesOnly.text.contains("\nrow "), "no row is written, so no key")
    }
}
