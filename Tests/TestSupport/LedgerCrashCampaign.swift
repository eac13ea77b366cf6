import Foundation

/// Runs a ledger-writing child process again and again on one database, killing it each time, and checks after
/// every kill that the file is intact and holds every acknowledged commit (plus, whole or not at all, the one that
/// was in flight). The database carries over from run to run, the way a real file lives through many crashes.
public struct LedgerCrashCampaign {
    /// The database the children write.
    public let path: String
    /// The child (`CrashWriter`, or any executable that speaks the `ready`/`begin N`/`ack N` protocol and takes
    /// `--db PATH --from N --count C`).
    public let executable: URL
    /// Arguments added to every run (journal set-up).
    public let arguments: [String]

    public private(set) var acknowledged = Set<Int>()
    public private(set) var inDoubt = Set<Int>()
    public private(set) var figures = Figures()
    /// How long the last run's work took (from `ready` to its end).
    public private(set) var lastWorkDuration: TimeInterval?
    private var next = 1

    /// What the campaign did and found.
    public struct Figures: Sendable {
        public var runs = 0
        /// Children that died of SIGKILL (ours or their own at an exact I/O step).
        public var kills = 0
        public var acknowledgedCommits = 0
        public var inFlightAtKill = 0
        public var inFlightThatCommitted = 0
        /// One line per run whose check failed.
        public var failures: [String] = []
    }

    public init(path: String, executable: URL = DriverPortBinary.builtExecutable("CrashWriter"), arguments: [String] = []) {
        self.path = path
        self.executable = executable
        self.arguments = arguments
    }

    /// One child run of `count` transactions, killed at `moment` (or by itself per `childArguments`), then checked.
    @discardableResult
    public mutating func run(
        count: Int, kill moment: CrashHarness.KillMoment, childArguments: [String] = [], label: String
    ) throws -> LedgerVerdict {
        let run = try CrashHarness.run(
            executable, ["--db", path, "--from", String(next), "--count", String(count)] + arguments + childArguments,
            kill: moment
        )
        figures.runs += 1
        lastWorkDuration = run.workDuration
        if run.killed { figures.kills += 1 }
        if !run.killed && run.status != 0 {
            figures.failures.append("\(label): child failed (\(run.status)): \(run.standardError)")
        }
        acknowledged.formUnion(run.acknowledged)
        inDoubt.formUnion(run.inFlight)
        figures.acknowledgedCommits += run.acknowledged.count
        figures.inFlightAtKill += run.inFlight.count
        next = max(next, (run.begun.max() ?? 0) + 1)
        let verdict = LedgerVerdict.check(path: path, acknowledged: acknowledged, inDoubt: inDoubt)
        figures.inFlightThatCommitted += Set(verdict.inDoubtCommitted).intersection(run.inFlight).count
        if !verdict.isExact {
            figures.failures.append("\(label): \(verdict) (acked \(run.acknowledged.count), in flight \(run.inFlight.sorted()))")
        }
        return verdict
    }

    /// Total calls of the kinds/files a `--count-calls` child run of `count` transactions makes (for choosing
    /// self-kill points); the run is not counted and its transactions are acknowledged like any other.
    public mutating func countCalls(count: Int, childArguments: [String]) throws -> Int64 {
        let run = try CrashHarness.run(
            executable, ["--db", path, "--from", String(next), "--count", String(count), "--count-calls"] + arguments + childArguments,
            kill: .never
        )
        acknowledged.formUnion(run.acknowledged)
        next = max(next, (run.begun.max() ?? 0) + 1)
        return run.lines.compactMap { $0.hasPrefix("calls ") ? Int64($0.dropFirst(6)) : nil }.first ?? 0
    }
}
