import Differential
import Foundation
import SQLiteEngine
import MMEXDifferential
import MMEXModel
import MMEXSession
import MMEXShadow
import PersistenceSession
import ShadowSessions
import SQLiteEngine

/// `driverport shadow`: runs seeded MMEX operations through a shadow session on a copy of FILE, as an app would
/// (the control answers, the candidate runs in its shadow), and reports what was compared and every mismatch.
struct ShadowCommand: Command {
    let name = "shadow"
    let summary = "run MMEX operations through a shadow session on a copy of FILE: the control answers, the candidate is compared"
    let help = """
    Usage: driverport shadow FILE [--cipher NAME] [--key-env NAME | --key-file PATH | --key-stdin]
                                  [--control legacy|queue|pool] [--candidate queue|pool|legacy] [--slices NAMES]
                                  [--operations N] [--seed N] [--sample R] [--log PATH] [--json]
                                  [--html OUT]

    Copies FILE (with its -wal and -journal) into a private folder and opens a shadow session on the copy, as an app
    in shadow mode would: the control session serves every unit of work, and the candidate runs the same units on a
    shadow copy of its own. Then it runs seeded random operations of every ported slice (the differential's
    operations: reads and writes through the app's repositories) and compares, for each sampled unit, what both
    sides returned and, after a write, what the copy and the control's file hold. FILE itself is never opened for
    writing.

    Prints how many units ran and were compared, then every mismatch with its unit and field. Exit 0 when nothing
    differed, 1 when a unit differed (or the shadow itself failed: its error is printed).

    Options:
      --control KIND     the session the app is served from (default legacy)
      --candidate KIND   the session compared in the shadow (default queue)
      --slices NAMES     comma-separated slices whose operations run (default: every ported slice)
      --operations N     random operations to run (default 500)
      --seed N           the random operations' seed (default 1; the same seed runs the same operations)
      --sample R         the share of units compared, 0 to 1 (default 1: every unit)
      --log PATH         also append each mismatch and shadow error to PATH as JSON Lines (created with mode 0600;
                         the log holds the file's values)
    \(KeyOptions.help)
      --json             {"file", "control", "candidate", "seed", "sample", "units", "compared", "mismatches",
                         "ignored", "errors", "skipped", "remakes", "events": [...]}
    \(HTMLReportOutput.help)
    """
    let flags: Set<String> = Set(["json"]).union(KeyOptions.flagNames)
    let options: Set<String> = Set(["control", "candidate", "slices", "operations", "seed", "sample", "log", HTMLReportOutput.optionName])
        .union(KeyOptions.optionNames)

    /// The session type of a driver: the registry's, unless a test plants a bug in one (`@testable`).
    var sessionType: @Sendable (DriverKind) -> any MMEXSession.Type = { $0.sessionType }

    struct Report: Encodable {
        var file: String
        var control: String
        var candidate: String
        var seed: UInt64
        var sample: Double
        var units: Int
        var compared: Int
        var mismatches: Int
        var ignored: Int
        var errors: Int
        var skipped: Int
        var remakes: Int
        var events: [ShadowEvent]
    }

