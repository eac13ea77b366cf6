import Differential
import MMEXDifferential
import Foundation
import MMEXSessionSupport
import PersistenceSession
import SQLiteEngine
import Synchronization

/// The driver whose repositories a planted-bug run changes: the legacy driver's statements are rendered from the
/// MMEX legacy repositories' query-builder code, the reader/writer driver's are the MMEX reader/writer
/// repositories' SQL text.
package enum PlantedDriver: String, Sendable, Hashable, Codable, CaseIterable {
    case legacy
    case readerWriter = "reader/writer"

    /// The sessions whose statements this driver prepares: the legacy session, or both reader/writer sessions.
    var kinds: [DriverKind] {
        switch self {
        case .legacy: [.legacy]
        case .readerWriter: [.queue, .pool]
        }
    }
}

/// Rewrites of each driver's statements, as the runner takes them.
func statementRewrites(_ rewrites: [PlantedDriver: @Sendable (String) -> String]) -> [DriverKind: @Sendable (String) -> String] {
    var byKind: [DriverKind: @Sendable (String) -> String] = [:]
    for (driver, rewrite) in rewrites {
        for kind in driver.kinds { byKind[kind] = rewrite }
    }
    return byKind
}

/// One mutant of a planted-bug run: a ``SQLMutant`` in one driver's statements.
package struct PlantedMutant: Sendable, Hashable, Codable, CustomStringConvertible {
    package var driver: PlantedDriver
    package var mutant: SQLMutant

    package var description: String { "\(driver.rawValue): \(mutant)" }
}

/// What became of one planted mutant.
package struct MutantOutcome: Sendable, Hashable, Codable {
    package enum Verdict: String, Sendable, Hashable, Codable {
        /// The differential reported a mismatch.
        case killed
        /// Not caught, and listed in ``EquivalentMutants`` with the reason it cannot be caught.
        case equivalent
        /// Not caught and not listed: the scenarios miss a bug.
        case survived
    }

    package var mutant: PlantedMutant
    package var verdict: Verdict
    /// The slice whose scenarios ran it, and the first mismatch (for a killed mutant).
    package var slice: String
    package var evidence: String?
}

