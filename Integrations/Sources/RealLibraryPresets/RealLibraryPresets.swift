import Differential
import ShadowSessions

/// Presets for comparing an app on the real SQLite.swift with its port to the real GRDB: each is one line in the
/// differential (`DifferentialHarness`), transcripts (`TranscriptRunner`) or shadow mode (`ShadowOptions`).
///
/// The three tools already describe errors in one standard form by default (`ComparedErrors.standard`, read from an
/// error's description); ``describeError(_:)`` gives the same form read from the libraries' error values themselves.
///
/// ```swift
/// harness.knownDifferences.append(RealLibraryPresets.grdbMigrationsLedger)  // GRDB's migrator adds its ledger
/// runner.ignoredTables = RealLibraryPresets.grdbLedgerTables
/// ```
public enum RealLibraryPresets {
    /// An error as the three tools compare it by default (`ComparedErrors.standard`), an SQLite failure of either
    /// library read from its error value (``SQLiteErrorForm``) rather than from its description; anything else as
    /// the tools' default describes it.
    @Sendable
    public static func describeError(_ error: any Error) -> String {
        if let form = SQLiteErrorForm(error) { return form.description }
        return ComparedErrors.standard(error)
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
