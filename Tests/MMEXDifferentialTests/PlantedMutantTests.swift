import Differential
import Foundation
import LegacyDriver
@testable import MMEXDifferential
import ReaderWriterDriver
import SQLiteEngine
import TestSupport
import Testing

/// One mutant named by where it is: a statement containing `marker` in `driver`'s statements, the change and its
/// occurrence in that statement; run on `slice`.
struct MarkedMutant: Sendable, CustomStringConvertible {
    let driver: PlantedDriver
    let slice: RepositorySlice
    let marker: String
    let change: String
    let occurrence: Int

    init(_ driver: PlantedDriver, _ slice: RepositorySlice, _ marker: String, _ change: String, _ occurrence: Int = 1) {
        self.driver = driver
        self.slice = slice
        self.marker = marker
        self.change = change
        self.occurrence = occurrence
    }

    var description: String { "\(driver.rawValue) \(slice.rawValue): \(change) #\(occurrence) in …\(marker)…" }

    var rewrite: @Sendable (String) -> String {
        { [marker, change, occurrence] sql in
            guard sql.contains(marker) else { return sql }
            return SQLMutant.all(in: sql).first { $0.change == change && $0.occurrence == occurrence }?.mutated ?? sql
        }
    }
}

/// A progress line of the long run, appended to `.build/mutants/progress.log` as it happens (the test runner holds
/// the test's own output until the end).
private func progress(_ line: String) {
    let folder = SharedData.repositoryRoot.appendingPathComponent(".build/mutants")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("progress.log")
    if !FileManager.default.fileExists(atPath: file.path) { FileManager.default.createFile(atPath: file.path, contents: nil) }
    guard let handle = try? FileHandle(forWritingTo: file) else { return }
    defer { try? handle.close() }
    _ = try? handle.seekToEnd()
    try? handle.write(contentsOf: Data((line + "\n").utf8))
}

/// The planted-bug hook and the quick part of the planted-bug run (the full run is `make mutants`).
@Suite("Planted bugs in one driver's statements", .serialized)
struct PlantedMutantTests {
    @Test("with no rewrite installed, or one installed for other paths, statements are prepared as written")
    func hookOffChangesNothing() throws {
        let folder = ScratchDirectory()
        let engine = try EngineConnection(path: ":memory:")
        let sql = "SELECT 1 WHERE 1 < 2 ORDER BY 1 COLLATE NOCASE"
        #expect(LegacyDriver.statementRewriter.apply(sql, on: engine) == sql)
        #expect(ReaderWriterDriver.statementRewriter.apply(sql, on: engine) == sql)
        let breaking: @Sendable (String) -> String = { _ in "SELECT broken FROM nowhere" }
        PlantedDriver.legacy.install(under: "/nonexistent-prefix/", breaking)
        PlantedDriver.readerWriter.install(under: "/nonexistent-prefix/", breaking)
        defer { for driver in PlantedDriver.allCases { driver.remove() } }
        #expect(LegacyDriver.statementRewriter.apply(sql, on: engine) == sql)
        #expect(ReaderWriterDriver.statementRewriter.apply(sql, on: engine) == sql)
        let slice = try #require(SliceRegistry.ported.first { $0.slice == .infoTable })
        let run = PlantedBugRun(
            source: .file(path: CommittedFixture.plain, key: nil), options: DiffOptions(randomOperations: 0),
            workDirectory: folder.url
        )
        let unchanged: @Sendable (String) -> String = { $0 }
        #expect(try run.firstMismatch(planting: unchanged, into: .legacy, slice: slice) == nil)
        PlantedDriver.legacy.install(under: ":mem", breaking)
        #expect(LegacyDriver.statementRewriter.apply(sql, on: engine) == "SELECT broken FROM nowhere")
        PlantedDriver.legacy.remove()
        #expect(LegacyDriver.statementRewriter.apply(sql, on: engine) == sql)
    }

    /// The planted changes the issue found surviving, and one of each kind in each driver: each one is caught at
    /// `driverport diff`'s default settings on the 200-transaction fixture, running only its slice.
    static let quick: [MarkedMutant] = [
        MarkedMutant(.readerWriter, .infoTable, "DELETE FROM SETTING_V1 WHERE SETTINGNAME", "= → <>"),
        MarkedMutant(.readerWriter, .reports, "ORDER BY GROUPNAME, REPORTNAME", "ORDER BY term 1 → DESC"),
        MarkedMutant(.legacy, .scheduled, "\"NEXTOCCURRENCEDATE\" <", "< → <="),
        MarkedMutant(.readerWriter, .scheduled, "WHERE NEXTOCCURRENCEDATE <", "< → <="),
        MarkedMutant(.legacy, .payees, "ORDER BY (\"PAYEENAME\" COLLATE", "ORDER BY term 1 → DESC"),
        MarkedMutant(.readerWriter, .tags, "WHERE TAGID = ? AND REFTYPE = ? AND REFID = ? ORDER", "AND → OR", 2),
    ]

