import DriverLedgers
import Foundation
import TestSupport
import Testing

@Suite("Reader/writer driver under I/O faults and kill -9: exactly the acknowledged transactions, whole, integrity ok")
struct ReaderWriterDriverReliabilityTests {
    static let transactions = 1..<9

    /// The queue on a rollback-journal file (it leaves the mode alone); the pool always runs in WAL.
    static let setups: [(ReaderWriterLedgerRunner.Kind, JournalVariant)] = [
        (.queue, JournalVariant.safe[0]), (.pool, JournalVariant.safe[3]),
    ]

    @Test("fault sweep through write { } (and reads beside it on the pool)", arguments: [0, 1], FaultFamily.allCases)
    func faultSweep(setup: Int, family: FaultFamily) throws {
        let (kind, variant) = Self.setups[setup]
        let report = try LedgerSweep.run(variant, family, budget: 60) { path, vfs, pragmas in
            ReaderWriterLedgerRunner.run(kind, path: path, vfs: vfs, transactions: Self.transactions, setup: pragmas)
        }
        LedgerSweep.check(report, area: "fault-sweep \(kind.rawValue) \(variant.name) \(family.rawValue)", family: family,
                          transactions: Self.transactions.count)
    }

    @Test("a queue or pool writer killed at random moments and at exact I/O calls", arguments: [0, 1])
    func crash(setup: Int) throws {
        let (kind, variant) = Self.setups[setup]
        try CrashCampaigns.ledger(variant, driver: kind.rawValue, randomRuns: Soak.pick(normal: 16, soak: 150),
                                  exactRuns: Soak.pick(normal: 10, soak: 100), transactionsPerRun: 15)
    }
}
