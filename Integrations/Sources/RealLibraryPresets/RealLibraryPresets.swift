import Differential
import ShadowSessions

/// Presets for comparing an app on the real SQLite.swift with its port to the real GRDB: each is one line in the
/// differential (`DifferentialHarness`), transcripts (`TranscriptRunner`) or shadow mode (`ShadowOptions`).
///
/// ```swift
/// harness.describeError = RealLibraryPresets.describeError          // both libraries' errors in one form
/// harness.knownDifferences.append(RealLibraryPresets.grdbMigrationsLedger)  // GRDB's migrator adds its ledger
/// runner.describeError = RealLibraryPresets.describeError
/// runner.ignoredTables = RealLibraryPresets.grdbLedgerTables
/// options.describeError = RealLibraryPresets.describeError
/// ```
public enum RealLibraryPresets {
    /// An error as the three tools compare it: an SQLite failure of either library as its ``SQLiteErrorForm``,
    /// anything else as its type and description (the tools' default).
    @Sendable
    public static func describeError(_ error: any Error) -> String {
        if let form = SQLiteErrorForm(error) { return form.description }
        return "\(type(of: error)): \(error)"
    }

    /// The tables GRDB's `DatabaseMigrator` adds to the file it migrates.
    public static let grdbLedgerTables: Set<String> = ["grdb_migrations"]

    /// GRDB's migrator keeps its ledger (`grdb_migrations`) in the file; SQLite.swift keeps none. Covers the
    /// ledger's table and rows appearing on the candidate only; the report lists it once per slice as a known
    /// difference, so a user sees that it was applied. Nothing else about the file is excused.
    public static let grdbMigrationsLedger = KnownDifference(
        id: "grdb-migrations-ledger",
        summary: "GRDB's DatabaseMigrator records applied migrations in grdb_migrations; SQLite.swift keeps no ledger",
        covers: { mismatch, _ in
            switch mismatch.kind {
            case .rows:
                return grdbLedgerTables.contains { mismatch.field == $0 || mismatch.field.hasPrefix("\($0)[") || mismatch.field.hasPrefix("\($0) ") || mismatch.field.hasPrefix("\($0).") }
            case .schema:
                return grdbLedgerTables.contains { mismatch.candidate.hasPrefix("\($0):") }
                    && mismatch.baseline == "(absent)"
            default:
                return false
            }
        }
    )
}
