import Differential
import TestSupport
import Testing
import Transcripts

/// A port that adds a migrator's ledger (GRDB's `grdb_migrations`) verified against a transcript of the reference.
@Suite("ignoredTables leaves a ledger table out, from recording to verifying")
struct TranscriptIgnoredTablesTests {
    @Test("recorded with the ledger ignored, the port verifies, and the verifying runner need not repeat it")
    func ledgerIgnored() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let file = folder.path("events.sqlite")
        try ToyEvents.makeFile(at: file)
        var recorder = TranscriptRunner(side: ToyEvents.side(.reference), workDirectory: folder.url)
        recorder.ignoredTables = ["grdb_migrations"]
        let transcript = try recorder.record(ToyEvents.scenarios, on: file)
        #expect(transcript.text.contains("\nrow-detail 2000\nignored-table \"grdb_migrations\"\nscenario 1 "))
        #expect(transcript.stateOptions?.ignoredTables == ["grdb_migrations"])
        let verifier = TranscriptRunner(side: ToyEvents.side(.ledger), workDirectory: folder.url)
        let result = try verifier.verify(ToyEvents.scenarios, against: try Transcript(parsing: transcript.text), on: file)
        #expect(result.agrees, "the transcript's header applies: \(result.text)")
    }

    @Test("recorded without it, the ledger's table and schema entries are mismatches named migration-ledger")
    func ledgerNotIgnored() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let file = folder.path("events.sqlite")
        try ToyEvents.makeFile(at: file)
        let transcript = try TranscriptRunner(side: ToyEvents.side(.reference), workDirectory: folder.url)
            .record(ToyEvents.scenarios, on: file)
        var verifier = TranscriptRunner(side: ToyEvents.side(.ledger), workDirectory: folder.url)
        verifier.ignoredTables = ["grdb_migrations"]
        let result = try verifier.verify(ToyEvents.scenarios, against: transcript, on: file)
        let table = try #require(result.mismatches.first { $0.field == "table grdb_migrations" }, "\(result.text)")
        #expect(table.expected == "(absent)" && table.actual == "table, 1 rows" && table.trap == .migrationLedger)
        #expect(result.mismatches.contains { $0.field == "schema table grdb_migrations" && $0.trap == .migrationLedger })
        #expect(result.mismatches.allSatisfy { $0.trap == .migrationLedger })
        #expect(result.traps == [.migrationLedger])
    }
}
