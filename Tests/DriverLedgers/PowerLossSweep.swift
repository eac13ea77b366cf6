import Foundation
import TestSupport

/// What a workload run under a ``PowerLossVFS`` saw: which transactions were acknowledged (and how many syncs had
/// completed then), which are in doubt.
public final class PowerLossLog {
    public let vfs: PowerLossVFS
    /// Acknowledged transactions, with the syncs completed right after the acknowledgement.
    public private(set) var acknowledged: [Int: Int64] = [:]
    /// Transactions whose commit failed or was cut short: there or not, but whole.
    public private(set) var inDoubt: Set<Int> = []
    public private(set) var errors: [String] = []

    public init(vfs: PowerLossVFS) { self.vfs = vfs }

    /// Runs transactions `range` one by one with `body` (which sets its flag once every statement ran, so a failure
    /// after it is the commit's), stopping at the first failure once the power is out.
    public func run(_ range: Range<Int>, _ body: (_ transaction: Int, _ bodyDone: inout Bool) throws -> Void) {
        for transaction in range {
            var bodyDone = false
            do {
                try body(transaction, &bodyDone)
                acknowledge(transaction)
            } catch {
                errors.append("txn \(transaction): \(error)")
                if bodyDone { inDoubt.insert(transaction) }
                if vfs.isCut { return }
            }
        }
    }

    /// Records that `transaction` was acknowledged now.
    public func acknowledge(_ transaction: Int) { acknowledged[transaction] = vfs.completedSyncs }

    /// Records that `transaction` failed in a way that may have committed it.
    public func fail(_ transaction: Int, _ error: String) {
        errors.append(error)
        inDoubt.insert(transaction)
    }

    /// An error outside a transaction (opening, closing).
    public func note(_ error: String) { errors.append(error) }
}

/// What a file holds after a simulated power cut, against what had to survive.
public struct PowerLossVerdict: Sendable, CustomStringConvertible {
    public var integrityOK: Bool
    /// Transactions that had to survive and are missing.
    public var lost: [Int]
    /// A transaction partly there, or one there that was never acknowledged nor in doubt.
    public var halfApplied: Bool
    public var detail: String

    public init(integrityOK: Bool, lost: [Int], halfApplied: Bool, detail: String) {
        self.integrityOK = integrityOK
        self.lost = lost
        self.halfApplied = halfApplied
        self.detail = detail
    }

    public var isExact: Bool { integrityOK && lost.isEmpty && !halfApplied }
    public var description: String { detail }

    /// The ledger workload's verdict.
    public init(_ verdict: LedgerVerdict) {
        self.init(
            integrityOK: verdict.integrityOK, lost: verdict.lost, halfApplied: verdict.halfApplied || !verdict.unexpected.isEmpty,
            detail: "\(verdict)"
        )
    }

    /// The session workload's verdict.
    public init(_ verdict: SessionLedger.Verdict) {
        self.init(
            integrityOK: verdict.integrity == "ok", lost: verdict.lost,
            halfApplied: !verdict.partial.isEmpty || !verdict.unexpected.isEmpty, detail: "\(verdict)"
        )
    }
}

/// Sweeps simulated power cuts over a write workload: a dry run counts the disk-changing calls K; then for cut
/// points N in 1...K (every point in the soak, about `budget` spread points in the test run) a fresh copy of the
/// base file gets the workload with the power going out before call N, and each ``PowerLossVFS/Mode`` of the cut
/// is applied in turn and checked: the file opens, `PRAGMA integrity_check` says ok, every transaction acknowledged
/// before the last completed sync is there (every acknowledged one, when the set-up syncs at each commit), and
/// nothing is half-applied or there without having been begun.
public struct PowerLossSweep {
    /// One simulated cut that did not hold.
    public struct Damage: Sendable, CustomStringConvertible {
        public let point: Int64
        public let mode: PowerLossVFS.Mode
        public let verdict: PowerLossVerdict
        public let errors: [String]
        public var description: String {
            "cut before call \(point), \(mode): \(verdict) (workload errors: \(errors.prefix(2).joined(separator: "; ")))"
        }
    }

