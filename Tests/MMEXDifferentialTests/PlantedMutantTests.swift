import Differential
import Foundation
import MMEXSession
@testable import MMEXDifferential
@testable import MutationTesting
import PersistenceSession
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
    if !FileManager.default.fileExists(atPath: file.path) { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
    guard let handle = try? FileHandle(forWritingTo: file) else { return }
    defer { try? handle.close() }
    _ = try? handle.seekToEnd()
    try? handle.write(contentsOf: Data((line + "\n").utf8))
}

/// The planted-bug hook and the quick part of the planted-bug run (the full run is `make mutants`).
@Suite("Planted bugs in one driver's statements", .serialized)
struct PlantedMutantTests {
    @Test("a statement rewrite reaches only the sessions configured with it; every other connection prepares SQL as written")
    func rewriteIsPerSession() throws {
        let folder = ScratchDirectory()
        let engine = try EngineConnection(path: ":memory:")
        let sql = "SELECT 1 WHERE 1 < 2 ORDER BY 1 COLLATE NOCASE"
        #expect(engine.driverSQL(sql) == sql)
        let breaking: @Sendable (String) -> String = { _ in "SELECT broken FROM nowhere" }
        var planted = SessionConfiguration.standard
        planted.statementRewrite = breaking
        for kind in [DriverKind.legacy, .queue, .pool] {
            let path = folder.url.appendingPathComponent("\(kind.rawValue).mmb").path
            try FileManager.default.copyItem(atPath: CommittedFixture.plain, toPath: path)
            let plain = try kind.sessionType.open(at: path, key: nil, access: .readOnly, configuration: .standard)
            defer { try? plain.close() }
            let broken = try kind.sessionType.open(at: path, key: nil, access: .readOnly, configuration: planted)
            defer { try? broken.close() }
            #expect(throws: (any Error).self, "\(kind): the planted session prepares the rewritten SQL") {
                try broken.read { try $0.infoTable.entries() }
            }
            #expect(try !plain.read { try $0.infoTable.entries() }.isEmpty, "\(kind): the session beside it is untouched")
        }
        let slice = try #require(SliceRegistry.ported.first { $0.slice == .infoTable })
        let run = PlantedBugRun(
            source: .file(path: CommittedFixture.plain, key: nil), options: DiffOptions(randomOperations: 0),
            workDirectory: folder.url
        )
        let unchanged: @Sendable (String) -> String = { $0 }
        #expect(try run.firstMismatch(planting: unchanged, into: .legacy, slice: slice) == nil)
        #expect(try run.firstMismatch(planting: breaking, into: .readerWriter, slice: slice) != nil)
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
        MarkedMutant(.legacy, .transactions, "\"ATTACHMENT_V1\".\"FILENAME\" FROM \"ATTACHMENT_V1\"", "ORDER BY term 1 → DESC"),
        MarkedMutant(.readerWriter, .importing, "\"ACCOUNTNAME\" = ? COLLATE NOCASE", "= → <>"),
        MarkedMutant(.readerWriter, .duplicates, "WHERE (DELETEDTIME IS NULL OR DELETEDTIME = '')", "OR → AND"),
        MarkedMutant(.legacy, .duplicates, "SELECT count(*) FROM \"ATTACHMENT_V1\" WHERE", "AND → OR"),
        MarkedMutant(.readerWriter, .duplicates, "SELECT count(*) FROM CUSTOMFIELDDATA_V1 WHERE REFID = ?", "= → <>", 2),
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

