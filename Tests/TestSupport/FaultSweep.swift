import Foundation
import SQLiteEngine

/// What one run of a write workload under a fault did, as the workload saw it.
public struct WorkloadOutcome: Sendable {
    /// Transactions whose commit returned success.
    public var acknowledged: Set<Int> = []
    /// Transactions whose commit failed (or whose outcome is otherwise unknown): they may be there, but whole.
    public var inDoubt: Set<Int> = []
    /// Every error the workload reported, as text.
    public var errors: [String] = []
    /// Faults the VFS had injected when the workload was done, before it closed its connections (a fault during
    /// close has no caller left to report to).
    public var injectedBeforeClose: Int64 = 0

    public init() {}
}

/// Sweeps a fault over every call point of a write workload: for N = 1...K (K counted by a dry run), a fresh copy
/// of a base file gets the workload with the Nth matching VFS call failing, then the file is checked with
/// ``LedgerVerdict``. Works for any workload that goes through the fault VFS (the engine now; drivers, export,
/// rekey and upgrade as they land).
public struct FaultSweep {
    /// One point of a sweep.
    public struct Point: Sendable, CustomStringConvertible {
        public let plan: FaultInjectingVFS.Plan
        public let injected: Int64
        /// The kind of call the (last) fault hit.
        public let kind: FaultInjectingVFS.CallKind?
        public let outcome: WorkloadOutcome
        public let verdict: LedgerVerdict

        /// A fault was injected while the workload ran (not during close) and it reported no error.
        public var silent: Bool { outcome.injectedBeforeClose > 0 && outcome.errors.isEmpty }

        public var description: String {
            "\(plan) [\(kind.map { "\($0)" } ?? "-")]: injected \(injected), \(outcome.acknowledged.count) acknowledged, "
                + "\(outcome.errors.count) errors (\(outcome.errors.first ?? "none")); \(verdict)"
        }
    }

    /// The result of a sweep.
    public struct Report: Sendable {
        /// Matching calls the dry run counted (the sweep's points 1...K).
        public var callPoints: Int64 = 0
        public var points: [Point] = []

        public var faultsInjected: Int64 { points.reduce(0) { $0 + $1.injected } }
        /// Points where the file was not exactly the acknowledged (plus whole in-doubt) transactions.
        public var damaged: [Point] { points.filter { !$0.verdict.isExact } }
        /// Points where a fault fired and no error reached the caller.
        public var silent: [Point] { points.filter(\.silent) }
        public var inDoubtCommitted: Int { points.reduce(0) { $0 + $1.verdict.inDoubtCommitted.count } }
        public var inDoubtTotal: Int { points.reduce(0) { $0 + $1.outcome.inDoubt.count } }
    }

    /// A file in the state every run starts from (no sidecars).
    public let base: String
    /// The fault VFS the workload opens its connections through.
    public let vfs: FaultInjectingVFS
    /// Where the per-point copies go.
    public let folder: TemporaryDirectory

    /// Opens a point's file for the verdict (default: the default VFS, no key).
    public let open: (String) throws -> EngineConnection

    public init(
        base: String, vfs: FaultInjectingVFS, folder: TemporaryDirectory,
        open: @escaping (String) throws -> EngineConnection = { try EngineConnection(path: $0, options: .readWrite) }
    ) {
        self.base = base
        self.vfs = vfs
        self.folder = folder
        self.open = open
    }

    /// Runs the sweep.
    ///
    /// - Parameters:
    ///   - plan: the fault for point N (its `nth` is set by the sweep).
    ///   - stride: check every `stride`-th point (1: all); the soak runs all.
    ///   - workload: runs the writes on the file at the path, opening it through the VFS.
    public func run(
        plan: FaultInjectingVFS.Plan, stride: Int64 = 1,
        workload: (_ path: String, _ vfs: FaultInjectingVFS) -> WorkloadOutcome
    ) throws -> Report {
        var report = Report()
        let dryRun = try freshCopy("dry-run")
        vfs.count(kinds: plan.kinds, files: plan.files)
        let clean = workload(dryRun, vfs)
        report.callPoints = vfs.matchingCalls
        vfs.disarm()
        guard clean.errors.isEmpty else { throw DryRunFailed(errors: clean.errors) }
        var nth: Int64 = 1
        while nth <= report.callPoints {
            let path = try freshCopy("point-\(nth)")
            var point = plan
            point.nth = nth
            vfs.arm(point)
            let outcome = workload(path, vfs)
            let injected = vfs.injectedFaults
            let kind = vfs.lastInjectedKind
            vfs.disarm()
            let verdict = LedgerVerdict.check(
                path: path, acknowledged: outcome.acknowledged, inDoubt: outcome.inDoubt, open: open
            )
            report.points.append(Point(plan: point, injected: injected, kind: kind, outcome: outcome, verdict: verdict))
            for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            let (next, overflow) = nth.addingReportingOverflow(max(1, stride))
            if overflow { break }
            nth = next
        }
        return report
    }

    private func freshCopy(_ name: String) throws -> String {
        let path = folder.path(name + ".db")
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        try FileManager.default.copyItem(atPath: base, toPath: path)
        return path
    }

    /// The workload failed without any fault: the sweep would measure nothing.
    public struct DryRunFailed: Error, CustomStringConvertible {
        public let errors: [String]
        public init(errors: [String]) { self.errors = errors }
        public var description: String { "the workload failed without a fault: \(errors.joined(separator: "; "))" }
    }
}

/// Runs ``LedgerWorkload`` transactions straight on the engine, the way an app holding one connection would: on an
/// error it rolls back and goes on with the next transaction (so a transient fault must not poison the connection).
public enum EngineLedgerRunner {
    /// Opens `path` through `vfs` (`nil`: the default VFS), runs `setup` (pragmas), then transactions `range`.
    ///
    /// - Parameter connect: opens the file instead (a stack over `vfs`, such as the page codec with a key applied);
    ///   `vfs` still counts the faults.
    public static func run(
        path: String, vfs: FaultInjectingVFS?, transactions range: Range<Int>, setup: [String] = [],
        connect: ((String) throws -> EngineConnection)? = nil
    ) -> WorkloadOutcome {
        var outcome = WorkloadOutcome()
        let connection: EngineConnection
        do {
            if let connect {
                connection = try connect(path)
            } else {
                connection = try EngineConnection(path: path, options: OpenOptions(access: .readWrite, vfs: vfs?.name))
            }
            for pragma in setup { try connection.execute(pragma) }
        } catch {
            outcome.errors.append("open: \(error)")
            outcome.injectedBeforeClose = vfs?.injectedFaults ?? 0
            return outcome
        }
        for transaction in range {
            do {
                try connection.execute("BEGIN IMMEDIATE")
                for statement in LedgerWorkload.statements(transaction) {
                    try connection.run(statement.sql, statement.arguments)
                }
            } catch {
                outcome.errors.append("txn \(transaction): \(error)")
                if !connection.isAutocommit { try? connection.execute("ROLLBACK") }
                continue
            }
            do {
                try connection.execute("COMMIT")
                outcome.acknowledged.insert(transaction)
            } catch {
                outcome.errors.append("commit \(transaction): \(error)")
                outcome.inDoubt.insert(transaction)
                if !connection.isAutocommit { try? connection.execute("ROLLBACK") }
            }
        }
        outcome.injectedBeforeClose = vfs?.injectedFaults ?? 0
        connection.close()
        return outcome
    }
}
