import Foundation
import SQLiteEngine

/// Runs the same operations through two implementations of anything (a repository protocol, a whole session), each
/// on its own copy of one file, and reports every difference in what they return and what they leave on disk.
///
/// Generic over `Subject`, the opened implementation both sides produce (`any InfoTableRepository`,
/// `any PersistenceSession`, a toy type in a test). The caller says how to open each side on a path (applying a key
/// for an encrypted file) and how to read a copy afterwards (``inspect``); the harness makes the copies, so the
/// source file is never opened for writing.
///
/// Per scenario it compares:
/// 1. every operation's outcome: the returned values field by field (through `Encodable`, so the report names the
///    field: `entries[2].value`; two values whose encodings made the same calls are equal without building their
///    trees), or the errors (through ``describeError``);
/// 2. the databases left behind after both sides closed: every table's rows by rowid with their storage classes,
///    `user_version`, journal mode, `sqlite_master`, and the names of the files beside the database (sidecars);
/// 3. with ``readBack`` given, when the copies store something different (``readBackPolicy``): the candidate's copy
///    read through the baseline against the candidate's own reads of it.
///
/// Every mismatch that is a known porting trap carries it (``Mismatch/trap``: date format, UUID form, foreign key
/// on one side, WAL sidecars, a ledger table, ...); one a ``KnownDifference`` covers is reported apart.
///
/// When a scenario fails, the harness looks for the shortest sequence of its operations that still fails the same
/// way (cut after the first failing operation, then delta debugging) and reports it with the scenario's seed.
///
/// ```swift
/// let harness = DifferentialHarness<any PersistenceSession>(
///     baseline: DifferentialSide(name: "legacy", open: { try LegacySession.open(at: $0, key: key) }, close: { try $0.close() }),
///     candidate: DifferentialSide(name: "queue", open: { try QueueSession.open(at: $0, key: key) }, close: { try $0.close() }),
///     inspect: { try openWithKey($0) }
/// )
/// let handWritten = Scenario(name: "set and read", operations: [
///     DifferentialOperation("setValue(UID)") { session in try session.write { try $0.infoTable.setValue("x", for: .uid) } },
///     DifferentialOperation("entries") { session in try session.read { try $0.infoTable.entries() } },
/// ])
/// let random = generator.scenario(named: "random", seed: 42, count: 1000)
/// let report = try harness.run(slice: "infotable", scenarios: [handWritten, random], on: path)
/// ```
public struct DifferentialHarness<Subject> {
    /// The implementation the port starts from (the legacy driver): its outcomes and the state it leaves are
    /// what the candidate must match, and it is the side ``readBack`` reads through.
    public var baseline: DifferentialSide<Subject>
    /// The implementation under test (the new driver or session), compared against ``baseline``.
    public var candidate: DifferentialSide<Subject>
    /// Opens a copy after a run to read its state. Default: the system SQLite, read-only (give one that applies
    /// the key for encrypted files).
    public var inspect: (_ path: String) throws -> EngineConnection
    /// What of the state is compared.
    public var comparison: StateComparison
    /// How an error is described for comparison; two sides agree on a failure when the descriptions are equal.
    /// Default: ``ComparedErrors/standard(_:)``, the form transcripts and shadow mode use too (an SQLite failure as its
    /// code and constraint or message, whichever library threw it; anything else as its type and description;
    /// ``ComparedErrors/typeAndDescription(_:)`` compares every word). Each side's copy path (and its folder) in the text is replaced by
    /// `<database>` (and `<folder>`) before comparing, since the two copies necessarily live at different paths.
    public var describeError: (any Error) -> String
    /// Where the working copies go (each run makes and removes its own folder inside).
    public var workDirectory: URL
    /// How many re-runs shrinking may spend on one failing scenario (0 turns shrinking off).
    public var shrinkBudget: Int
    /// At most this many field differences are reported per operation.
    public var maximumFieldDetails: Int
    /// Reads run after a scenario on the copy the candidate left, once both sides closed and the state was compared:
    /// first by the candidate, which opens its copy again, then by the baseline. A read the baseline cannot decode
    /// (it throws) or that returns something else is a ``Mismatch/Kind/readBack`` mismatch, the trap ``PortingTrap/notReadableByLegacy``: what the new driver wrote
    /// must stay readable by the previous build. Empty (the default): no read-back. When it runs: ``readBackPolicy``.
    public var readBack: [DifferentialOperation<Subject>]
    /// When ``readBack`` runs: by default only after a scenario whose copies store something different
    /// (``ReadBackPolicy/whenStatesDiffer``), since a candidate that wrote what the baseline wrote left nothing new
    /// for the baseline to read.
    public var readBackPolicy = ReadBackPolicy.whenStatesDiffer
    /// Differences the port keeps on purpose: a mismatch one covers goes to ``ScenarioReport/known`` instead of
    /// failing the run.
    public var knownDifferences: [KnownDifference]
    /// What is known of the source file, for ``knownDifferences``. `nil` (the default): read from the file's header
    /// (``SourceFacts/reading(plainFile:)``; give them for an encrypted file).
    public var sourceFacts: SourceFacts?
    /// Names the porting trap of a mismatch (``Mismatch/trap``). Default: ``PortingTrap/classify(_:)``; an app may
    /// wrap it to name its own.
    public var classifyTrap: (Mismatch) -> PortingTrap?
    /// Whether the harness tracks which pages each scenario wrote (``ChangedPageTracking``, on by default): resets
    /// then rewrite only those, and the state comparison skips tables neither side wrote. Turn it off for sides that
    /// change their file other than through SQLite (copying or editing it themselves): the harness then compares
    /// whole files before and after every scenario, as strict and slower on a large file.
    public var tracksChangedPages = true
    /// Whether the two sides run each operation at the same time, on two threads (off by default). Turn it on when
    /// each side's subject may be used from any thread, one thread at a time (a `Sendable` session), the two sides
    /// share nothing but thread-safe state, and the operations' closures only read what they captured (values, as
    /// scenarios built from records and ids do): a scenario's operations then take about the slower side's time
    /// instead of the sum of both, on a machine with two free processors. The verdict is the same either way: each
    /// side still runs the scenario's operations in order, and their outcomes are compared once both returned.
    /// Opening, closing, the read-back and the state comparison stay one after the other.
    public var runsSidesConcurrently = false
    /// Whether, after every scenario, a private copy of the file the baseline left is opened through the
    /// candidate's real opening path (its `open`: a migrator, `PRAGMA foreign_key_check`, an integrity check) and a
    /// refusal reported as ``PortingTrap/candidateRefusesLegacyFile`` (off by default). This is the switch-over a
    /// user lives through: the new build opening what the old build left, rows a foreign-key-less legacy side
    /// allowed included, which the scenario's own copies (both made from the clean source) never show.
    public var opensBaselineFileWithCandidate = false
    /// Whether each run of a scenario happens in a child process (a `fork` of this one; off by default), so that a
    /// side that traps (a Swift runtime error, a force unwrap in a library) or dies of a signal ends the scenario
    /// with a ``Mismatch/Kind/crash`` mismatch naming the step it was in (`#3 rename(...) on legacy`), the signal
    /// and the last line the child printed to stderr, and the run goes on with the next scenario. The two sides
    /// then run one after the other, and the working copies are reset by comparing whole files (the child's writes
    /// are not seen by this process's page tracker). The sides' `open` and operations run in the child, so
    /// anything they change outside the copies (a counter, a cache) is lost when it exits. `fork` copies only the
    /// calling thread: turn it on in a process whose other threads hold no locks while scenarios run (a command-line
    /// runner), not in a busy test process, where a lock another thread held can hang the child.
    public var isolatesCrashes = false
    /// Where this harness's time goes (``HarnessPhases``): give the harnesses of one run the same instance and read
    /// it afterwards. `nil` (the default): nothing is measured.
    package var phases: HarnessPhases?
    /// Working copies kept between runs and reset to the source (only what differs is rewritten), so a scenario's
    /// cost follows what it changed rather than the size of the file.
    private var copyPool = WorkingCopyPool()
    /// Whether ``copyPool`` belongs to whoever shared it (``sharingWorkingCopies(_:)``), who removes its copies.
    private var sharesCopyPool = false