    @Test("reading the duplicate keys in reverse id order is listed as equivalent in both drivers, and nothing else there")
    func duplicateKeyOrderIsEquivalent() throws {
        let statements: [(PlantedDriver, String)] = [
            (.legacy, "SELECT \"TRANSID\", \"ACCOUNTID\", \"TOACCOUNTID\", \"TRANSDATE\", CAST(\"TRANSAMOUNT\" AS REAL), \"PAYEEID\", "
                + "\"TRANSCODE\" FROM \"CHECKINGACCOUNT_V1\" WHERE ((\"DELETEDTIME\" IS NULL) OR (\"DELETEDTIME\" = ?)) ORDER BY \"TRANSID\""),
            (.readerWriter, "SELECT TRANSID, ACCOUNTID, TOACCOUNTID, TRANSDATE, CAST(TRANSAMOUNT AS REAL), PAYEEID, TRANSCODE\n"
                + "FROM CHECKINGACCOUNT_V1 WHERE (DELETEDTIME IS NULL OR DELETEDTIME = '') AND ACCOUNTID = ? ORDER BY TRANSID"),
        ]
        for (driver, statement) in statements {
            let mutants = SQLMutant.all(in: statement).map { PlantedMutant(driver: driver, mutant: $0) }
            let reversed = try #require(mutants.first { $0.mutant.change == "ORDER BY term 1 → DESC" })
            #expect(EquivalentMutants.reason(for: reversed)?.contains("keyGroups") == true, "\(reversed)")
            for other in mutants where other.mutant.change != reversed.mutant.change {
                #expect(EquivalentMutants.reason(for: other) == nil, "\(other) must be caught, not listed")
            }
        }
    }

    /// One process's part of the full run (`DRIVERPORT_MUTANT_SHARD=i/n`: every n-th mutant from the i-th), as
    /// `.build/mutants/shard-i-of-n.json`; `make mutants MUTANT_SHARDS=n` runs n of them side by side over the same
    /// recording and merges them (``mergedShards()``).
    struct Shard: Codable {
        var index: Int
        var count: Int
        var scope: String
        var mutants: Int
        var statements: [String: Int]
        var reportStatements: Int
        var seconds: Int
        var outcomes: [MutantOutcome]
    }

    private static var outFolder: URL { SharedData.repositoryRoot.appendingPathComponent(".build/mutants") }

    /// The full run: every mutant of every statement both drivers' repositories issue (or this shard's share of
    /// them). `make mutants` runs it and writes the kill-rate table into MIGRATION.md.
    @Test(
        "every non-equivalent planted change in either driver is caught; the listed equivalent ones are not",
        .enabled(if: ProcessInfo.processInfo.environment["DRIVERPORT_MUTANTS"] == "1")
    )
    func fullRun() throws {
        let folder = ScratchDirectory()
        let environment = ProcessInfo.processInfo.environment
        // DRIVERPORT_MUTANT_SLICES=a,b limits the run to those slices (the whole run takes long: see MIGRATION.md).
        let names = (environment["DRIVERPORT_MUTANT_SLICES"] ?? "").split(separator: ",").map(String.init)
        let shard = (environment["DRIVERPORT_MUTANT_SHARD"] ?? "0/1").split(separator: "/").compactMap { Int($0) }
        let (index, count) = shard.count == 2 && shard[1] > 0 && shard[0] < shard[1] ? (shard[0], shard[1]) : (0, 1)
        let slices = try SliceRegistry.slices(named: names)
        let run = PlantedBugRun(source: .file(path: CommittedFixture.plain, key: nil), slices: slices, workDirectory: folder.url)
        let started = Date()
        let recording = try run.record(log: progress)
        progress("recorded \(recording.statements.mapValues(\.count)) statements in \(Int(Date().timeIntervalSince(started))) s")
        #expect(recording.mismatches == 0, "the unchanged run must agree")
        var outcomes: [MutantOutcome] = []
        var position = 0
        for driver in PlantedDriver.allCases {
            let statements = recording.statements[driver] ?? [:]
            for mutant in recording.mutants(of: driver) {
                defer { position += 1 }
                guard position % count == index, let issuers = statements[mutant.mutant.statement] else { continue }
                let outcome = try run.run(mutant, issuers: issuers)
                outcomes.append(outcome)
                progress("mutant: \(outcome.verdict.rawValue) [\(outcome.slice)] \(mutant) (\(Int(Date().timeIntervalSince(started))) s)")
            }
        }
        let result = Shard(
            index: index, count: count, scope: names.isEmpty ? "every ported slice" : "slices \(names.joined(separator: ", "))",
            mutants: position,
            statements: Dictionary(uniqueKeysWithValues: recording.statements.map { driver, statements in
                (driver.rawValue, statements.keys.filter { !SQLMutant.all(in: $0).isEmpty }.count)
            }),
            reportStatements: recording.reportStatements.values.reduce(0, +),
            seconds: Int(Date().timeIntervalSince(started).rounded()), outcomes: outcomes
        )
        try FileManager.default.createDirectory(at: Self.outFolder, withIntermediateDirectories: true)
        let file = Self.outFolder.appendingPathComponent("shard-\(index)-of-\(count).json")
        try JSONEncoder().encode(result).write(to: file)
        if count == 1 { try Self.conclude([result], keys: run.keys) }
    }

