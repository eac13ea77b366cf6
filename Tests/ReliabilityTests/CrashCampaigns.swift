import Differential
import Foundation
import TestSupport
import Testing

/// Crash campaigns of the ledger workload, shared by the engine and the drivers.
enum CrashCampaigns {
    /// Runs `randomRuns` children killed at random moments and `exactRuns` killed at random exact VFS calls, on one
    /// database in `variant`, through `driver` (`CrashWriter --driver`), checking after every kill.
    static func ledger(
        _ variant: JournalVariant, driver: String, randomRuns: Int, exactRuns: Int, transactionsPerRun: Int
    ) throws {
        let folder = TemporaryDirectory.inMemory("crash")
        let path = folder.path("crash.db")
        try LedgerWorkload.createBase(at: path, journalMode: variant.baseMode)
        var campaign = LedgerCrashCampaign(
            path: path, arguments: ["--driver", driver] + variant.setup.flatMap { ["--setup", $0] }
        )
        var random = SplitMix64(seed: 0xC0FFEE ^ UInt64(variant.name.utf8.count) ^ UInt64(driver.utf8.count << 8))
        // How long a run's work takes unkilled, so random kill moments fall inside the transactions.
        try campaign.run(count: transactionsPerRun, kill: .never, label: "\(variant.name) unkilled")
        let window = max(1_000, Int((campaign.lastWorkDuration ?? 0.01) * 1_000_000))
        for run in 0..<randomRuns {
            let delay = random.below(window)
            try campaign.run(count: transactionsPerRun, kill: .afterReady(microseconds: delay),
                             label: "\(variant.name) random #\(run) at \(delay)µs")
        }
        // Kills at exact VFS calls: every kind of call, on every file, anywhere in the run.
        let calls = try campaign.countCalls(count: transactionsPerRun, childArguments: [])
        for run in 0..<exactRuns {
            let point = Int64(random.int(in: 1...Int(max(1, calls))))
            try campaign.run(
                count: transactionsPerRun, kill: .never, childArguments: ["--kill-at-call", String(point)],
                label: "\(variant.name) exact #\(run) at call \(point)"
            )
        }
        let figures = campaign.figures
        ReliabilityFigures.report("crash \(driver) \(variant.name)", [
            "runs": figures.runs, "kills": figures.kills, "acknowledged commits": figures.acknowledgedCommits,
            "in flight at kill": figures.inFlightAtKill, "in flight that committed": figures.inFlightThatCommitted,
            "failures": figures.failures.count,
        ])
        for failure in figures.failures.prefix(5) { Issue.record("\(failure)") }
        // The exact-call kills land whatever the machine's speed; random moments only add to them.
        #expect(figures.kills >= exactRuns / 2, "too few runs were killed mid-way: the kill points miss the work")
        #expect(figures.acknowledgedCommits > 0)
    }
}
