import Differential
import Foundation
import GRDB
import GRDBSessions
import PersistenceSession
import RealLibraryPresets
import SQLite
import SQLiteSwiftSessions
import Testing
import Transcripts

/// The notes app on SQLite.swift against its port to GRDB with a real `DatabaseMigrator`, through the differential
/// and transcripts with the adapters and the presets only.
@Suite("GRDB's migration ledger is a known difference turned on in one line")
struct LedgerPresetTests {
    private static func migratedSetup() -> GRDBSessionSetup<NotesRead, NotesWrite> {
        var setup = RealDriver.grdbQueue.grdbSetup
        setup.migrate = { writer in
            var migrator = DatabaseMigrator()
            migrator.registerMigration("notes") { db in
                if try !db.tableExists("note") { try db.execute(sql: notesSchema) }
            }
            try migrator.migrate(writer)
        }
        return setup
    }

    private static let sqliteSwiftSide = DifferentialSide<NotesSession>(
        name: "sqlite-swift",
        open: { try SQLiteSwiftSessions.open(at: $0, access: .readWrite, setup: RealDriver.sqliteSwift.sqliteSwiftSetup) },
        close: { try $0.close() }
    )

    private static let grdbSide = DifferentialSide<NotesSession>(
        name: "grdb-queue",
        open: { try GRDBSessions.open(.queue, at: $0, access: .readWrite, setup: migratedSetup()) },
        close: { try $0.close() }
    )

    private static let scenario = Scenario<NotesSession>(
        name: "add twice",
        operations: [
            DifferentialOperation("add(a)") { session in try session.write { try $0.notes.add("a") }; return true },
            DifferentialOperation("add(a) again") { session in try session.write { try $0.notes.add("a") }; return true },
            DifferentialOperation("all") { session in try session.read { try $0.notes.all() } },
        ]
    )

    /// A notes file as the SQLite.swift app leaves it: the schema, no ledger.
    private func sourceFile(in folder: ScratchFolder) throws -> String {
        let path = folder.path("source.db")
        try SQLiteSwiftSessions.create(at: path, setup: RealDriver.sqliteSwift.sqliteSwiftSetup).close()
        return path
    }

    @Test("without the preset the ledger is a mismatch; with it, none, and the report names it once")
    func ledgerPreset() throws {
        let folder = try ScratchFolder()
        let source = try sourceFile(in: folder)
        var harness = DifferentialHarness(baseline: Self.sqliteSwiftSide, candidate: Self.grdbSide, workDirectory: folder.url)
        harness.describeError = RealLibraryPresets.describeError
        let bare = try harness.run(Self.scenario, on: source)
        #expect(!bare.mismatches.isEmpty)
        #expect(bare.mismatches.allSatisfy { $0.field.contains("grdb_migrations") || $0.candidate.contains("grdb_migrations") })

        harness.knownDifferences.append(RealLibraryPresets.grdbMigrationsLedger)
        let withPreset = try harness.run(Self.scenario, on: source)
        #expect(withPreset.mismatches.isEmpty, "\(String(describing: withPreset.mismatches))")
        #expect(!withPreset.known.isEmpty)
        #expect(withPreset.known.allSatisfy { $0.knownDifference == RealLibraryPresets.grdbMigrationsLedger.id })
        let slice = try harness.run(slice: "notes", scenarios: [Self.scenario, Self.scenario], on: source)
        harness.removeWorkingCopies()
        #expect(slice.mismatches == 0)
    }

    @Test("a transcript recorded on SQLite.swift verifies on GRDB once the ledger table is ignored")
    func transcriptIgnoresLedger() throws {
        let folder = try ScratchFolder()
        let source = try sourceFile(in: folder)
        var recorder = TranscriptRunner(side: Self.sqliteSwiftSide, workDirectory: folder.url)
        recorder.describeError = RealLibraryPresets.describeError
        let transcript = try recorder.record([Self.scenario], on: source)

        var verifier = TranscriptRunner(side: Self.grdbSide, workDirectory: folder.url)
        verifier.describeError = RealLibraryPresets.describeError
        #expect(!(try verifier.verify([Self.scenario], against: transcript, on: source).agrees))

        recorder.ignoredTables = RealLibraryPresets.grdbLedgerTables
        verifier.ignoredTables = RealLibraryPresets.grdbLedgerTables
        let ignoring = try recorder.record([Self.scenario], on: source)
        let result = try verifier.verify([Self.scenario], against: ignoring, on: source)
        #expect(result.agrees, "\(String(describing: result.mismatches))")
    }
}
