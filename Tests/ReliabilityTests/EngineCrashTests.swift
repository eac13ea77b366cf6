import Differential
import Foundation
import TestSupport
import Testing

@Suite("Engine under kill -9: every acknowledged commit survives, the in-flight one is whole or absent, integrity ok")
struct EngineCrashTests {
    static let transactionsPerRun = 15

    @Test("random kill moments and kills at exact I/O calls", arguments: JournalVariant.safe)
    func killedWriter(variant: JournalVariant) throws {
        try CrashCampaigns.ledger(variant, driver: "engine", randomRuns: Soak.pick(normal: 24, soak: 200),
                                  exactRuns: Soak.pick(normal: 16, soak: 150), transactionsPerRun: Self.transactionsPerRun)
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
