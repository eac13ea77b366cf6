import Differential
import Foundation
import SQLiteEngine
import Testing
import TestSupport

/// Forking a test process whose other threads may hold locks can hang the child: these run only where asked
/// (`DRIVERPORT_FORK_TESTS=1`, e.g. `make soak`), one at a time.
@Suite("A side that traps ends its scenario in a report, and the run goes on", .serialized,
       .enabled(if: ProcessInfo.processInfo.environment["DRIVERPORT_FORK_TESTS"] == "1" || Soak.isEnabled,
                "forks the test process: run with DRIVERPORT_FORK_TESTS=1 or DRIVERPORT_SOAK=1"))
struct CrashIsolationTests {
    private func harness(
        candidate: TrapToy.Habits, in folder: TemporaryDirectory
    ) throws -> (DifferentialHarness<TrapToy>, String) {
        let source = folder.path("toy.db")
        try TrapToy.makeFile(at: source)
        var harness = DifferentialHarness<TrapToy>(
            baseline: DifferentialSide(name: "legacy", open: { try TrapToy(path: $0, habits: TrapToy.Habits(stored: .text("2026-12-01T10:20:30.456"))) }, close: { $0.close() }),
            candidate: DifferentialSide(name: "port", open: { try TrapToy(path: $0, habits: candidate) }, close: { $0.close() }),
            workDirectory: folder.url, shrinkBudget: 8
        )
        harness.isolatesCrashes = true
        return (harness, source)
    }

    @Test("a trap on the candidate is a crash mismatch naming the operation, the signal and the runtime's message; the next scenario still runs")
    func trapBecomesMismatch() throws {
        let folder = TemporaryDirectory.inMemory("crash")
        let (harness, source) = try harness(
            candidate: TrapToy.Habits(stored: .text("2026-12-01 10:20"), trapsOnUnparsedDate: true), in: folder
        )
        let report = try harness.run(slice: "toy", scenarios: [
            Scenario(name: "parse", operations: [TrapOperations.put, TrapOperations.parsedDate]),
            Scenario(name: "after", operations: [TrapOperations.count(.integer(7))]),
        ], on: source)
        let crashed = try #require(report.scenarios.first)
        let crash = try #require(crashed.mismatches.first)
        #expect(crashed.mismatches.count == 1)
        #expect(crash.kind == .crash)
        #expect(crash.operationIndex == 1 && crash.operation == "parsedDate")
        #expect(crash.baseline == "ran")
        #expect(crash.candidate.hasPrefix("died of signal"), "\(crash.candidate)")
        #expect(crash.candidate.contains("in #1 parsedDate on port"))
        #expect(crash.candidate.contains("Unexpectedly found nil while parsing '2026-12-01 10:20'"), "\(crash.candidate)")
        #expect(crashed.shortestFailingSequence == ["put", "parsedDate"], "shrinking runs isolated too")
        #expect(report.scenarios.last?.agrees == true, "the run went on")
    }

    @Test("isolated, a scenario without a crash reports exactly what it reports in process")
    func sameVerdictIsolated() throws {
        let folder = TemporaryDirectory.inMemory("crash-same")
        let uuid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        let candidate = TrapToy.Habits(stored: .text(uuid.lowercased()))
        var (harness, source) = try harness(candidate: candidate, in: folder)
        harness.baseline = DifferentialSide(name: "legacy", open: { try TrapToy(path: $0, habits: TrapToy.Habits(stored: .text(uuid))) }, close: { $0.close() })
        let scenario = Scenario(name: "lookup", operations: [TrapOperations.put, TrapOperations.count(.text(uuid)), TrapOperations.put])
        let isolated = try harness.run(scenario, on: source)
        harness.isolatesCrashes = false
        let inProcess = try harness.run(scenario, on: source)
        harness.removeWorkingCopies()
        #expect(!isolated.mismatches.isEmpty)
        #expect(isolated == inProcess)
    }
}
