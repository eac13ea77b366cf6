import Differential
import Foundation
import Testing
import TodoDifferential
import TodoModel
import TodoReaderWriter
import Transcripts

/// The golden transcript of the to-do app: recorded from the legacy session (as before deleting it), verified on the
/// queue and pool sessions (as CI does after).
@Suite("To-do golden transcript")
struct TodoTranscriptTests {
    static func scenarios() -> [Scenario<TodoSession>] {
        TodoComparison.scenarios(seed: 20_261_201, randomScenarios: 1, operations: 40)
    }

    @Test("a transcript recorded from the legacy session verifies on queue and pool, and catches a naive port")
    func recordOnLegacyVerifyOnReaderWriter() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("todo.sqlite")
        try TodoSampleFile.create(at: file)
        let original = try Data(contentsOf: URL(fileURLWithPath: file))

        let legacy = TranscriptRunner(side: TodoComparison.side(.legacy), workDirectory: folder.url)
        let golden = folder.path("todo.transcript")
        try legacy.record(Self.scenarios(), on: file, parameters: [.init("seed", "20261201")]).write(to: golden)

        let transcript = try Transcript(contentsOf: golden)
        #expect(transcript.scenarios.count == Self.scenarios().count)
        for driver in TodoComparison.candidates {
            let runner = TranscriptRunner(side: TodoComparison.side(driver), workDirectory: folder.url)
            let result = try runner.verify(Self.scenarios(), against: transcript, on: file)
            #expect(result.agrees, "\(driver): \(result.text)")
        }
        // The naive port (GRDB's default stored forms) is caught by the transcript alone, without the legacy code.
        let naive = DifferentialSide<TodoSession>(
            name: "naive", open: { try TodoReaderWriterSession.openQueue(at: $0, forms: .grdbDefaults) },
            close: { try $0.close() }
        )
        let caught = try TranscriptRunner(side: naive, workDirectory: folder.url).verify(Self.scenarios(), against: transcript, on: file)
        #expect(caught.mismatches.contains { $0.operation == "toggleItem(0)" })
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == original)
        #expect(folder.files == ["todo.sqlite", "todo.transcript"])
    }
}
