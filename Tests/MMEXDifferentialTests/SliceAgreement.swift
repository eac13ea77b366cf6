import Differential
import Foundation
import MMEXDifferential
import TestSupport
import Testing

/// What every slice agreement suite does: run some ported slices through legacy vs queue and legacy vs pool on one
/// source, and expect zero mismatches with both comparisons present for every slice.
struct SliceAgreement {
    /// The slices run, in the port's order.
    let names: [String]

    /// Runs the slices on `source` with `operations` seeded random operations per slice and comparison.
    /// Every reset of the run is checked against the whole-file comparison (debug builds): the changed-pages tracker
    /// must never miss a write the sessions made, on a plain or an encrypted source.
    func run(_ source: DiffSource, seed: UInt64, operations: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> SessionDiffReport {
        let folder = ScratchDirectory()
        let disagreements = ChangedPageTracking.disagreements.load(ordering: .relaxed)
        let tracked = ChangedPageTracking.trackedResets.load(ordering: .relaxed)
        let report = try SessionDiffRunner(
            source: source, options: DiffOptions(seed: seed, randomOperations: operations), workDirectory: folder.url
        ).run(try SliceRegistry.slices(named: names))
        #expect(
            ChangedPageTracking.disagreements.load(ordering: .relaxed) == disagreements,
            "a tracked reset or unchanged-table finding disagreed with the whole-file check", sourceLocation: sourceLocation
        )
        if case .file = source {
            #expect(
                ChangedPageTracking.trackedResets.load(ordering: .relaxed) > tracked, "no reset used the tracker",
                sourceLocation: sourceLocation
            )
        }
        return report
    }

    /// Expects the report to agree, with every slice run through both comparisons.
    func expectAgreement(_ report: SessionDiffReport, _ comment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(report.agrees, "\(comment)\n\(report.text)", sourceLocation: sourceLocation)
        #expect(report.slices.map(\.name) == names, sourceLocation: sourceLocation)
        for slice in report.slices {
            #expect(slice.comparisons.map(\.comparison) == ["legacy vs queue", "legacy vs pool"], sourceLocation: sourceLocation)
            #expect(slice.operations > 0, sourceLocation: sourceLocation)
        }
    }
}
