import Differential
import Foundation
import RealLibraryPresets
import Transcripts

/// What the worked examples (Bookmarks, Expenses) run through each tool, with the adapters and presets only: an app on
/// the real SQLite.swift (the baseline, which seeds the file) against a port to the real GRDB.
struct PortExample<Session>: Sendable {
    /// The slice's name in the differential's report.
    let slice: String
    /// The file as the SQLite.swift app left it, made in the folder.
    let seed: @Sendable (ScratchFolder) throws -> String
    let scenarios: [Scenario<Session>]
    let baseline: DifferentialSide<Session>

    /// The differential with GRDB's ledger as a known difference and the switch-over check on.
    func differential(against candidate: DifferentialSide<Session>) throws -> SliceReport {
        let folder = try ScratchFolder()
        let source = try seed(folder)
        var harness = DifferentialHarness(baseline: baseline, candidate: candidate, workDirectory: folder.url)
        harness.describeError = RealLibraryPresets.describeError
        harness.knownDifferences.append(RealLibraryPresets.grdbMigrationsLedger)
        // The switch-over: GRDB's migrator opening the file SQLite.swift left.
        harness.opensBaselineFileWithCandidate = true
        defer { harness.removeWorkingCopies() }
        return try harness.run(slice: slice, scenarios: scenarios, on: source)
    }

    /// A transcript recorded on the baseline, verified on each candidate, in that order.
    func transcriptVerifications(of candidates: [DifferentialSide<Session>]) throws -> [TranscriptVerification] {
        let folder = try ScratchFolder()
        let source = try seed(folder)
        func runner(_ side: DifferentialSide<Session>) -> TranscriptRunner<Session> {
            var runner = TranscriptRunner(side: side, ignoredTables: RealLibraryPresets.grdbLedgerTables, workDirectory: folder.url)
            runner.describeError = RealLibraryPresets.describeError
            return runner
        }
        let transcript = try runner(baseline).record(scenarios, on: source)
        return try candidates.map { try runner($0).verify(scenarios, against: transcript, on: source) }
    }
}
