import Differential
import Foundation
import PersistenceSession
import Testing
import TodoDifferential
import TodoModel

@Suite("To-do read-back")
struct TodoReadBackTests {
    @Test("a naive port's dates and UUIDs are not readable by the legacy session: the read-back names the trap")
    func naivePortIsNotReadableByLegacy() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("todo.sqlite")
        try TodoSampleFile.create(at: file)
        let naive = NaivePort.side
        let harness = DifferentialHarness(
            baseline: TodoComparison.side(.legacy), candidate: naive, workDirectory: folder.url, shrinkBudget: 0,
            readBack: TodoReadBack.operations
        )
        let report = try harness.run(slice: "todo", scenarios: TodoScenarios.all.filter { $0.name.hasPrefix("dates") }, on: file)
        let readBack = report.details.filter { $0.kind == .readBack }
        #expect(!readBack.isEmpty, "the legacy session cannot read what the naive port wrote")
        #expect(readBack.allSatisfy { $0.trap == .notReadableByLegacy })
        #expect(readBack.contains { $0.operation == "read back items(each list)" && $0.baseline.hasPrefix("threw") })
        // On disk the same rows are named for what they are.
        let traps = Set(report.details.filter { $0.kind == .rows }.compactMap(\.trap?.id))
        #expect(traps.contains("date-format") || traps.contains("uuid-form"), "\(traps)")
        print("naive port read-back: \(readBack.count) mismatches; traps on disk: \(traps.sorted())")
    }
}