    /// A harness comparing `candidate` against `baseline`; the other settings (``sourceFacts``,
    /// ``classifyTrap``, ``describeError``, the switches) start at their defaults and can be set afterwards.
    ///
    /// - Parameters:
    ///   - baseline: How to open and close the reference implementation.
    ///   - candidate: How to open and close the implementation under test.
    ///   - inspect: Opens a copy after a run to read its state; by default the system SQLite, read-only.
    ///     Give one that applies the key when the file is encrypted.
    ///   - comparison: What of the state left on disk is compared; everything by default.
    ///   - workDirectory: Where the working copies go; the temporary directory by default.
    ///   - shrinkBudget: How many re-runs shrinking may spend on one failing scenario; 0 turns it off.
    ///   - maximumFieldDetails: At most this many field differences are reported per operation.
    ///   - readBack: Reads run on the candidate's copy by the candidate, then by the baseline, when
    ///     ``readBackPolicy`` says; none by default.
    ///   - knownDifferences: Differences the port keeps on purpose, reported apart instead of failing the run.
    public init(
        baseline: DifferentialSide<Subject>,
        candidate: DifferentialSide<Subject>,
        inspect: @escaping (_ path: String) throws -> EngineConnection = {
            try EngineConnection(path: $0, options: .readOnly)
        },
        comparison: StateComparison = .all,
        workDirectory: URL = FileManager.default.temporaryDirectory,
        shrinkBudget: Int = 64,
        maximumFieldDetails: Int = 10,
        readBack: [DifferentialOperation<Subject>] = [],
        knownDifferences: [KnownDifference] = []
    ) {
        self.baseline = baseline
        self.candidate = candidate
        self.inspect = inspect
        self.comparison = comparison
        self.describeError = ComparedErrors.standard
        self.workDirectory = workDirectory
        self.shrinkBudget = shrinkBudget
        self.maximumFieldDetails = maximumFieldDetails
        self.readBack = readBack
        self.knownDifferences = knownDifferences
        self.sourceFacts = nil
        self.classifyTrap = PortingTrap.classify
    }

