import Foundation
import SQLiteEngine
import TestSupport
import Testing

/// A journal set-up the sweep runs the workload under.
struct JournalVariant: Sendable, CustomTestStringConvertible {
    let name: String
    /// The mode written into the base file (`wal` persists; the others are per connection).
    let baseMode: String
    let setup: [String]

    var testDescription: String { name }

    static let safe: [JournalVariant] = [
        JournalVariant(name: "delete", baseMode: "delete", setup: []),
        JournalVariant(name: "truncate", baseMode: "delete", setup: ["PRAGMA journal_mode = TRUNCATE"]),
        JournalVariant(name: "persist", baseMode: "delete", setup: ["PRAGMA journal_mode = PERSIST"]),
        JournalVariant(name: "wal", baseMode: "wal", setup: []),
        JournalVariant(name: "wal+normal", baseMode: "wal", setup: ["PRAGMA synchronous = NORMAL"]),
    ]
    /// What the MMEX iOS app sets.
    static let memory = JournalVariant(name: "memory", baseMode: "delete", setup: ["PRAGMA journal_mode = MEMORY"])
}

/// A family of faults the sweep injects at each call point.
enum FaultFamily: String, Sendable, CaseIterable, CustomTestStringConvertible {
    /// Any call fails once with its own SQLITE_IOERR_* code (or SQLITE_CANTOPEN for open).
    case transient
    /// From the chosen call on, every call fails (the disk went away).
    case persistent
    /// A write stores half its bytes and reports SQLITE_FULL (the disk filled up mid-write).
    case diskFullTornWrite

    var testDescription: String { rawValue }

    var plan: FaultInjectingVFS.Plan {
        switch self {
        case .transient: .init(kinds: Set(FaultInjectingVFS.CallKind.allCases), nth: 0)
        case .persistent: .init(kinds: Set(FaultInjectingVFS.CallKind.allCases), nth: 0, persistent: true)
        case .diskFullTornWrite: .init(kinds: [.write], nth: 0, errorCode: ResultCode.full, action: .tearWrite)
        }
    }
}

@Suite("Engine under I/O faults: after every injected fault the file holds exactly the acknowledged transactions")
struct EngineFaultSweepTests {
    static let transactions = 1..<9

    private func sweep(_ variant: JournalVariant, _ family: FaultFamily, budget: Int64) throws -> FaultSweep.Report {
        try LedgerSweep.run(variant, family, budget: budget) { path, vfs, setup in
            EngineLedgerRunner.run(path: path, vfs: vfs, transactions: Self.transactions, setup: setup)
        }
    }

    @Test(
        "rollback-journal and WAL modes: no lost, unexpected or half-applied transaction, integrity ok, errors reported",
        arguments: JournalVariant.safe, FaultFamily.allCases
    )
    func sweepSafeModes(variant: JournalVariant, family: FaultFamily) throws {
        let report = try sweep(variant, family, budget: 100)
        LedgerSweep.check(report, area: "fault-sweep engine \(variant.name) \(family.rawValue)", family: family,
                          transactions: Self.transactions.count)
    }

    @Test("journal_mode=MEMORY (what the MMEX iOS app sets) is not atomic under a torn write or a lasting fault: the sweep sees the damage")
    func memoryJournalIsNotFaultSafe() throws {
        let torn = try sweep(JournalVariant.memory, .diskFullTornWrite, budget: 30)
        let persistent = try sweep(JournalVariant.memory, .persistent, budget: 30)
        ReliabilityFigures.report("fault-sweep engine memory-journal", [
            "runs": torn.points.count + persistent.points.count,
            "damaged after torn write": torn.damaged.count, "damaged after lasting fault": persistent.damaged.count,
        ])
        #expect(!torn.damaged.isEmpty)
        #expect(!persistent.damaged.isEmpty)
    }
}
