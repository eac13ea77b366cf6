import Differential
import Foundation
import TestSupport
import Testing

@Suite("Engine under kill -9: every acknowledged commit survives, the in-flight one is whole or absent, integrity ok")
struct EngineCrashTests {
    static let transactionsPerRun = 15

    private func campaign(_ variant: JournalVariant, in folder: TemporaryDirectory) throws -> LedgerCrashCampaign {
        let path = folder.path("crash.db")
        try LedgerWorkload.createBase(at: path, journalMode: variant.baseMode)
        return LedgerCrashCampaign(path: path, arguments: variant.setup.flatMap { ["--setup", $0] })
    }

    @Test("random kill moments and kills at exact I/O calls", arguments: JournalVariant.safe)
    func killedWriter(variant: JournalVariant) throws {
        let folder = TemporaryDirectory.inMemory("crash")
        var campaign = try campaign(variant, in: folder)
        var random = SplitMix64(seed: 0xC0FFEE ^ UInt64(variant.name.utf8.count))
        // How long a run takes unkilled, so random kill moments fall inside the transactions.
        try campaign.run(count: Self.transactionsPerRun, kill: .never, label: "\(variant.name) unkilled")
        let window = max(1_000, Int((campaign.lastWorkDuration ?? 0.01) * 1_000_000))
        let randomRuns = Soak.pick(normal: 24, soak: 400)
        for run in 0..<randomRuns {
            let delay = random.below(window)
            try campaign.run(count: Self.transactionsPerRun, kill: .afterReady(microseconds: delay), label: "\(variant.name) random #\(run) at \(delay)µs")
        }
        // Kills at exact VFS calls: every kind of call, on every file, anywhere in the run.
        let calls = try campaign.countCalls(count: Self.transactionsPerRun, childArguments: [])
        let exactRuns = Soak.pick(normal: 16, soak: 300)
        for run in 0..<exactRuns {
            let point = Int64(random.int(in: 1...Int(max(1, calls))))
            try campaign.run(
                count: Self.transactionsPerRun, kill: .never, childArguments: ["--kill-at-call", String(point)],
                label: "\(variant.name) exact #\(run) at call \(point)"
            )
        }
        let figures = campaign.figures
        ReliabilityFigures.report("crash engine \(variant.name)", [
            "runs": figures.runs, "kills": figures.kills, "acknowledged commits": figures.acknowledgedCommits,
            "in flight at kill": figures.inFlightAtKill, "in flight that committed": figures.inFlightThatCommitted,
            "failures": figures.failures.count,
        ])
        for failure in figures.failures.prefix(5) { Issue.record("\(failure)") }
        #expect(figures.kills >= (randomRuns + exactRuns) / 2, "too few runs were killed mid-way: the moments miss the work")
        #expect(figures.acknowledgedCommits > 0)
    }

    @Test("journal_mode=MEMORY: a kill between two database writes of a commit leaves the file damaged")
    func memoryJournalIsNotCrashSafe() throws {
        let folder = TemporaryDirectory.inMemory("crash-memory")
        var damaged = 0
        var runs = 0
        // A fresh file per point: after damage, later runs would only measure the damage again.
        for point in 2...12 {
            let path = folder.path("memory-\(point).db")
            try LedgerWorkload.createBase(at: path)
            var campaign = LedgerCrashCampaign(path: path, arguments: ["--setup", "PRAGMA journal_mode = MEMORY"])
            let verdict = try campaign.run(
                count: Self.transactionsPerRun, kill: .never,
                childArguments: ["--kill-at-call", String(point), "--kill-kinds", "write", "--kill-files", "main"],
                label: "memory at main-file write \(point)"
            )
            runs += 1
            if !verdict.isExact { damaged += 1 }
        }
        ReliabilityFigures.report("crash engine memory-journal", ["runs": runs, "damaged": damaged])
        #expect(damaged > 0)
    }
}
