import Differential
import Foundation
import SQLiteEngine
import TestSupport
import Testing

@Suite("The read-back check reads the candidate's copy through the baseline")
struct ReadBackTests {
    /// The legacy side writes and decodes dates with `T`; the port writes them with a space.
    private let legacy = TrapToy.Habits(stored: .text("2026-12-01T10:20:30.456"), dateSeparator: "T")
    private let port = TrapToy.Habits(stored: .text("2026-12-01 10:20:30.456"))

    @Test("a date the port writes in a form the legacy side cannot decode is a read-back mismatch, named")
    func undecodableDate() throws {
        let report = try runTrapToys(
            baseline: legacy, candidate: port, operations: [TrapOperations.put], readBack: [TrapOperations.dates]
        )
        let readBack = try #require(report.mismatches.first { $0.kind == .readBack })
        #expect(readBack.operation == "dates" && readBack.operationIndex == 0)
        #expect(readBack.field == "(outcome)")
        #expect(readBack.baseline.hasPrefix("threw") && readBack.baseline.contains("cannot decode a date"))
        #expect(readBack.candidate == "returned [\"2026-12-01 10:20:30.456\"]")
        #expect(readBack.trap == .notReadableByLegacy)
        let text = DifferentialReport(
            file: "toy.db", slices: [SliceReport(name: "toy", baseline: "legacy", candidate: "port", scenarios: [report])]
        ).text
        #expect(text.contains("readBack of #0 dates"))
        #expect(text.contains("(not readable by the legacy driver)"))
    }

    @Test("a value the legacy side reads as something else than the port wrote is a read-back mismatch")
    func readsAsSomethingElse() throws {
        // The legacy side stores 1; the port stores 'true', which legacy's reads return as text while the port's
        // own reads return the same text: equal. A legacy read that maps the value differently is what differs.
        let report = try runTrapToys(
            baseline: TrapToy.Habits(stored: .integer(1)), candidate: TrapToy.Habits(stored: .text("true")),
            operations: [TrapOperations.put],
            readBack: [
                DifferentialOperation<TrapToy>("flag") { toy -> Bool in
                    let statement = try toy.connection.prepare("SELECT V FROM VALUE_T ORDER BY ID DESC LIMIT 1")
                    _ = try statement.step()
                    // The legacy side decodes a Bool from an integer column; the port from its own text form.
                    return toy.habits.stored == .integer(1)
                        ? statement.int64(at: 0) == 1 : statement.string(at: 0) == "true"
                },
            ]
        )
        let readBack = try #require(report.mismatches.first { $0.kind == .readBack })
        #expect(readBack.field == "(result)" && readBack.baseline == "false" && readBack.candidate == "true")
        #expect(readBack.trap == .notReadableByLegacy)
    }

    @Test("by default the read-back is skipped after a scenario whose copies store the same thing")
    func skippedWhenStatesAgree() throws {
        let opened = try opensOfThreeAgreeingScenarios(policy: .whenStatesDiffer)
        #expect(opened == Array(repeating: ["legacy baseline", "port candidate"], count: 3).flatMap { $0 })
    }

    @Test("read-back after every scenario opens the candidate's copy again, then the baseline reads it; agreeing sides find nothing")
    func runsEveryScenarioWhenAsked() throws {
        let opened = try opensOfThreeAgreeingScenarios(policy: .afterEveryScenario)
        let expected = ["legacy baseline", "port candidate", "port candidate", "legacy candidate"]
        #expect(opened == Array(repeating: expected, count: 3).flatMap { $0 })
    }

    @Test("a state difference the comparison leaves out of its rows still gets a read-back")
    func runsWhenRowsAreNotCompared() throws {
        let report = try runTrapToys(
            baseline: legacy, candidate: port, operations: [TrapOperations.put], readBack: [TrapOperations.dates],
            configure: { $0.comparison.rows = false }
        )
        #expect(report.mismatches.contains { $0.kind == .readBack && $0.trap == .notReadableByLegacy })
        #expect(!report.mismatches.contains { $0.kind == .rows })
    }

    /// The opens (side and copy) of three one-write scenarios on two sides that write and read alike.
    private func opensOfThreeAgreeingScenarios(policy: ReadBackPolicy) throws -> [String] {
        let opened = OpenLog()
        let folder = TemporaryDirectory.inMemory("readback")
        let source = folder.path("toy.db")
        try TrapToy.makeFile(at: source)
        let side = { (name: String) in
            DifferentialSide<TrapToy>(
                name: name,
                open: { path in
                    opened.append("\(name) \(URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent)")
                    return try TrapToy(path: path, habits: TrapToy.Habits(stored: .text("2026-12-01T10:20:30.456"), dateSeparator: "T"))
                },
                close: { $0.close() }
            )
        }
        var harness = DifferentialHarness<TrapToy>(
            baseline: side("legacy"), candidate: side("port"), workDirectory: folder.url, shrinkBudget: 0,
            readBack: [TrapOperations.dates]
        )
        harness.readBackPolicy = policy
        let scenarios = (0..<3).map { Scenario<TrapToy>(name: "s\($0)", operations: [TrapOperations.put]) }
        let report = try harness.run(slice: "toy", scenarios: scenarios, on: source)
        #expect(report.mismatches == 0, "\(report.details)")
        return opened.entries
    }
}

/// The opens a test saw, in order.
final class OpenLog: @unchecked Sendable {
    // @unchecked Sendable: `lock` guards `stored`.
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ entry: String) { lock.withLock { stored.append(entry) } }
    var entries: [String] { lock.withLock { stored } }
}
