import Differential
import Foundation
import TestSupport
import Testing
import Transcripts

@Suite("Transcripts of a toy app: record, verify, determinism")
struct TranscriptRoundTripTests {
    @Test("a recorded transcript verifies against the same implementation, and the source file is never written")
    func recordThenVerify() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let file = folder.path("shelf.sqlite")
        try ToyShelf.makeFile(at: file)
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let runner = TranscriptRunner(side: ToyShelf.side("toy"), workDirectory: folder.url)
        let transcript = try runner.record(ToyShelf.scenarios(), on: file, parameters: [.init("seed", "7")])
        #expect(transcript.scenarios.count == 4)
        #expect(transcript.operationCount == 4 + 24)
        // The duplicate title throws, and the error is recorded in the tools' standard form, no copy path in it.
        let duplicate = transcript.scenarios[1].operations[0].outcome
        guard case .threw(let description) = duplicate else {
            Issue.record("the duplicate add should throw, got \(duplicate)")
            return
        }
        #expect(description == "SQLite error 19 [unique on BOOK(TITLE)]", "\(description)")
        #expect(!description.contains(folder.url.path))

        let result = try runner.verify(ToyShelf.scenarios(), against: transcript, on: file)
        #expect(result.agrees, "\(result.mismatches)")
        #expect(result.operations == transcript.operationCount)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["shelf.sqlite"])
    }

    @Test("the text is byte-identical when recorded twice, and reads back to the same transcript")
    func deterministic() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let file = folder.path("shelf.sqlite")
        try ToyShelf.makeFile(at: file)
        let runner = TranscriptRunner(side: ToyShelf.side("toy"), workDirectory: folder.url)
        let first = try runner.record(ToyShelf.scenarios(), on: file).text
        let second = try runner.record(ToyShelf.scenarios(), on: file).text
        #expect(first == second)
        #expect(try Transcript(parsing: first).text == first)
        let recorded = try runner.record(ToyShelf.scenarios(), on: file)
        #expect(try Transcript(parsing: first) == recorded, "reading the text gives the transcript, line numbers included")
        #expect(first.hasPrefix("driverport-transcript 3\nsource sha256 "))
        #expect(first.hasSuffix("end scenarios 4 operations 28\n"))
        // A title with a quote and a line break stays on its line.
        #expect(first.contains(#"\"quoted\"\nline"#) || !first.contains("quoted"))
        #expect(!first.split(separator: "\n").contains { $0.hasPrefix("line") })
    }

    @Test("a value is recorded as its SHA-256 when its canonical text is longer than the limit")
    func largeValues() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let file = folder.path("shelf.sqlite")
        try ToyShelf.makeFile(at: file)
        var runner = TranscriptRunner(side: ToyShelf.side("toy"), workDirectory: folder.url)
        runner.largeValueLimit = 40
        let transcript = try runner.record(ToyShelf.scenarios(), on: file)
        #expect(transcript.text.contains("\n~ "), "the book lists are longer than 40 bytes")
        #expect(try runner.verify(ToyShelf.scenarios(), against: transcript, on: file).agrees)
        let planted = TranscriptRunner(side: ToyShelf.side("planted", bug: .doubledRatings), workDirectory: folder.url)
        let result = try planted.verify(ToyShelf.scenarios(), against: transcript, on: file)
        #expect(result.mismatches.contains { $0.field == "result" && $0.expected.contains("sha256") })
    }
}