/// The planted-bug run: records the statements each driver's repositories issue while the standard differential runs
/// on a file, plants every ``SQLMutant`` of them one at a time into that driver, and runs the scenarios of the slice
/// that issued the statement at `driverport diff`'s settings (legacy vs queue: both reader/writer sessions issue the
/// same statements) to see whether a mismatch is reported.
///
/// A scenario that never issues the changed statement cannot see the change, so only the scenarios that issued it
/// in the recording run are run for a mutant, in their order, stopping at the first that reports a mismatch: the
/// same verdict as the whole slice, in a fraction of the time.
package struct PlantedBugRun {
    package var source: DiffSource
    package var options: DiffOptions
    package var slices: [PortedSlice]
    package var workDirectory: URL
    /// The unique keys of the source file's schema: what tells an ORDER BY change no read can see
    /// (``SQLMutant/invisibility(keys:)``). Empty for an encrypted source (no change is judged that way then).
    package var keys: SchemaKeys

    package init(
        source: DiffSource, options: DiffOptions = .standard, slices: [PortedSlice] = SliceRegistry.ported,
        workDirectory: URL = FileManager.default.temporaryDirectory
    ) {
        self.source = source
        self.options = options
        self.slices = slices
        self.workDirectory = workDirectory
        keys = Self.readKeys(of: source)
    }

    private static func readKeys(of source: DiffSource) -> SchemaKeys {
        guard case .file(let path, nil) = source, let connection = try? EngineConnection(path: path, options: .readOnly) else {
            return SchemaKeys()
        }
        defer { connection.close() }
        return (try? SchemaKeys.read(from: connection)) ?? SchemaKeys()
    }

    /// The SQL of the stored reports (the source file's `REPORT_V1.SQLCONTENT`, and the queries the reports slice's
    /// scenarios store): `reports.run` prepares it through the driver, but it is the user's SQL, not repository code,
    /// so the run plants nothing in it.
    package func reportSQL() -> [String] {
        var texts = ReportScenarios.queries.compactMap { $0 }
        if case .file(let path, nil) = source, let connection = try? EngineConnection(path: path, options: .readOnly) {
            defer { connection.close() }
            for row in (try? connection.rows("SELECT SQLCONTENT FROM REPORT_V1")) ?? [] {
                if case .text(let text)? = row.first { texts.append(text) }
            }
        }
        return texts.filter { !$0.isEmpty }
    }

    /// Whether `statement` is (the tail of) one of `reports`' texts: not repository code.
    static func isReportSQL(_ statement: String, _ reports: [String]) -> Bool {
        let trimmed = statement.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return false }
        return reports.contains { $0 == statement || $0.hasSuffix(statement) || $0.trimmingCharacters(in: .whitespacesAndNewlines) == trimmed }
    }

    /// The placeholder for an import source's schema name in recorded statements.
    static let schemaPlaceholder = ImportCatalogue.schemaPrefix + "N"

    /// `sql` with the attached import source's schema name (`dp_import_N`, counted up per process, so it differs
    /// between the recording and a mutant's run) replaced by ``schemaPlaceholder``: the text the run records and
    /// plants into.
    static func normalized(_ sql: String) -> String {
        guard let name = schemaName(in: sql) else { return sql }
        return sql.replacingOccurrences(of: name, with: schemaPlaceholder)
    }

    /// The first `dp_import_<digits>` in `sql`.
    static func schemaName(in sql: String) -> String? {
        var rest = sql[...]
        while let range = rest.range(of: ImportCatalogue.schemaPrefix) {
            let digits = rest[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty { return ImportCatalogue.schemaPrefix + digits }
            rest = rest[range.upperBound...]
        }
        return nil
    }

    /// `sql` with `mutant` planted when it is the mutant's (normalized) statement, with the schema name `sql` uses.
    static func plant(_ mutant: SQLMutant, in sql: String) -> String {
        guard let name = schemaName(in: sql) else { return mutant.rewrite(sql) }
        guard normalized(sql) == mutant.statement else { return sql }
        return mutant.mutated.replacingOccurrences(of: schemaPlaceholder, with: name)
    }

    /// Where one statement was issued: a slice and the positions of its scenarios (in `slice.scenarios(options)`).
    package struct Issuers: Sendable, Hashable {
        package var slices: [String: Set<Int>] = [:]
        package var sliceOrder: [String] = []
    }

    /// Statements by driver, each with the scenarios that issued it.
    package struct Recording: Sendable {
        package var statements: [PlantedDriver: [String: Issuers]] = [:]
        /// Mismatches of the unchanged run (must be none, or the run proves nothing).
        package var mismatches: Int = 0
        /// Statements left out because they are stored reports' own SQL (``PlantedBugRun/reportSQL()``), by driver.
        package var reportStatements: [PlantedDriver: Int] = [:]

        package func mutants(of driver: PlantedDriver) -> [PlantedMutant] {
            (statements[driver] ?? [:]).keys.sorted().flatMap { statement in
                SQLMutant.all(in: statement).map { PlantedMutant(driver: driver, mutant: $0) }
            }
        }
    }

    /// The runner of one step, its sessions' statements passed through `rewrites` (by driver).
    private func runner(_ folder: URL, planting rewrites: [PlantedDriver: @Sendable (String) -> String]) -> SessionDiffRunner {
        var runner = SessionDiffRunner(
            source: source, options: DiffOptions(seed: options.seed, randomOperations: 0), comparisons: [.legacyVsQueue],
            workDirectory: folder, shrinkBudget: 0
        )
        runner.statementRewrites = statementRewrites(rewrites)
        return runner
    }

    /// `slice` with only the scenarios at `positions` (as hand-written ones, so the runner runs exactly them).
    private func restricted(_ slice: PortedSlice, to positions: [Int]) -> PortedSlice {
        let all = slice.scenarios(options)
        let chosen = positions.filter { $0 < all.count }.map {
            SliceScenario(all[$0].name, covers: Set(slice.repositories), all[$0].operations)
        }
        return PortedSlice(slice: slice.slice, repositories: slice.repositories, handWritten: chosen, random: slice.random, readBack: slice.readBack)
    }

    private func folder() throws -> ScratchFolder {
        try ScratchFolder.make(kind: "mutants", in: workDirectory)
    }

    /// Runs every slice unchanged with both drivers' statements recorded; `log` gets a line per slice with its time.
    package func record(log: (String) -> Void = { _ in }) throws -> Recording {
        let scratch = try folder()
        defer { scratch.remove() }
        let folder = scratch.url
        let seen = Mutex<[PlantedDriver: Set<String>]>([:])
        var recorders: [PlantedDriver: @Sendable (String) -> String] = [:]
        for driver in PlantedDriver.allCases {
            recorders[driver] = { sql in
                seen.withLock { _ = $0[driver, default: []].insert(Self.normalized(sql)) }
                return sql
            }
        }
        var recording = Recording()
        for slice in slices {
            let started = ContinuousClock.now
            defer { log("recorded slice \(slice.name) in \(ContinuousClock.now - started)") }
            // The runner runs "open and close" first; the slice's scenarios are its positions 1...
            var position = -1
            func attribute() {
                let issued = seen.withLock { seen in
                    defer { seen = [:] }
                    return seen
                }
                for (driver, statements) in issued {
                    for statement in statements {
                        var issuers = recording.statements[driver, default: [:]][statement, default: Issuers()]
                        var positions = issuers.slices[slice.name] ?? []
                        if issuers.slices[slice.name] == nil { issuers.sliceOrder.append(slice.name) }
                        if position >= 0 { positions.insert(position) }
                        issuers.slices[slice.name] = positions
                        recording.statements[driver, default: [:]][statement] = issuers
                    }
                }
            }
            let report = try runner(folder, planting: recorders).run([restricted(slice, to: Array(slice.scenarios(options).indices))]) { progress in
                attribute()
                position = progress.scenario - 2
            }
            attribute()
            recording.mismatches += report.slices.reduce(0) { $0 + $1.mismatches }
        }
        let reports = reportSQL()
        for (driver, statements) in recording.statements {
            let userSQL = statements.keys.filter { Self.isReportSQL($0, reports) }
            recording.reportStatements[driver] = userSQL.count
            for statement in userSQL { recording.statements[driver]?[statement] = nil }
        }
        return recording
    }

    /// Plants `mutant` and runs the scenarios that issued its statement, slice by slice, until one reports a
    /// mismatch.
    package func run(_ mutant: PlantedMutant, issuers: Issuers) throws -> MutantOutcome {
        let scratch = try folder()
        defer { scratch.remove() }
        let folder = scratch.url
        let planted = mutant.mutant
        let rewrites: [PlantedDriver: @Sendable (String) -> String] = [mutant.driver: { Self.plant(planted, in: $0) }]
        var lastSlice = issuers.sliceOrder.first ?? ""
        for name in issuers.sliceOrder {
            guard let slice = slices.first(where: { $0.name == name }) else { continue }
            lastSlice = name
            let positions = (issuers.slices[name] ?? []).sorted()
            // The first scenario alone (most mutants die there), then the rest.
            for batch in [Array(positions.prefix(1)), Array(positions.dropFirst())] where !batch.isEmpty || positions.isEmpty {
                let report: SessionDiffReport
                do {
                    report = try runner(folder, planting: rewrites).run([restricted(slice, to: batch)])
                } catch {
                    return MutantOutcome(mutant: mutant, verdict: .killed, slice: name, evidence: "the run failed: \(error)")
                }
                if let detail = report.slices.first?.details.first {
                    return MutantOutcome(mutant: mutant, verdict: .killed, slice: name, evidence: detail.description)
                }
                if positions.isEmpty { break }
            }
        }
        let listed = EquivalentMutants.reason(for: mutant, keys: keys) != nil
        return MutantOutcome(mutant: mutant, verdict: listed ? .equivalent : .survived, slice: lastSlice, evidence: nil)
    }
}