    /// Runs one scenario on working copies of `file` that start from exactly its bytes; shrinks it when it fails.
    ///
    /// - Throws: ``DifferentialError`` when the harness cannot run it at all (the file cannot be copied, neither side
    ///   opens it, a copy cannot be read afterwards). Disagreements are never thrown: they are the report.
    public func run(_ scenario: Scenario<Subject>, on file: String) throws -> ScenarioReport {
        let facts = sourceFacts ?? SourceFacts.reading(plainFile: file)
        var mismatches: [Mismatch] = []
        var known: [Mismatch] = []
        for found in try execute(scenario.operations, on: file).map({ annotate($0, scenario) }) {
            if let difference = KnownDifference.first(in: knownDifferences, covering: found, facts) {
                var covered = found
                covered.knownDifference = difference.id
                known.append(covered)
            } else {
                mismatches.append(found)
            }
        }
        mismatches = TrapConsequences.attribute(mismatches, comparesRows: comparison.rows)
        var shortest: [String]?
        if let first = mismatches.first {
            let target = first.signature
            let firstResultIndex = mismatches.first { $0.kind == .result }?.operationIndex
            let shrinker = Shrinker<DifferentialOperation<Subject>>(
                stillFails: { candidate in
                    ((try? self.execute(candidate, on: file)) ?? []).contains { $0.signature == target }
                },
                budget: shrinkBudget
            )
            shortest = shrinker.shrink(scenario.operations, firstFailingIndex: firstResultIndex).map(\.name)
        }
        return ScenarioReport(
            name: scenario.name, seed: scenario.seed, operations: scenario.operations.count,
            mismatches: mismatches, shortestFailingSequence: shortest, known: known
        )
    }

