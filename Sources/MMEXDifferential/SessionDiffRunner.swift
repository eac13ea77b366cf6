import Differential
import Foundation
import MMEXLegacy
import MMEXModel
import MMEXSessionSupport
import MMEXSession
import PersistenceSession
import SQLiteEngine

/// Runs ported slices' scenarios through the legacy session and each reader/writer session, on copies of one file
/// (or on in-memory samples), and reports per slice: what `driverport diff` and the tests run.
///
/// Per slice and comparison it runs, each on fresh copies of the source:
/// 1. "open and close": no operation, then the whole state is compared, journal mode and sidecars included. This is
///    where a session's lifecycle shows (the pool must leave a rollback-journal file as it came).
/// 2. The slice's hand-written scenarios, then its random ones (``DiffOptions``). On a WAL-mode source their journal
///    modes are not compared again: the legacy session takes such a file out of WAL in every scenario (a recorded
///    difference, reported once by step 1); everything else is.
/// 3. After a scenario of either step (a file source) whose copies store something different, the read-back check:
///    the state the reader/writer session left is read by the legacy session through the slice's read operations
///    (``PortedSlice/readBack``) and must give what the reader/writer session reads; anything else is a mismatch
///    named "not readable by the legacy driver". Copies that store the same rows, schema and `user_version` hold
///    nothing the legacy session did not write itself, so the check is skipped there (``readBackPolicy``).
///
/// Mismatches covered by a ``RecordedDifference`` are reported apart and do not fail the run; every mismatch that
/// is a known porting trap names it (``PortingTrap``).
public struct SessionDiffRunner {
    public var source: DiffSource
    public var options: DiffOptions
    public var comparisons: [SessionComparison]
    /// Where the working copies go (a private folder is made and removed inside).
    public var workDirectory: URL
    /// Re-runs shrinking may spend on a failing scenario.
    public var shrinkBudget: Int
    /// Whether the harness resets and compares only what the sessions wrote (``Differential/ChangedPageTracking``,
    /// the default) or whole files.
    public var tracksChangedPages = true
    /// Whether each operation runs in both sessions at the same time, on two threads (the default): a scenario then
    /// takes about the slower session's time, not the sum of both. The sessions are `Sendable` and share nothing
    /// (each has its own copy, minter and connections); the verdict is the same either way.
    public var runsSidesConcurrently = true
    /// When the read-back check runs: after a scenario whose copies store something different (the default), or
    /// after every scenario (``Differential/ReadBackPolicy/afterEveryScenario``: slower on a large file, where it
    /// reads every table the slice writes twice per scenario, and it also compares how the sessions decode a state
    /// they agree on).
    public var readBackPolicy = ReadBackPolicy.whenStatesDiffer
    /// Where the run's time goes, summed over every harness it makes (`nil`, the default: not measured).
    package var phases: HarnessPhases?
    /// A change to every statement a driver's sessions prepare, by driver (the planted-bug run's hook); empty: the
    /// statements as the repositories write them.
    package var statementRewrites: [DriverKind: @Sendable (String) -> String] = [:]

    public init(
        source: DiffSource, options: DiffOptions = .standard, comparisons: [SessionComparison] = SessionComparison.allCases,
        workDirectory: URL = FileManager.default.temporaryDirectory, shrinkBudget: Int = 64
    ) {
        self.source = source
        self.options = options
        self.comparisons = comparisons
        self.workDirectory = workDirectory
        self.shrinkBudget = shrinkBudget
    }

    /// Where a run is, for a progress line.
    public struct Progress: Sendable {
        public var slice: String
        public var comparison: SessionComparison
        public var scenario: Int
        public var scenarios: Int
    }

