import DriverLedgers
import Foundation
import TestSupport
import Testing

@Suite("Legacy driver under I/O faults and kill -9: exactly the acknowledged transactions, whole, integrity ok")
struct LegacyDriverReliabilityTests {
    static let transactions = 1..<9
    static let variants = [JournalVariant.safe[0], JournalVariant.safe[3]]  // delete, wal

    @Test("fault sweep through Connection.transaction", arguments: variants, FaultFamily.allCases)
    func faultSweep(variant: JournalVariant, family: FaultFamily) throws {
        let report = try LedgerSweep.run(variant, family, budget: 60) { path, vfs, setup in
            LegacyLedgerRunner.run(path: path, vfs: vfs, transactions: Self.transactions, setup: setup)
        }
        LedgerSweep.check(report, area: "fault-sweep legacy \(variant.name) \(family.rawValue)", family: family,
                          transactions: Self.transactions.count)
    }

    @Test("a legacy-driver writer killed at random moments and at exact I/O calls", arguments: variants)
    func crash(variant: JournalVariant) throws {
        try CrashCampaigns.ledger(variant, driver: "legacy", randomRuns: Soak.pick(normal: 16, soak: 150),
                                  exactRuns: Soak.pick(normal: 10, soak: 100), transactionsPerRun: 15)
    }
}
