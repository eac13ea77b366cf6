@testable import DriverPortBench
import Foundation
import Testing

/// Issue 20's goals judged on the `diff` family's results, and the figures its child processes report.
@Suite("Diff bench goals")
struct DiffGoalsTests {
    static func result(_ name: String, _ implementation: String, baseline: String?, ratio: Double?, extra: [String: Double]? = nil) -> BenchResult {
        BenchResult(
            name: name, family: BenchFamily.diff.rawValue, implementation: implementation, medianSeconds: 1,
            baseline: baseline, ratioToBaseline: ratio, rows: 10, rounds: 3, extra: extra)
    }

    @Test("the scale goal is 3x for slices whose work does not grow with the data and 10x for transactions")
    func scaleLimits() {
        let goals = BenchGoals.evaluate([
            Self.result("diff-scale-accounts", "200 transactions", baseline: "200 transactions", ratio: 1),
            Self.result("diff-scale-accounts", "100k transactions", baseline: "200 transactions", ratio: 4),
            Self.result("diff-scale-transactions", "100k transactions", baseline: "200 transactions", ratio: 9),
        ])
        #expect(goals.count == 2)
        #expect(goals.first { $0.caseName == "diff-scale-accounts" }.map { !$0.met && $0.limit == 3 && $0.remark == nil } == true)
        #expect(goals.first { $0.caseName == "diff-scale-transactions" }.map { $0.met && $0.limit == 10 } == true)
    }

    @Test("each scale case's harness part (copies + state, operations left out) is judged against 3x on its own")
    func harnessLimit() {
        let goals = BenchGoals.evaluate([
            Self.result("diff-scale-accounts", "200 transactions", baseline: "200 transactions", ratio: 1,
                        extra: ["copiesSeconds": 0.1, "operationsSeconds": 1, "stateSeconds": 0.1]),
            Self.result("diff-scale-accounts", "100k transactions", baseline: "200 transactions", ratio: 40,
                        extra: ["copiesSeconds": 0.3, "operationsSeconds": 80, "stateSeconds": 0.2]),
            Self.result("diff-scale-infotable", "200 transactions", baseline: "200 transactions", ratio: 1,
                        extra: ["copiesSeconds": 0.1, "operationsSeconds": 1, "stateSeconds": 0.1]),
            Self.result("diff-scale-infotable", "10k transactions", baseline: "200 transactions", ratio: 2,
                        extra: ["copiesSeconds": 0.4, "operationsSeconds": 1, "stateSeconds": 0.4]),
        ])
        let harness = goals.filter { $0.goal.contains("harness") }
        #expect(harness.count == 2)
        let accounts = harness.first { $0.caseName == "diff-scale-accounts" }
        #expect(accounts.map { $0.met && abs($0.measured - 2.5) < 1e-9 && $0.limit == 3 && $0.remark == nil } == true)
        let infotable = harness.first { $0.caseName == "diff-scale-infotable" }
        #expect(infotable.map { !$0.met && abs($0.measured - 4) < 1e-9 && $0.remark == "measured at 10k transactions" } == true)
        #expect(goals.first { $0.caseName == "diff-scale-accounts" && !$0.goal.contains("harness") }.map { !$0.met } == true)
    }

    @Test("the cipher goal judges SQLCipher v4 only; memory in MiB; inspect by its key derivations")
    func cipherMemoryAndDerivations() {
        let goals = BenchGoals.evaluate([
            Self.result("diff-ciphers-100k", "sqlcipher4", baseline: "plain", ratio: 1.4),
            Self.result("diff-ciphers-100k", "aes128", baseline: "plain", ratio: 2),
            Self.result("diff-largest-1m-infotable", "1m transactions", baseline: nil, ratio: nil,
                        extra: ["peakResidentBytes": 200 * 1_048_576]),
            Self.result("inspect-ciphers-100k", "sqlcipher4", baseline: "plain", ratio: 5, extra: ["keyDerivations": 2]),
        ])
        #expect(goals.count == 3)
        #expect(goals.first { $0.caseName == "diff-ciphers-100k" }.map { !$0.met && $0.implementation == "sqlcipher4" } == true)
        #expect(goals.first { $0.unit == "MiB" }.map { $0.met && $0.measured == 200 && $0.remark == nil } == true)
        #expect(goals.first { $0.unit == "derivations" }.map { !$0.met && $0.measured == 2 } == true)
        #expect(BenchReport.figure(2, "derivations") == "2 derivations")
    }

    @Test("the key derivation count is read from the line DRIVERPORT_REPORT_KEY_DERIVATIONS writes")
    func derivationLine() {
        #expect(DiffCases.Runs.keyDerivations(in: "x\ndriverport: key derivations: 12, cache hits: 3\n") == 12)
        #expect(DiffCases.Runs.keyDerivations(in: "nothing") == nil)
    }

    @Test("the harness's phases are read from the line diff --report-phases writes (not the resets after it), and none when all are zero")
    func phaseLine() {
        let line = "driverport: key derivations: 0, cache hits: 0\ndriverport: diff phases: copies 0.125 s, operations 2.500 s, "
            + "readBack 0.250 s, state 0.375 s; resets: 40 by changed pages, 2 by whole files\n"
        #expect(DiffCases.Runs.phases(in: line) == ["copies": 0.125, "operations": 2.5, "readBack": 0.25, "state": 0.375])
        #expect(DiffCases.Runs.phases(in: "driverport: diff phases: copies 0.000 s, operations 0.000 s, state 0.000 s").isEmpty)
    }

    @Test("a child command reports its exit status, output and the peak memory the child reports itself")
    func childCommand() throws {
        let outcome = try ChildCommand(
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "echo out; echo err >&2; [ \"$DRIVERPORT_REPORT_PEAK_MEMORY\" = 1 ] && echo 'driverport: peak resident memory: 4096 bytes' >&2; exit 3"],
            environment: [:], outputPrefix: FileManager.default.temporaryDirectory
                .appendingPathComponent("child-\(UUID().uuidString)").path
        ).run()
        #expect(outcome.status == 3)
        #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "out\n")
        #expect(outcome.standardError == "err\ndriverport: peak resident memory: 4096 bytes\n")
        #expect(outcome.peakResidentBytes == 4096, "the child's own report, asked for through the environment")
        #expect(ChildCommand.peakResidentBytes(in: "nothing") == nil, "no report, no figure (never wait4's)")
    }
}