    @Test("each quick planted change is reported as a mismatch by its slice's scenarios", arguments: quick)
    func quickMutantIsCaught(_ mutant: MarkedMutant) throws {
        let folder = ScratchDirectory()
        let slice = try #require(SliceRegistry.ported.first { $0.slice == mutant.slice })
        // DRIVERPORT_MUTANT_SLICES=a,b limits the run to those slices (the whole run takes long: see MIGRATION.md).
        let names = (ProcessInfo.processInfo.environment["DRIVERPORT_MUTANT_SLICES"] ?? "").split(separator: ",").map(String.init)
        let slices = try SliceRegistry.slices(named: names)
        let run = PlantedBugRun(source: .file(path: CommittedFixture.plain, key: nil), slices: slices, workDirectory: folder.url)
        let started = Date()
        let caught = try run.firstMismatch(planting: mutant.rewrite, into: mutant.driver, slice: slice)
        progress("quick: \(caught == nil ? "survived" : "killed") \(mutant) (\(Int(Date().timeIntervalSince(started))) s)")
        #expect(caught != nil, "\(mutant) was not caught")
    }

    @Test("dropping COLLATE NOCASE on a column the schema declares NOCASE is not caught, and is listed as equivalent")
    func nocaseColumnCollateIsEquivalent() throws {
        let folder = ScratchDirectory()
        let mutant = MarkedMutant(.legacy, .payees, "ORDER BY (\"PAYEENAME\" COLLATE", "COLLATE \"NOCASE\" removed")
        let slice = try #require(SliceRegistry.ported.first { $0.slice == .payees })
        let run = PlantedBugRun(source: .file(path: CommittedFixture.plain, key: nil), workDirectory: folder.url)
        #expect(try run.firstMismatch(planting: mutant.rewrite, into: .legacy, slice: slice) == nil)
        let statement = "SELECT \"PAYEEID\" FROM \"PAYEE_V1\" ORDER BY (\"PAYEENAME\" COLLATE \"NOCASE\"), \"PAYEEID\""
        let planted = try #require(SQLMutant.all(in: statement).first { $0.change == mutant.change })
        #expect(EquivalentMutants.reason(for: PlantedMutant(driver: .legacy, mutant: planted)) != nil)
    }

    /// The full run: every mutant of every statement both drivers' repositories issue. `make mutants` runs it and
    /// writes the kill-rate table into MIGRATION.md.
    @Test(
        "every non-equivalent planted change in either driver is caught; the listed equivalent ones are not",
        .enabled(if: ProcessInfo.processInfo.environment["DRIVERPORT_MUTANTS"] == "1")
    )
    func fullRun() throws {
        let folder = ScratchDirectory()
        // DRIVERPORT_MUTANT_SLICES=a,b limits the run to those slices (the whole run takes long: see MIGRATION.md).
        let names = (ProcessInfo.processInfo.environment["DRIVERPORT_MUTANT_SLICES"] ?? "").split(separator: ",").map(String.init)
        let slices = try SliceRegistry.slices(named: names)
        let run = PlantedBugRun(source: .file(path: CommittedFixture.plain, key: nil), slices: slices, workDirectory: folder.url)
        let started = Date()
        let recording = try run.record()
        progress("recorded \(recording.statements.mapValues(\.count)) statements in \(Int(Date().timeIntervalSince(started))) s")
        #expect(recording.mismatches == 0, "the unchanged run must agree")
        var outcomes: [MutantOutcome] = []
        for driver in PlantedDriver.allCases {
            let statements = recording.statements[driver] ?? [:]
            for mutant in recording.mutants(of: driver) {
                guard let issuers = statements[mutant.mutant.statement] else { continue }
                let outcome = try run.run(mutant, issuers: issuers)
                outcomes.append(outcome)
                progress("mutant: \(outcome.verdict.rawValue) [\(outcome.slice)] \(mutant) (\(Int(Date().timeIntervalSince(started))) s)")
            }
        }
        let rates = KillRates(
            outcomes: outcomes, statements: recording.statements.mapValues { $0.keys.filter { !SQLMutant.all(in: $0).isEmpty }.count }
        )
        let seconds = Int(Date().timeIntervalSince(started).rounded())
        let scope = names.isEmpty ? "every ported slice" : "slices \(names.joined(separator: ", "))"
        let reportStatements = recording.reportStatements.values.reduce(0, +)
        let table = rates.markdown + "\n\nMeasured by `make mutants` on \(scope) (\(outcomes.count) mutants, \(seconds) s on this machine); "
            + "\(reportStatements) statements that are stored reports' own SQL (prepared by `reports.run`, not repository code) left out."
        let out = SharedData.repositoryRoot.appendingPathComponent(".build/mutants")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try (table + "\n").write(to: out.appendingPathComponent("kill-rates.md"), atomically: true, encoding: .utf8)
        let survivors = outcomes.filter { $0.verdict == .survived }
        try survivors.map { "\($0.slice)\t\($0.mutant)" }.joined(separator: "\n")
            .write(to: out.appendingPathComponent("survivors.txt"), atomically: true, encoding: .utf8)
        print(table)
        #expect(survivors.isEmpty, "\(survivors.count) planted changes survived: .build/mutants/survivors.txt")
        let listedButCaught = EquivalentMutants.all.filter { entry in
            outcomes.contains { $0.verdict == .killed && entry.matches($0.mutant) }
        }
        #expect(listedButCaught.isEmpty, "listed as equivalent but caught: \(listedButCaught.map(\.reason))")
        let judgedButCaught = outcomes.filter { $0.verdict == .killed && $0.mutant.mutant.invisibility(keys: run.keys) != nil }
        #expect(judgedButCaught.isEmpty, "judged equivalent by the schema's keys but caught: \(judgedButCaught.map(\.mutant))")
    }
}