extension PlantedBugRun {
    /// Plants `rewrite` into `driver` and runs `slice`'s scenarios (at ``options``) one at a time in order; the first
    /// mismatch reported, or `nil` when every scenario agrees.
    package func firstMismatch(
        planting rewrite: @escaping @Sendable (String) -> String, into driver: PlantedDriver, slice: PortedSlice
    ) throws -> String? {
        let scratch = try folder()
        defer { scratch.remove() }
        let folder = scratch.url
        for position in slice.scenarios(options).indices {
            do {
                let report = try runner(folder, planting: [driver: rewrite]).run([restricted(slice, to: [position])])
                if let detail = report.slices.first?.details.first { return detail.description }
            } catch {
                return "the run failed: \(error)"
            }
        }
        return nil
    }
}

/// The kill rates of a planted-bug run, per driver, as the Markdown table MIGRATION.md shows.
package struct KillRates: Sendable, Hashable {
    package var outcomes: [MutantOutcome]
    package var statements: [PlantedDriver: Int]

    package init(outcomes: [MutantOutcome], statements: [PlantedDriver: Int]) {
        self.outcomes = outcomes
        self.statements = statements
    }

    package func count(_ driver: PlantedDriver, _ verdict: MutantOutcome.Verdict? = nil) -> Int {
        outcomes.filter { $0.mutant.driver == driver && (verdict == nil || $0.verdict == verdict) }.count
    }

    package var markdown: String {
        var lines = [
            "| driver (repositories) | statements | mutants | killed | equivalent (listed) | survived | kill rate (non-equivalent) |",
            "|---|---:|---:|---:|---:|---:|---:|",
        ]
        for driver in PlantedDriver.allCases {
            let killed = count(driver, .killed)
            let equivalent = count(driver, .equivalent)
            let survived = count(driver, .survived)
            let nonEquivalent = killed + survived
            let rate = nonEquivalent == 0 ? "n/a" : String(format: "%.1f%%", 100 * Double(killed) / Double(nonEquivalent))
            let name = driver == .legacy ? "legacy (query builder)" : "reader/writer (SQL text)"
            lines.append(
                "| \(name) | \(statements[driver] ?? 0) | \(count(driver)) | \(killed) | \(equivalent) | \(survived) | \(rate) |"
            )
        }
        return lines.joined(separator: "\n")
    }
}
