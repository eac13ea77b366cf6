import Differential
import Foundation
import PersistenceSession
import Testing
import TodoDifferential
import TodoModel

@Suite("To-do differential")
struct TodoDifferentialTests {
    /// Random scenarios in the default run; `DRIVERPORT_SOAK=1` runs many more.
    static let randomScenarios = ProcessInfo.processInfo.environment["DRIVERPORT_SOAK"] == "1" ? 40 : 3
    static let operationsPerScenario = ProcessInfo.processInfo.environment["DRIVERPORT_SOAK"] == "1" ? 400 : 100

    @Test("legacy vs queue and legacy vs pool agree on every hand-written scenario and on seeded random operations")
    func sessionsAgree() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("todo.sqlite")
        try TodoSampleFile.create(at: file)
        let original = try Data(contentsOf: URL(fileURLWithPath: file))
        let reports = try TodoComparison.run(
            on: file, seed: 20_261_201, randomScenarios: Self.randomScenarios,
            operations: Self.operationsPerScenario, workDirectory: folder.url
        )
        #expect(reports.map(\.candidate) == ["queue", "pool"])
        let handWritten = TodoScenarios.all.reduce(0) { $0 + $1.operations.count }
        for report in reports {
            print(
                "todo differential: legacy vs \(report.candidate): \(report.scenarios.count) scenarios, "
                    + "\(report.operations) operations, \(report.mismatches) mismatches"
            )
            for mismatch in report.details.prefix(10) { print("  \(mismatch.scenario): \(mismatch)") }
            #expect(report.operations == handWritten + Self.randomScenarios * Self.operationsPerScenario)
            #expect(report.mismatches == 0, "legacy vs \(report.candidate): \(report.details.prefix(5))")
        }
        // The harness works on copies: the source file is never written, nothing is left beside it.
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == original)
        #expect(folder.files == ["todo.sqlite"])
    }

    @Test("a naive port that lets GRDB choose the stored forms of dates and UUIDs is caught")
    func naivePortIsCaught() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("todo.sqlite")
        try TodoSampleFile.create(at: file)
        let naive = NaivePort.side
        let harness = DifferentialHarness(
            baseline: TodoComparison.side(.legacy), candidate: naive, workDirectory: folder.url, shrinkBudget: 0
        )
        let report = try harness.run(slice: "todo", scenarios: TodoScenarios.all, on: file)
        let fields = Set(report.details.map(\.field))
        #expect(report.mismatches > 0)
        // On disk: the ids it wrote are 16-byte blobs where the legacy side wrote text.
        #expect(report.details.contains { $0.kind == .rows && $0.field.hasSuffix(".id") && $0.candidate.contains("blob") })
        // Returned values: `WHERE id = ?` with a blob no longer finds the rows the legacy side wrote.
        #expect(report.details.contains { $0.kind == .result && $0.operation == "toggleItem(0)" })
        print("naive port: \(report.mismatches) mismatches, fields \(fields.sorted().prefix(12))")
    }
}