    /// Runs every scenario of a slice and sums them up.
    public func run(slice name: String, scenarios: [Scenario<Subject>], on file: String) throws -> SliceReport {
        defer { removeWorkingCopies() }
        // A consequence in one scenario of a root cause another scenario shows (a lookup by a UUID the file holds
        // in the legacy form) is named too.
        let reports = TrapConsequences.attributeAcrossSlice(
            try scenarios.map { try run($0, on: file) }, comparesRows: comparison.rows
        )
        return SliceReport(name: name, baseline: baseline.name, candidate: candidate.name, scenarios: reports)
    }

    /// Removes the working copies the harness keeps between runs (``run(slice:scenarios:on:)`` does it when it
    /// ends; a caller of ``run(_:on:)`` may call it after its last scenario, or leave it to the harness's end).
    public func removeWorkingCopies() {
        if !sharesCopyPool { copyPool.removeAll() }
    }

    /// This harness taking its working copies from `pool`, shared with other harnesses run one after another on the
    /// same source (the copies are made once for all of them); the pool's owner removes them
    /// (``WorkingCopyPool/removeAll()``).
    package func sharingWorkingCopies(_ pool: WorkingCopyPool) -> Self {
        var shared = self
        shared.copyPool = pool
        shared.sharesCopyPool = true
        return shared
    }

    private func annotate(_ mismatch: Mismatch, _ scenario: Scenario<Subject>) -> Mismatch {
        var annotated = mismatch
        annotated.scenario = scenario.name
        annotated.seed = scenario.seed
        annotated.trap = annotated.trap ?? classifyTrap(annotated)
        return annotated
    }

    // MARK: One run

    /// Copies the file, runs `operations` through both sides, closes them, and compares outcomes and state; in a
    /// child process when ``isolatesCrashes`` is on.
    func execute(_ operations: [DifferentialOperation<Subject>], on file: String) throws -> [Mismatch] {
        if isolatesCrashes { return try executeIsolated(operations, on: file) }
        return try execute(operations, on: file, tracking: tracksChangedPages, step: nil)
    }

    /// The run on fresh working copies.
    func execute(
        _ operations: [DifferentialOperation<Subject>], on file: String, tracking: Bool, step: ((HarnessStep) -> Void)?
    ) throws -> [Mismatch] {
        let copies = try takeCopies(of: file, tracking: tracking)
        defer { copyPool.giveBack(copies, source: file, under: workDirectory) }
        return try execute(operations, on: copies, source: file, step: step)
    }

    /// Working copies of `file` from the pool, reset to its bytes. New ones copy the two sides at the same time, on
    /// two threads, unless the harness forks (``isolatesCrashes``), where it starts no thread of its own.
    func takeCopies(of file: String, tracking: Bool) throws -> WorkingCopies {
        do {
            return try phases.measure(.copies) {
                try copyPool.take(source: file, under: workDirectory, tracking: tracking, concurrently: !isolatesCrashes)
            }
        } catch {
            throw DifferentialError.cannotCopy(path: file, reason: "\(error)")
        }
    }

    /// Hands copies taken with ``takeCopies(of:tracking:)`` back to the pool.
    func giveBack(_ copies: WorkingCopies, of file: String) {
        copyPool.giveBack(copies, source: file, under: workDirectory)
    }

    /// The run itself, on copies already reset. `step`, when given, is told what is about to run and makes the two
    /// sides run one after the other, so a crash can be laid at one side's door.
    func execute(
        _ operations: [DifferentialOperation<Subject>], on copies: WorkingCopies, source file: String,
        step: ((HarnessStep) -> Void)?
    ) throws -> [Mismatch] {

        let (left, right) = phases.measure(.operations) {
            step?(HarnessStep(phase: "open", side: baseline.name))
            let left = Result { try baseline.open(copies.baselinePath) }
            step?(HarnessStep(phase: "open", side: candidate.name))
            return (left, Result { try candidate.open(copies.candidatePath) })
        }
        switch (left, right) {
        case (.success(let a), .success(let b)):
            var mismatches = phases.measure(.operations) { runOperations(operations, a, b, copies, step: step) }
            step?(HarnessStep(phase: "close", side: nil))
            mismatches += phases.measure(.operations) { compareClose(a, b, copies) }
            step?(HarnessStep(phase: "state comparison", side: nil))
            let state = try phases.measure(.state) { try compareState(copies, source: file) }
            mismatches += state
            if readsBack(afterState: state) {
                mismatches += phases.measure(.readBack) { readBackMismatches(copies, step: step) }
            }
            step?(HarnessStep(phase: "switch-over open", side: candidate.name))
            if opensBaselineFileWithCandidate { mismatches += phases.measure(.readBack) { switchOverMismatches(copies) } }
            return mismatches
        case (.failure(let a), .failure(let b)):
            throw DifferentialError.cannotOpen(
                path: file, baseline: describe(a, copies.baselinePath), candidate: describe(b, copies.candidatePath)
            )
        case (.success(let opened), .failure(let error)):
            try? baseline.close(opened)
            return [mismatch(.open, field: "(open)", "opened", "threw \(describe(error, copies.candidatePath))")]
        case (.failure(let error), .success(let opened)):
            try? candidate.close(opened)
            return [mismatch(.open, field: "(open)", "threw \(describe(error, copies.baselinePath))", "opened")]
        }
    }

