import Foundation
import MMEXFixtures
import SQLiteEngine

/// Runs the families a configuration names, in one process, and gathers what they measured into a
/// ``BenchDocument`` (with the goals checked and the machine described).
public enum BenchSuite {
    /// Runs `configuration`.
    ///
    /// - Parameters:
    ///   - fixtures: where the MMEX fixtures are cached (made on first use).
    ///   - probeExecutable: the `driverport` executable the memory probe starts as a child process (`nil`: no probe).
    ///   - command: the command line, for the report.
    ///   - build: `release` or `debug`, for the report.
    ///   - progress: told what is running (for a progress line).
    /// - Throws: ``BenchMismatchError`` when implementations disagree, and the errors of the cases' set-up and work.
    public static func run(
        _ configuration: BenchConfiguration, fixtures: FixtureCache = .standard, probeExecutable: URL?,
        command: String, build: String, progress: @escaping (String) -> Void = { _ in }
    ) throws -> BenchDocument {
        try run(
            configuration, fixtures: fixtures, probeExecutable: probeExecutable, command: command, build: build,
            progress: progress, familyRunners: [:]
        )
    }

    /// Runs `configuration` with `familyRunners`: the families whose cases live above this module (`shadow`, which
    /// needs the MMEX sessions). A family asked for without a runner is skipped with a note.
    package static func run(
        _ configuration: BenchConfiguration, fixtures: FixtureCache = .standard, probeExecutable: URL?,
        command: String, build: String, progress: @escaping (String) -> Void = { _ in },
        familyRunners: [BenchFamily: (BenchContext) throws -> [BenchResult]]
    ) throws -> BenchDocument {
        let started = Date()
        let loadAtStart = MachineFacts.loadAverage()
        let clock = ContinuousClock()
        let start = clock.now
        let scratch = try ScratchFolder.make(kind: "bench", in: FileManager.default.temporaryDirectory)
        defer { scratch.remove() }
        let workDirectory = scratch.url
        let context = BenchContext(
            configuration: configuration, workDirectory: workDirectory, fixtures: fixtures,
            probeExecutable: probeExecutable, progress: progress)
        var results: [BenchResult] = []
        for family in BenchFamily.allCases where configuration.families.contains(family) {
            switch family {
            case .fetch: results += try FetchCases.run(context)
            case .insert: results += try InsertCases.run(context)
            case .mmex: results += try MMEXCases.run(context)
            case .codec: results += try CodecCases.run(context)
            case .concurrency: results += try ConcurrencyCases.run(context)
            case .memory: results += try MemoryProbe.run(context)
            case .records: results += try RecordCases.run(context)
            case .diff: results += try DiffCases.run(context)
            case .shadow:
                if let runner = familyRunners[.shadow] {
                    results += try runner(context)
                } else {
                    context.note("shadow: skipped (this build of the suite has no shadow cases)")
                }
            }
        }
        let elapsed = clock.now - start
        return BenchDocument(
            command: command, mode: configuration.mode, build: build, date: isoDate(started),
            machine: .current(loadAverageAtStart: loadAtStart), engines: engineVersions(),
            totalSeconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            results: results, goals: BenchGoals.evaluate(results), notes: context.notes)
    }

    /// `2025-11-30T11:27:31+01:00`.
    static func isoDate(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = .current
        return formatter.string(from: date)
    }

    static func engineVersions() -> [String: String] {
        var engines = ["system": "SQLite \(SQLiteLibrary.system.version)"]
        if let sqlcipher = try? SQLiteLibrary.sqlcipher() {
            engines["sqlcipher"] = "SQLCipher 3.4.1 engine, SQLite \(sqlcipher.version)"
        } else {
            engines["sqlcipher"] = "unavailable"
        }
        return engines
    }
}