    /// The result of a sweep.
    public struct Report: Sendable {
        /// Disk-changing calls the dry run counted (the cut points 1...K).
        public var cutPoints: Int64 = 0
        /// Workload runs (one per cut point checked).
        public var runs = 0
        /// Simulated cuts checked (runs x modes).
        public var cuts = 0
        /// Unsynced writes the cuts found (what they could lose or tear), summed.
        public var unsyncedAtCut: Int64 = 0
        /// Acknowledged transactions that had to survive, summed over the cuts.
        public var requiredSurvivors = 0
        public var damaged: [Damage] = []
        public var lost: Int { damaged.filter { !$0.verdict.lost.isEmpty }.count }
        public var halfApplied: Int { damaged.filter(\.verdict.halfApplied).count }
        public var unreadable: Int { damaged.filter { !$0.verdict.integrityOK }.count }

        public init() {}

        /// The figures line's values.
        public var figures: [(String, Any)] {
            [("cut points", cutPoints), ("runs", runs), ("simulated cuts", cuts), ("unsynced writes at cut", unsyncedAtCut),
             ("acknowledged that had to survive", requiredSurvivors), ("lost", lost), ("half-applied", halfApplied),
             ("not intact", unreadable)]
        }
    }

    /// A file in the state every run starts from (no sidecars).
    public let base: String
    public let vfs: PowerLossVFS
    public let folder: TemporaryDirectory
    /// Every acknowledged transaction must survive (the set-up syncs at each commit: `synchronous = FULL`), not
    /// only those acknowledged before a later sync.
    public let durableAtCommit: Bool
    public let modes: [PowerLossVFS.Mode]

    public init(
        base: String, vfs: PowerLossVFS, folder: TemporaryDirectory, durableAtCommit: Bool,
        modes: [PowerLossVFS.Mode] = PowerLossVFS.Mode.allCases
    ) {
        self.base = base
        self.vfs = vfs
        self.folder = folder
        self.durableAtCommit = durableAtCommit
        self.modes = modes
    }

    /// Runs the sweep.
    ///
    /// - Parameters:
    ///   - budget: cut points checked in the test run (the soak checks every one).
    ///   - workload: runs the writes on the file at the path through the VFS, logs them, and closes every
    ///     connection.
    ///   - check: opens the file as the next launch would (default VFS or the codec, with the key) and compares it
    ///     with the transactions that had to survive and those in doubt.
    public func run(
        budget: Int64,
        workload: (_ path: String, _ log: PowerLossLog) -> Void,
        check: (_ path: String, _ required: Set<Int>, _ inDoubt: Set<Int>) -> PowerLossVerdict
    ) throws -> Report {
        var report = Report()
        let dryRun = try freshCopy("dry-run")
        vfs.arm(cutBefore: nil)
        let clean = PowerLossLog(vfs: vfs)
        workload(dryRun, clean)
        report.cutPoints = vfs.events
        guard clean.errors.isEmpty else { throw FaultSweep.DryRunFailed(errors: clean.errors) }
        let stride = Soak.stride(points: report.cutPoints, budget: budget)
        var point: Int64 = 1
        while point <= report.cutPoints {
            let path = try freshCopy("cut-\(point)")
            vfs.arm(cutBefore: point)
            let log = PowerLossLog(vfs: vfs)
            workload(path, log)
            vfs.cutNow()
            report.runs += 1
            report.unsyncedAtCut += vfs.unsyncedWrites * Int64(modes.count)
            let durable = vfs.durableSyncs
            let required = Set(log.acknowledged.filter { durableAtCommit || $0.value < durable }.keys)
            let inDoubt = Set(log.acknowledged.keys).subtracting(required).union(log.inDoubt)
            for mode in modes {
                try vfs.apply(mode, seed: UInt64(point))
                let verdict = check(path, required, inDoubt)
                report.cuts += 1
                report.requiredSurvivors += required.count
                if !verdict.isExact {
                    report.damaged.append(Damage(point: point, mode: mode, verdict: verdict, errors: log.errors))
                }
            }
            remove(path)
            point += stride
        }
        vfs.arm(cutBefore: nil)
        return report
    }

    private func remove(_ path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    private func freshCopy(_ name: String) throws -> String {
        let path = folder.path(name + ".db")
        remove(path)
        try FileManager.default.copyItem(atPath: base, toPath: path)
        return path
    }
}