    func mismatch(
        _ kind: Mismatch.Kind, index: Int? = nil, operation: String? = nil, field: String, _ baseline: String,
        _ candidate: String
    ) -> Mismatch {
        Mismatch(
            kind: kind, scenario: "", operationIndex: index, operation: operation, field: field, baseline: baseline,
            candidate: candidate
        )
    }

    /// An error's description with the side's own copy path and folder replaced by placeholders.
    func describe(_ error: any Error, _ path: String) -> String {
        ComparedErrors.placeholding(describeError(error), copy: path)
    }

    private func runOperations(
        _ operations: [DifferentialOperation<Subject>], _ a: Subject, _ b: Subject, _ copies: WorkingCopies,
        step: ((HarnessStep) -> Void)?
    ) -> [Mismatch] {
        var mismatches: [Mismatch] = []
        // Each side's write transactions so far (the tracker's count): one that grew during an operation began a write.
        var writes = copies.writeTransactions()
        for (index, operation) in operations.enumerated() {
            let (left, right): (Result<EncodedOutcome, any Error>, Result<EncodedOutcome, any Error>)
            if let step {
                step(HarnessStep(index: index, operation: operation.name, side: baseline.name))
                let first = Result { try operation.body(a) }
                step(HarnessStep(index: index, operation: operation.name, side: candidate.name))
                (left, right) = (first, Result { try operation.body(b) })
            } else {
                (left, right) = ConcurrentSides.run(
                    concurrently: runsSidesConcurrently, { Result { try operation.body(a) } }, { Result { try operation.body(b) } }
                )
            }
            var found = outcomeMismatches(
                .result, index: index, operation: operation.name, left, right,
                baselinePath: copies.baselinePath, candidatePath: copies.candidatePath
            )
            // A write's answer that differs: named here, where the harness saw the operation begin a write; the
            // scenario's stored rows confirm it or take the name back (TrapConsequences.attribute).
            let writesAfter = copies.writeTransactions()
            let wrote = zip(writes, writesAfter).contains { before, after in
                guard let before, let after else { return false }
                return after > before
            }
            writes = writesAfter
            if wrote {
                for position in found.indices where TrapRules.answersDiffer(found[position]) {
                    found[position].trap = .changesVersusMatches
                }
            }
            mismatches += found
        }
        return mismatches
    }

    /// How two outcomes of one operation differ: field by field when both returned, the errors when both threw.
    func outcomeMismatches(
        _ kind: Mismatch.Kind, index: Int, operation: String, _ left: Result<EncodedOutcome, any Error>,
        _ right: Result<EncodedOutcome, any Error>, baselinePath: String, candidatePath: String
    ) -> [Mismatch] {
        switch (left, right) {
        case (.success(let x), .success(let y)):
            if x.hasSameLog(as: y) { return [] }
            return x.tree.differences(from: y.tree, limit: maximumFieldDetails).map { difference in
                mismatch(kind, index: index, operation: operation, field: difference.path, difference.baseline, difference.candidate)
            }
        case (.failure(let x), .failure(let y)):
            let described = (describe(x, baselinePath), describe(y, candidatePath))
            guard described.0 != described.1 else { return [] }
            return [mismatch(kind, index: index, operation: operation, field: "(error)", described.0, described.1)]
        case (.success(let x), .failure(let y)):
            return [
                mismatch(
                    kind, index: index, operation: operation, field: "(outcome)", "returned \(x.tree.rendered())",
                    "threw \(describe(y, candidatePath))"
                ),
            ]
        case (.failure(let x), .success(let y)):
            return [
                mismatch(
                    kind, index: index, operation: operation, field: "(outcome)", "threw \(describe(x, baselinePath))",
                    "returned \(y.tree.rendered())"
                ),
            ]
        }
    }