    /// Runs `slices` (default: every ported slice).
    ///
    /// - Throws: ``DifferentialError`` when a scenario cannot run at all (neither session opens the file: the
    ///   sessions' common error is in it), and file system errors for the working folder.
    ///
    /// - Parameter finished: called with each slice's outcome as soon as its comparisons are done (a command prints
    ///   it then, instead of after the last slice).
    public func run(
        _ slices: [PortedSlice] = SliceRegistry.ported, progress: (Progress) -> Void = { _ in },
        finished: (SliceDiff) -> Void = { _ in }
    ) throws -> SessionDiffReport {
        let scratch = try ScratchFolder.make(kind: "diff", in: workDirectory)
        defer { scratch.remove() }
        let folder = scratch.url
        let (snapshot, facts, shown) = try prepareSource(in: folder)
        // One pair of working copies for every slice and comparison: made once, reset to the snapshot per scenario.
        let copies = WorkingCopyPool()
        defer { copies.removeAll() }
        var reports: [SliceDiff] = []
        for slice in slices {
            var comparisonDiffs: [ComparisonDiff] = []
            var details: [MismatchDetail] = []
            var recorded: [RecordedMismatch] = []
            for comparison in comparisons {
                let outcome = try run(
                    slice, comparison, on: snapshot, facts: facts, folder: folder, copies: copies, progress: progress
                )
                comparisonDiffs.append(outcome.summary)
                details += outcome.details
                recorded += outcome.recorded
            }
            let outcome = SliceDiff(
                name: slice.name, operations: comparisonDiffs.reduce(0) { $0 + $1.operations },
                mismatches: details.count, details: details, recorded: recorded, comparisons: comparisonDiffs
            )
            reports.append(outcome)
            finished(outcome)
        }
        return SessionDiffReport(file: shown, options: options, slices: reports)
    }

