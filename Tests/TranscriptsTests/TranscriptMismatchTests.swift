import Differential
import SQLiteEngine
import Foundation
import TestSupport
import Testing
import Transcripts

@Suite("Verifying finds planted differences and names them")
struct TranscriptMismatchTests {
    private func recorded(_ folder: TemporaryDirectory) throws -> (file: String, transcript: Transcript) {
        let file = folder.path("shelf.sqlite")
        try ToyShelf.makeFile(at: file)
        let runner = TranscriptRunner(side: ToyShelf.side("reference"), workDirectory: folder.url)
        return (file, try runner.record(ToyShelf.scenarios(), on: file))
    }

    @Test("a subject that returns something else: each mismatch names scenario, operation, field and transcript line")
    func differentValue() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let (file, transcript) = try recorded(folder)
        let planted = TranscriptRunner(side: ToyShelf.side("planted", bug: .doubledRatings), workDirectory: folder.url)
        let result = try planted.verify(ToyShelf.scenarios(), against: transcript, on: file)
        #expect(!result.agrees)
        let first = try #require(result.mismatches.first)
        #expect(first.scenario == "add and list" && first.scenarioNumber == 1)
        #expect(first.operation == "books" && first.operationNumber == 2)
        #expect(first.field == "result" && first.path == "[0].rating")
        #expect(first.expected == "4.5" && first.actual == "9.0")
        #expect(first.description.contains("operation 2 books: result at [0].rating: transcript 4.5; got 9.0"))
        let lines = transcript.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[first.line - 1] == "op 2 \"books\"", "the mismatch points at its op line")
        #expect(result.mismatches.allSatisfy { $0.field == "result" }, "the state is the same: only values differ")
    }

    @Test("two long values that differ late are shown from a little before the difference")
    func lateDifference() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let file = folder.path("empty.sqlite")
        try EngineConnection(path: file, options: .create).close()
        func side(_ last: String) -> DifferentialSide<String> {
            DifferentialSide(name: last, open: { _ in last }, close: { _ in })
        }
        let scenario = Scenario<String>(name: "long", operations: [
            DifferentialOperation("text") { last in String(repeating: "a", count: 300) + last },
        ])
        let transcript = try TranscriptRunner(side: side("x"), workDirectory: folder.url).record([scenario], on: file)
        let result = try TranscriptRunner(side: side("y"), workDirectory: folder.url).verify([scenario], against: transcript, on: file)
        let mismatch = try #require(result.mismatches.first)
        #expect(mismatch.expected == "…" + String(repeating: "a", count: 20) + "x\"")
        #expect(mismatch.actual == "…" + String(repeating: "a", count: 20) + "y\"")
    }

    @Test("a subject that writes something else: the state mismatch names the table and the row, at the state line")
    func differentState() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let (file, transcript) = try recorded(folder)
        let planted = TranscriptRunner(side: ToyShelf.side("planted", bug: .extraRow), workDirectory: folder.url)
        let result = try planted.verify(ToyShelf.scenarios(), against: transcript, on: file)
        let state = try #require(result.mismatches.first { $0.table == "BOOK" }, "\(result.text)")
        #expect(state.scenario == "add and list" && state.operation == nil)
        #expect(state.field == "extra row BOOK[rowid 4]" && state.key == "rowid 4")
        #expect(state.expected == "(absent)" && state.actual == "ID=4, TITLE='Ulysses*', RATING=0.0")
        let lines = transcript.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[state.line - 1].hasPrefix("state "), "the mismatch points at the scenario's state line")
    }

    @Test("a hand-edited value in the transcript is a mismatch at that operation")
    func editedTranscript() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let (file, transcript) = try recorded(folder)
        let text = transcript.text.replacingOccurrences(of: "\nop 1 \"add(Ulysses)\"\n= 3\n", with: "\nop 1 \"add(Ulysses)\"\n= 4\n")
        #expect(text != transcript.text)
        let edited = try Transcript(parsing: text)
        let runner = TranscriptRunner(side: ToyShelf.side("reference"), workDirectory: folder.url)
        let result = try runner.verify(ToyShelf.scenarios(), against: edited, on: file)
        #expect(result.mismatches.count == 1)
        #expect(result.mismatches.first?.operation == "add(Ulysses)")
        #expect(result.mismatches.first?.expected == "4" && result.mismatches.first?.actual == "3")
    }

    @Test("other scenarios than the recorded ones are reported, not run as if they matched")
    func otherScenarios() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let (file, transcript) = try recorded(folder)
        let runner = TranscriptRunner(side: ToyShelf.side("reference"), workDirectory: folder.url)
        let result = try runner.verify(ToyShelf.scenarios(seed: 99), against: transcript, on: file)
        #expect(result.mismatches.contains { $0.field == "scenario" && $0.scenario == "random-7" })
        let fewer = try runner.verify(Array(ToyShelf.scenarios().prefix(3)), against: transcript, on: file)
        #expect(fewer.mismatches.map(\.field) == ["scenario"])
    }

    @Test("a transcript recorded on another file is refused before anything runs, naming line 2")
    func foreignSource() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let (_, transcript) = try recorded(folder)
        let other = folder.path("other.sqlite")
        try ToyShelf.makeFile(at: other)
        let connection = try EngineConnection(path: other, options: .readWrite)
        try connection.execute("INSERT INTO BOOK(TITLE) VALUES ('Kim')")
        connection.close()
        let runner = TranscriptRunner(side: ToyShelf.side("reference"), workDirectory: folder.url)
        #expect {
            _ = try runner.verify(ToyShelf.scenarios(), against: transcript, on: other)
        } throws: { error in
            guard case .foreignSource(let line, _, _) = error as? TranscriptError else { return false }
            return line == 2
        }
    }
}