    /// Merges the shards of a run made with `make mutants MUTANT_SHARDS=n` (`DRIVERPORT_MUTANTS_MERGE=n`): every
    /// shard present, from the same recording, then the same checks and table as a run in one process.
    @Test(
        "the shards of a split planted-bug run together catch every non-equivalent change",
        .enabled(if: ProcessInfo.processInfo.environment["DRIVERPORT_MUTANTS_MERGE"] != nil)
    )
    func mergedShards() throws {
        let count = try #require(Int(ProcessInfo.processInfo.environment["DRIVERPORT_MUTANTS_MERGE"] ?? ""))
        let shards = try (0..<count).map { index in
            let file = Self.outFolder.appendingPathComponent("shard-\(index)-of-\(count).json")
            return try JSONDecoder().decode(Shard.self, from: Data(contentsOf: file))
        }
        let first = try #require(shards.first)
        #expect(shards.allSatisfy { $0.mutants == first.mutants && $0.statements == first.statements && $0.scope == first.scope },
                "the shards must come from the same recording")
        #expect(shards.reduce(0) { $0 + $1.outcomes.count } == first.mutants, "every mutant ran in one shard")
        let folder = ScratchDirectory()
        let keys = PlantedBugRun(source: .file(path: CommittedFixture.plain, key: nil), workDirectory: folder.url).keys
        try Self.conclude(shards, keys: keys)
    }

    /// Writes the kill-rate table and the survivors, and checks the verdicts: no survivor, no listed or judged
    /// equivalent change caught.
    static func conclude(_ shards: [Shard], keys: SchemaKeys) throws {
        guard let first = shards.first else { return }
        let outcomes = shards.flatMap(\.outcomes)
        var statements: [PlantedDriver: Int] = [:]
        for (name, count) in first.statements { if let driver = PlantedDriver(rawValue: name) { statements[driver] = count } }
        let rates = KillRates(outcomes: outcomes, statements: statements)
        let seconds = shards.map(\.seconds).max() ?? 0
        let processes = shards.count == 1 ? "" : " in \(shards.count) processes side by side"
        let table = rates.markdown + "\n\nMeasured by `make mutants` on \(first.scope) (\(outcomes.count) mutants, \(seconds) s\(processes) "
            + "on this machine); \(first.reportStatements) statements that are stored reports' own SQL (prepared by "
            + "`reports.run`, not repository code) left out."
        try FileManager.default.createDirectory(at: outFolder, withIntermediateDirectories: true)
        try (table + "\n").write(to: outFolder.appendingPathComponent("kill-rates.md"), atomically: true, encoding: .utf8)
        let survivors = outcomes.filter { $0.verdict == .survived }
        try survivors.map { "\($0.slice)\t\($0.mutant)" }.joined(separator: "\n")
            .write(to: outFolder.appendingPathComponent("survivors.txt"), atomically: true, encoding: .utf8)
        print(table)
        #expect(survivors.isEmpty, "\(survivors.count) planted changes survived: .build/mutants/survivors.txt")
        let listedButCaught = EquivalentMutants.all.filter { entry in
            outcomes.contains { $0.verdict == .killed && entry.matches($0.mutant) }
        }
        #expect(listedButCaught.isEmpty, "listed as equivalent but caught: \(listedButCaught.map(\.reason))")
        let judgedButCaught = outcomes.filter { $0.verdict == .killed && $0.mutant.mutant.invisibility(keys: keys) != nil }
        #expect(judgedButCaught.isEmpty, "judged equivalent by the schema's keys but caught: \(judgedButCaught.map(\.mutant))")
    }
}
