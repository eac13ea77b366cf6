import Foundation
import TestSupport
import Testing

/// A fault sweep over one operation (an export, a rekey) rather than a ledger workload: a dry run counts the
/// operation's matching VFS calls K; then for N = 1...K (every `stride`-th) a fresh folder is set up, the operation
/// runs with call N failing, and `check` says what is wrong with the folder afterwards.
enum OperationSweep {
    /// One point of a sweep.
    struct Point: CustomStringConvertible {
        let plan: FaultInjectingVFS.Plan
        let injected: Int64
        let kind: FaultInjectingVFS.CallKind?
        /// The error the operation reported, or `nil` when it succeeded.
        let error: String?
        /// What `check` found wrong (empty: all promises held).
        let problems: [String]

        /// A fault fired and the operation still reported success. SQLite does not report three faults of closing a
        /// connection: a failed unlock, a failed exclusive lock of a WAL database (it then skips the last checkpoint
        /// and leaves the WAL for the next open), and a failed removal of an empty WAL (the check makes sure nothing
        /// was left behind). Those kinds are counted apart (``closeKind``), not as silent.
        var silent: Bool { injected > 0 && error == nil && !closeKind }

        /// The kind of fault SQLite may swallow while closing a connection.
        var closeKind: Bool { kind == .unlock || kind == .lock || kind == .delete }

        var description: String {
            "\(plan) [\(kind.map { "\($0)" } ?? "-")]: injected \(injected), \(error ?? "no error"); "
                + (problems.isEmpty ? "ok" : problems.joined(separator: "; "))
        }
    }

    struct Report {
        var callPoints: Int64 = 0
        var points: [Point] = []
        var faultsInjected: Int64 { points.reduce(0) { $0 + $1.injected } }
        var failed: [Point] { points.filter { !$0.problems.isEmpty } }
        var silent: [Point] { points.filter(\.silent) }
        var errors: Int { points.filter { $0.error != nil }.count }
    }

    /// Runs the sweep.
    ///
    /// - Parameters:
    ///   - setUp: fills a new, empty folder with the operation's input files.
    ///   - operation: runs the operation on the folder; returns the error it reported, or `nil`.
    ///   - check: with the fault disarmed, the promises broken in the folder (given the operation's error).
    static func run(
        _ family: FaultFamily, faults: FaultInjectingVFS, budget: Int64, folder: TemporaryDirectory,
        setUp: (URL) throws -> Void, operation: (URL) -> String?, check: (URL, String?) -> [String]
    ) throws -> Report {
        var report = Report()
        let plan = family.plan
        let dryRun = try freshFolder(folder, "dry-run", setUp: setUp)
        faults.count(kinds: plan.kinds, files: plan.files)
        let dryError = operation(dryRun)
        report.callPoints = faults.matchingCalls
        faults.disarm()
        if let dryError { throw FaultSweep.DryRunFailed(errors: [dryError]) }
        let dryProblems = check(dryRun, nil)
        if !dryProblems.isEmpty { throw FaultSweep.DryRunFailed(errors: dryProblems) }
        try? FileManager.default.removeItem(at: dryRun)
        let stride = Soak.stride(points: report.callPoints, budget: budget)
        var nth: Int64 = 1
        while nth <= report.callPoints {
            let here = try freshFolder(folder, "point-\(nth)", setUp: setUp)
            var point = plan
            point.nth = nth
            faults.arm(point)
            let error = operation(here)
            let injected = faults.injectedFaults
            let kind = faults.lastInjectedKind
            faults.disarm()
            let problems = check(here, error)
            report.points.append(Point(plan: point, injected: injected, kind: kind, error: error, problems: problems))
            try? FileManager.default.removeItem(at: here)
            nth += stride
        }
        return report
    }

    private static func freshFolder(_ folder: TemporaryDirectory, _ name: String, setUp: (URL) throws -> Void) throws -> URL {
        let url = folder.url.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try setUp(url)
        return url
    }

    /// The promises every operation sweep checks, and its figures.
    static func check(_ report: Report, area: String, extra: KeyValuePairs<String, Any> = [:]) {
        var values: [(String, Any)] = [
            ("call points", report.callPoints), ("runs", report.points.count), ("faults injected", report.faultsInjected),
            ("errors reported", report.errors), ("failed", report.failed.count),
            ("unreported close-time faults", report.points.filter { $0.injected > 0 && $0.error == nil && $0.closeKind }.count),
        ]
        values.append(contentsOf: extra.map { ($0.key, $0.value) })
        ReliabilityFigures.report(area, values)
        #expect(report.callPoints > 20)
        #expect(report.faultsInjected > 0)
        for point in report.failed.prefix(5) { Issue.record("promise broken: \(point)") }
        for point in report.silent.prefix(5) { Issue.record("fault not reported: \(point)") }
    }

    /// Leftover temporary files of an interrupted copy (`.NAME.driverport-XXXXXXXX.tmp`) in `folder`.
    static func temporaryFiles(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.contains(".driverport-") }
    }
}
