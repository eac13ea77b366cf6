import Foundation
import Synchronization

/// Where a differential run's time goes: how much is the harness's own overhead (fresh working copies, the state
/// comparison, the read-back check) and how much the operations themselves (both sessions opening, running the
/// operations, closing). A slice whose operations read every transaction is slow on a large file whatever the
/// harness does; these figures tell the two apart (`driverport diff --report-phases` writes them to stderr, and
/// `driverport bench` reports them).
///
/// One instance per run: whoever wants the figures gives the harnesses of that run one
/// (``DifferentialHarness/phases``), and reads it when they are done. Harnesses given none measure nothing. Safe to
/// share between threads (the sums are behind a lock).
package final class HarnessPhases: Sendable {
    /// One part of a run.
    package enum Phase: String, CaseIterable, Sendable {
        /// Taking working copies: resetting kept ones to the source, or copying it.
        case copies
        /// Opening both sessions, running the operations, closing both.
        case operations
        /// The read-back check: the candidate's reads of what it wrote before it closes, and the baseline's reads
        /// of the candidate's copy after. It reads every table the slice writes, so it grows with the data.
        case readBack
        /// Listing the sidecars, finding unchanged tables, comparing the rest row by row.
        case state
    }

    /// The seconds spent in each phase so far (guarded by the mutex itself).
    private let seconds = Mutex<[Phase: Double]>([:])

    /// Nothing measured yet.
    package init() {}

    /// Runs `body` and adds its wall time to `phase`.
    func measure<T>(_ phase: Phase, _ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        defer {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            seconds.withLock { $0[phase, default: 0] += elapsed }
        }
        return try body()
    }

    /// The seconds spent in each phase so far.
    package var totals: [Phase: Double] {
        seconds.withLock { $0 }
    }

    /// `copies 0.123 s, operations 4.5 s, readBack 0.4 s, state 0.2 s; resets: 40 by changed pages, 2 by whole files` (and, in a
    /// debug build, how many tracked resets or findings the whole-file check disagreed with). The resets are the
    /// process's (the changed-pages tracker counts them), which in a `driverport diff` process are this run's.
    package var summary: String {
        let totals = self.totals
        let phases = Phase.allCases.map { String(format: "%@ %.3f s", $0.rawValue, totals[$0] ?? 0) }.joined(separator: ", ")
        let tracked = ChangedPageTracking.trackedResets.load(ordering: .relaxed)
        let whole = ChangedPageTracking.wholeFileResets.load(ordering: .relaxed)
        var resets = "; resets: \(tracked) by changed pages, \(whole) by whole files"
        if ChangedPageTracking.checks {
            resets += ", \(ChangedPageTracking.disagreements.load(ordering: .relaxed)) disagreements with the whole-file check"
        }
        return phases + resets
    }
}

extension Optional where Wrapped == HarnessPhases {
    /// Runs `body`, adding its wall time to `phase` when there are phases to add it to.
    func measure<T>(_ phase: HarnessPhases.Phase, _ body: () throws -> T) rethrows -> T {
        guard let phases = self else { return try body() }
        return try phases.measure(phase, body)
    }
}