    /// A private copy of the source (main file, `-wal`, `-journal`) every scenario copies from, so the source is
    /// only read once and never opened by a session; for samples, an empty placeholder the harness can copy.
    private func prepareSource(in folder: URL) throws -> (path: String, facts: SourceFacts, shown: String) {
        let manager = FileManager.default
        switch source {
        case .file(let path, let key):
            // Refuse what no session can open (missing, not a database, wrong key, not MMEX, too new) up front, with
            // the source's own path in the error; a read-only session leaves the file and its sidecars untouched.
            try LegacySession.open(at: path, key: key, access: .readOnly, configuration: .standard).close()
            let sessionKey = try key.map(SessionKey.init)
            let snapshotFolder = folder.appendingPathComponent("source")
            try ScratchFolder.makeFolder(at: snapshotFolder)
            let snapshot = snapshotFolder.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent).path
            for suffix in ["", "-wal", "-journal"] where suffix.isEmpty || manager.fileExists(atPath: path + suffix) {
                // Private from the first byte: a copy of the user's data.
                try FileCopy.copy(path + suffix, to: snapshot + suffix, mode: 0o600)
            }
            let wal = MMEXFileCheck.isWALMode(snapshot, key: sessionKey) ?? false
            return (snapshot, SourceFacts(isWALMode: wal), path)
        case .inMemorySample:
            let placeholder = folder.appendingPathComponent("placeholder").path
            _ = manager.createFile(atPath: placeholder, contents: Data())
            return (placeholder, SourceFacts(isWALMode: false), "(in-memory samples)")
        }
    }

    private struct ComparisonOutcome {
        var summary: ComparisonDiff
        var details: [MismatchDetail]
        var recorded: [RecordedMismatch]
    }

    private func run(
        _ slice: PortedSlice, _ comparison: SessionComparison, on file: String, facts: SourceFacts, folder: URL,
        copies: WorkingCopyPool, progress: (Progress) -> Void
    ) throws -> ComparisonOutcome {
        let lifecycle = harness(comparison, slice, compare: fullComparison, facts: facts, folder: folder)
            .sharingWorkingCopies(copies)
        var scenarioComparison = fullComparison
        if facts.isWALMode { scenarioComparison.journalMode = false }
        let scenarioHarness = harness(comparison, slice, compare: scenarioComparison, facts: facts, folder: folder)
            .sharingWorkingCopies(copies)

        let scenarios = [Scenario<any MMEXSession>(name: "open and close", operations: [])] + slice.scenarios(options)
        var summary = ComparisonDiff(
            comparison: comparison.rawValue, baseline: comparison.baseline.rawValue,
            candidate: comparison.candidate.rawValue, scenarios: scenarios.count, operations: 0, mismatches: 0,
            recorded: 0, failures: []
        )
        var details: [MismatchDetail] = []
        var recorded: [RecordedMismatch] = []
        for (index, scenario) in scenarios.enumerated() {
            progress(Progress(slice: slice.name, comparison: comparison, scenario: index + 1, scenarios: scenarios.count))
            let report = try (index == 0 ? lifecycle : scenarioHarness).run(scenario, on: file)
            summary.operations += report.operations
            for mismatch in report.known {
                recorded.append(
                    RecordedMismatch(
                        id: mismatch.knownDifference ?? "", comparison: comparison.rawValue, field: mismatch.field,
                        baseline: mismatch.baseline, candidate: mismatch.candidate, trap: mismatch.trap
                    )
                )
                summary.recorded += 1
            }
            details += report.mismatches.map { MismatchDetail($0, comparison: comparison) }
            let unexplained = report.mismatches.count
            summary.mismatches += unexplained
            if unexplained > 0 {
                summary.failures.append(
                    ScenarioFailure(
                        scenario: scenario.name, seed: scenario.seed, mismatches: unexplained,
                        shortestFailingSequence: report.shortestFailingSequence
                    )
                )
            }
        }
        return ComparisonOutcome(summary: summary, details: details, recorded: recorded)
    }

    /// Columns that MMEX sync builds stamp with the wall clock (desktop 1.9.2 files with mmex-sync tables carry
    /// `PB_UPDATED_AT` on every table, set by `strftime('now')` in an update trigger, and `DELETED_LOG.DELETED_AT`,
    /// a `DEFAULT CURRENT_TIMESTAMP` filled by the delete triggers): two sides that run a second apart write different
    /// times, which says nothing about the drivers, so their values are not compared.
    static let clockStampedColumns: Set<String> = ["PB_UPDATED_AT", "DELETED_AT"]

    /// For a file: everything. For samples: the returned values only (the sessions never touch the placeholder).
    private var fullComparison: StateComparison {
        var comparison = StateComparison.all
        comparison.ignoredColumns = Self.clockStampedColumns
        if case .inMemorySample = source {
            comparison.rows = false
            comparison.schema = false
            comparison.userVersion = false
            comparison.journalMode = false
            comparison.sidecars = false
        }
        return comparison
    }

    private func harness(
        _ comparison: SessionComparison, _ slice: PortedSlice, compare: StateComparison, facts: SourceFacts, folder: URL
    ) -> DifferentialHarness<any MMEXSession> {
        var sessions = source
        if tracksChangedPages, case .file(let path, var key?) = source, key.codecBaseVFS == nil,
           let tracker = ChangedPageTracking.registeredVFSName() {
            // Encrypted copies through the codec stacked over the changed-pages tracker, so their writes are tracked
            // as a plain file's are (the codec works the same over any base).
            key.codecBaseVFS = tracker
            sessions = .file(path: path, key: key)
        }
        let key: DatabaseKey? = if case .file(_, let key) = sessions { key } else { nil }
        let sessionKey = key.flatMap { try? SessionKey($0) }
        // Samples: each session opens its own in-memory database, so there is no copy to read back.
        let readBack: [DifferentialOperation<any MMEXSession>] = if case .file = source { slice.readBack } else { [] }
        var harness = DifferentialHarness(
            baseline: comparison.baseline.differentialSide(sessions, statementRewrite: statementRewrites[comparison.baseline]),
            candidate: comparison.candidate.differentialSide(sessions, statementRewrite: statementRewrites[comparison.candidate]),
            inspect: { path in try SessionKey.openForInspection(path, key: sessionKey) },
            comparison: compare, workDirectory: folder, shrinkBudget: shrinkBudget,
            readBack: readBack, knownDifferences: RecordedDifference.all
        )
        harness.sourceFacts = facts
        harness.tracksChangedPages = tracksChangedPages
        // MMEX sessions are Sendable and each side has its own copy, minter and connections.
        harness.runsSidesConcurrently = runsSidesConcurrently
        harness.readBackPolicy = readBackPolicy
        harness.phases = phases
        return harness
    }
}