    func run(_ arguments: ArgumentList, console: Console) throws -> ExitCode {
        let path = try arguments.requirePositionals(["FILE"])[0]
        let keyOptions = try KeyOptions(arguments)
        let control = try driver(arguments, "control", default: .legacy)
        let candidate = try driver(arguments, "candidate", default: .queue)
        let operations = try arguments.integer("operations", range: 0...10_000_000) ?? 500
        let seed = try DiffCommand.seed(arguments)
        let sample = try sampleRate(arguments)
        let log = arguments.option("log")
        let slices = try DiffCommand.slices(arguments)
        let html = try HTMLReportOutput(arguments)
        if let log, log.isEmpty { throw CLIError.usage("--log takes a file path") }
        if let log { try Self.openLog(log) }

        let scratch = try ScratchFolder.make(kind: "shadow", in: DiffCommand.scratchDirectory)
        defer { scratch.remove() }
        let folder = scratch.url
        let collected = CollectingShadowPublisher()
        let logPublisher = log.map(JSONLinesShadowPublisher.init(path:))
        let report: Report
        do {
            let key = try DiffCommand.databaseKey(for: path, keyOptions: keyOptions, console: console)
            // Refuse what no session can open (missing, not a database, wrong key, not MMEX, too new) with FILE's own
            // path in the error; a read-only session leaves the file and its sidecars untouched.
            try control.sessionType.open(at: path, key: key, access: .readOnly, configuration: .standard).close()
            let copy = try privateCopy(of: path, in: folder.appendingPathComponent("app"))
            var shadowOptions = ShadowOptions()
            shadowOptions.sampleRate = sample
            shadowOptions.samplingSeed = seed
            shadowOptions.stateComparison.ignoredColumns = ["PB_UPDATED_AT"]
            shadowOptions.publisher = FanOutShadowPublisher([collected] + (logPublisher.map { [$0] } ?? []))
            let session = try MMEXShadow.open(
                at: copy, key: key, control: sessionType(control), candidate: sessionType(candidate),
                shadowFolder: folder.appendingPathComponent("shadow"), options: shadowOptions,
                minter: DeterministicMinter.make()
            )
            let work = OperationGenerator.weighted(slices.map { (weight: 1, generator: $0.random) })
                .scenario(named: "shadow", seed: seed, count: operations)
            for (index, operation) in work.operations.enumerated() {
                if index % 50 == 0 { console.progress("unit \(index + 1)/\(operations)") }
                // The control's errors are the app's outcome of the operation, not a failure of the run.
                _ = try? ShadowUnit.named(operation.name) { try operation.run(on: session) }
            }
            console.endProgress()
            try? session.close()
            logPublisher?.flush()
            let statistics = session.statistics
            try html?.write(statistics.page(
                events: collected.events, file: path, control: control.rawValue, candidate: candidate.rawValue
            ))
            report = Report(
                file: path, control: control.rawValue, candidate: candidate.rawValue, seed: seed, sample: sample,
                units: statistics.units, compared: statistics.compared, mismatches: statistics.mismatches,
                ignored: statistics.ignored, errors: statistics.errors, skipped: statistics.skipped,
                remakes: statistics.remakes, events: collected.events
            )
        } catch let error as CLIError {
            throw error
        } catch {
            throw ErrorMapping.cliError(for: error, path: path)
        }
        if let logPublisher, logPublisher.failedWrites > 0 {
            console.error("driverport shadow: \(logPublisher.failedWrites) events could not be written to \(logPublisher.path)")
        }
        if arguments.flag("json") {
            try console.json(report)
        } else {
            console.line(text(report))
        }
        return report.mismatches == 0 && report.errors == 0 ? .ok : .differenceFound
    }

    /// Creates (0600) or opens the `--log` file for appending before anything runs, so a log that cannot be
    /// written is refused at once (exit 73) instead of losing every event silently.
    static func openLog(_ path: String) throws(CLIError) {
        try OutputLocation.check(path, what: "the log")
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CLIError("\(path): cannot open the log (\(SystemErrorReason.of(code: errno)))", exitCode: .cannotCreate)
        }
        close(descriptor)
    }

    private func text(_ report: Report) -> String {
        var lines = [
            "\(report.file): \(report.control) (control) vs \(report.candidate) (candidate), seed \(report.seed), sample \(report.sample)",
            "units \(report.units), compared \(report.compared), mismatches \(report.mismatches), ignored \(report.ignored), "
                + "shadow errors \(report.errors), skipped \(report.skipped), shadow copies made \(report.remakes)",
        ]
        for event in report.events {
            switch event.kind {
            case .mismatch:
                lines.append("mismatch in \(event.operation) \(event.unit):")
                for difference in event.differences {
                    lines.append("  \(difference.kind) \(difference.field): control \(difference.control), candidate \(difference.candidate)")
                }
            case .error:
                lines.append("shadow error in \(event.operation) \(event.unit): \(event.error ?? "unknown")")
            }
        }
        lines.append(report.mismatches == 0 && report.errors == 0 ? "agree" : "DIFFER")
        return lines.joined(separator: "\n")
    }

    /// Copies the main file and its `-wal` and `-journal` into `folder` (mode 0600): the app's file in this run.
    private func privateCopy(of path: String, in folder: URL) throws -> String {
        let manager = FileManager.default
        try ScratchFolder.makeFolder(at: folder)
        let target = folder.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent).path
        for suffix in ["", "-wal", "-journal"] where suffix.isEmpty || manager.fileExists(atPath: path + suffix) {
            try FileCopy.copy(path + suffix, to: target + suffix, mode: 0o600)
        }
        return target
    }

    private func driver(_ arguments: ArgumentList, _ option: String, default kind: DriverKind) throws(CLIError) -> DriverKind {
        guard let text = arguments.option(option) else { return kind }
        guard let parsed = DriverKind.known(text) else {
            throw .usage("--\(option) takes legacy, queue or pool, not '\(text)'")
        }
        return parsed
    }

    private func sampleRate(_ arguments: ArgumentList) throws(CLIError) -> Double {
        guard let text = arguments.option("sample") else { return 1 }
        guard let value = Double(text), value >= 0, value <= 1 else {
            throw .usage("--sample takes a share from 0 to 1 (0.01 compares one unit in a hundred), not '\(text)'")
        }
        return value
    }
}
