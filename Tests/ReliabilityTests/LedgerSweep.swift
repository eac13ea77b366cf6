import Foundation
import SQLiteEngine
import TestSupport
import Testing

/// The fault sweep of the ledger workload, shared by the engine and the drivers.
enum LedgerSweep {
    /// Sweeps `family` over a workload in `variant`, checking about `budget` points (every point in the soak).
    static func run(
        _ variant: JournalVariant, _ family: FaultFamily, budget: Int64,
        workload: @escaping (_ path: String, _ vfs: FaultInjectingVFS, _ setup: [String]) -> WorkloadOutcome
    ) throws -> FaultSweep.Report {
        let folder = TemporaryDirectory.inMemory("fault-sweep")
        let base = folder.path("base.db")
        try LedgerWorkload.createBase(at: base, journalMode: variant.baseMode)
        let vfs = try FaultInjectingVFS()
        let sweep = FaultSweep(base: base, vfs: vfs, folder: folder)
        let setup = variant.setup + ["PRAGMA cache_size = 8"]
        // Count first, to pick a stride that fits the budget.
        let counting = try sweep.run(plan: family.plan, stride: Int64.max) { path, vfs in workload(path, vfs, setup) }
        let stride = Soak.stride(points: counting.callPoints, budget: budget)
        return try sweep.run(plan: family.plan, stride: stride) { path, vfs in workload(path, vfs, setup) }
    }

    /// The promises every sweep checks, and its figures.
    static func check(_ report: FaultSweep.Report, area: String, family: FaultFamily, transactions: Int) {
        ReliabilityFigures.report(area, [
            "call points": report.callPoints, "runs": report.points.count, "faults injected": report.faultsInjected,
            "in-doubt commits": report.inDoubtTotal, "in-doubt that committed": report.inDoubtCommitted,
            "damaged": report.damaged.count,
        ])
        #expect(report.callPoints > 50)
        #expect(report.faultsInjected > 0)
        for point in report.damaged.prefix(5) { Issue.record("damaged: \(point)") }
        // SQLite ignores a failed unlock after the commit point; every other fault must reach the caller.
        for point in report.silent where point.kind != .unlock { Issue.record("fault not reported: \(point)") }
        if family != .persistent {
            // One failed call costs at most the one transaction it hit: the connection recovers for the next.
            for point in report.points where !(point.outcome.errors.first?.hasPrefix("open") ?? false) {
                let settled = point.outcome.acknowledged.count + point.outcome.inDoubt.count
                #expect(settled >= transactions - 1, "the connection did not recover: \(point)")
            }
        }
    }
}