    private func compareClose(_ a: Subject, _ b: Subject, _ copies: WorkingCopies) -> [Mismatch] {
        let left = Result { try baseline.close(a) }
        let right = Result { try candidate.close(b) }
        let outcome: (Result<Void, any Error>, String) -> String = { result, path in
            switch result {
            case .success: "closed"
            case .failure(let error): "threw \(describe(error, path))"
            }
        }
        let (x, y) = (outcome(left, copies.baselinePath), outcome(right, copies.candidatePath))
        return x == y ? [] : [mismatch(.close, field: "(close)", x, y)]
    }

    private func compareState(_ copies: WorkingCopies, source: String) throws -> [Mismatch] {
        var mismatches: [Mismatch] = []
        // The files beside each copy are listed before anything else opens it.
        if comparison.sidecars {
            let left = WorkingCopies.files(beside: copies.baselinePath)
            let right = WorkingCopies.files(beside: copies.candidatePath)
            if left != right {
                mismatches.append(
                    mismatch(.sidecars, field: "files", left.joined(separator: ", "), right.joined(separator: ", "))
                )
            }
        }
        guard comparison.rows || comparison.schema || comparison.userVersion || comparison.journalMode else {
            return mismatches
        }
        // Two copies the tracker shows holding the same database cannot differ in anything compared below: neither
        // is opened. Debug builds compare them anyway and count a difference found as a disagreement.
        if comparison.skipsUnchangedTables, tracksChangedPages,
           let changes = copies.trackedChanges(source: source, forget: false),
           UnchangedTables.sameDatabase(changes, copies.baselinePath, copies.candidatePath) {
            if ChangedPageTracking.checks, (try? compareDatabases(copies, source: source))?.isEmpty != true {
                ChangedPageTracking.disagreements.add(1, ordering: .relaxed)
            }
            return mismatches
        }
        return mismatches + (try compareDatabases(copies, source: source))
    }

    /// The rows, schema, `user_version` and journal mode of the two copies, read through ``inspect``.
    private func compareDatabases(_ copies: WorkingCopies, source: String) throws -> [Mismatch] {
        let left: EngineConnection
        let right: EngineConnection
        do { left = try inspect(copies.baselinePath) } catch {
            throw DifferentialError.cannotInspect(side: baseline.name, reason: "\(error)")
        }
        defer { left.close() }
        do { right = try inspect(copies.candidatePath) } catch {
            throw DifferentialError.cannotInspect(side: candidate.name, reason: "\(error)")
        }
        defer { right.close() }
        do {
            var diff = DatabaseStateDiff(baseline: left, candidate: right, options: comparison)
            if comparison.rows && comparison.skipsUnchangedTables {
                let changes = tracksChangedPages ? copies.trackedChanges(source: source, forget: false) : nil
                let tracked = changes.map { changes in
                    UnchangedTables.Tracked(changes: changes) {
                        copyPool.sourcePages(of: source, under: workDirectory, inspect: inspect)
                    }
                }
                diff.unchangedTables = UnchangedTables.find(
                    baselinePath: copies.baselinePath, candidatePath: copies.candidatePath, baseline: left, candidate: right,
                    tracked: tracked
                )
            }
            let differences = try diff.differences()
            return differences.map { mismatch($0.kind, field: $0.field, $0.baseline, $0.candidate) }
        } catch {
            throw DifferentialError.cannotInspect(side: "\(baseline.name)/\(candidate.name)", reason: "\(error)")
        }
    }
}
