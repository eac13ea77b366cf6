import Differential
import Foundation
import SQLiteEngine
import TestSupport
import Testing

@Suite("The differential harness catches planted differences")
struct PlantedBugTests {
    private func sourceFile(_ folder: TemporaryDirectory) throws -> String {
        let path = folder.path("source/notes.db")
        try FileManager.default.createDirectory(atPath: folder.path("source"), withIntermediateDirectories: true)
        try ToyNotes.makeFile(at: path)
        return path
    }

    @Test("identical implementations agree on hand-written and random scenarios, and the source is untouched")
    func identicalImplementationsAgree() throws {
        let folder = TemporaryDirectory()
        let source = try sourceFile(folder)
        let before = folderFingerprint(URL(fileURLWithPath: source).deletingLastPathComponent())
        let harness = toyHarness(bugs: [], under: folder)
        let handWritten = Scenario<ToyNotes>(name: "basics", operations: [
            ToyOperations.add("alpha", 1), ToyOperations.find("ALPHA"), ToyOperations.add("Alpha", 2),
            ToyOperations.list(3), ToyOperations.remove("seed"), ToyOperations.list(10),
        ])
        let random = (1...3).map { ToyOperations.generator.scenario(named: "random", seed: UInt64($0), count: 60) }
        let report = try harness.run(slice: "notes", scenarios: [handWritten] + random, on: source)
        #expect(report.mismatches == 0, "\(report.details)")
        #expect(report.operations == 6 + 3 * 60)
        #expect(report.agrees)
        #expect(report.scenarios.allSatisfy { $0.shortestFailingSequence == nil })
        #expect(folderFingerprint(URL(fileURLWithPath: source).deletingLastPathComponent()) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(leftovers == ["source"], "working copies are removed")
    }

    @Test("an off-by-one limit is reported on the list operation, naming the count and the extra element")
    func offByOneLimit() throws {
        let folder = TemporaryDirectory()
        let source = try sourceFile(folder)
        let scenario = Scenario<ToyNotes>(name: "paging", operations: [
            ToyOperations.add("alpha", 1), ToyOperations.list(2), ToyOperations.list(10),
        ])
        let report = try toyHarness(bugs: .offByOneLimit, under: folder).run(scenario, on: source)
        let results = report.mismatches.filter { $0.kind == .result }
        #expect(results.allSatisfy { $0.operation == "list(limit: 2)" && $0.operationIndex == 1 })
        #expect(results.contains { $0.field == "count" && $0.baseline == "2" && $0.candidate == "3" })
        #expect(results.contains { $0.field == "notes[2]" && $0.baseline == "(absent)" })
        #expect(report.mismatches.count == results.count, "nothing differs on disk")
        #expect(
            report.shortestFailingSequence == ["add(\"alpha\", 1)", "list(limit: 2)"],
            "two seed rows plus one added overflow a page of two; the last list is not needed"
        )
    }

    @Test("a NOCASE lookup made case-sensitive is reported on the find operation, naming the found field")
    func caseSensitiveLookup() throws {
        let folder = TemporaryDirectory()
        let source = try sourceFile(folder)
        let scenario = Scenario<ToyNotes>(name: "lookups", operations: [
            ToyOperations.find("Seed"), ToyOperations.add("Alpha", 7), ToyOperations.find("alpha"),
        ])
        let report = try toyHarness(bugs: .caseSensitiveLookup, under: folder).run(scenario, on: source)
        let found = try #require(report.mismatches.first { $0.field == "found" })
        #expect(found.kind == .result)
        #expect(found.operation == "find(\"alpha\")")
        #expect(found.operationIndex == 2)
        #expect(found.baseline == "true" && found.candidate == "false")
        #expect(report.mismatches.contains { $0.field == "note" && $0.candidate == "null" })
        #expect(report.mismatches.allSatisfy { $0.operationIndex == 2 })
        #expect(report.shortestFailingSequence == ["add(\"Alpha\", 7)", "find(\"alpha\")"])
    }

    @Test("a value written with a different type affinity is caught on disk, naming table, row and column")
    func typeAffinity() throws {
        let folder = TemporaryDirectory()
        let source = try sourceFile(folder)
        let scenario = Scenario<ToyNotes>(name: "affinity", operations: [
            ToyOperations.add("alpha", 5), ToyOperations.find("alpha"), ToyOperations.list(5),
        ])
        let report = try toyHarness(bugs: .textAffinity, under: folder).run(scenario, on: source)
        #expect(report.mismatches.allSatisfy { $0.kind == .rows }, "both read back 5: only the file differs")
        let row = try #require(report.mismatches.first)
        #expect(row.field == "NOTE[rowid 3].VALUE")
        #expect(row.baseline == "5 (integer)")
        #expect(row.candidate == "'5' (text)")
        #expect(report.shortestFailingSequence == ["add(\"alpha\", 5)"])
    }

    @Test("a different user_version is caught although every result agrees")
    func userVersion() throws {
        let folder = TemporaryDirectory()
        let source = try sourceFile(folder)
        let scenario = Scenario<ToyNotes>(name: "version", operations: [ToyOperations.find("Seed")])
        let report = try toyHarness(bugs: .bumpsUserVersion, under: folder).run(scenario, on: source)
        #expect(report.mismatches.count == 1)
        #expect(report.mismatches.first?.kind == .userVersion)
        #expect(report.mismatches.first?.baseline == "0")
        #expect(report.mismatches.first?.candidate == "22")
    }

    @Test("sidecar files left beside the database and a switch to WAL are caught")
    func sidecarsAndJournalMode() throws {
        let folder = TemporaryDirectory()
        let source = try sourceFile(folder)
        let scenario = Scenario<ToyNotes>(name: "sidecars", operations: [ToyOperations.add("alpha", 1)])
        let report = try toyHarness(bugs: .leavesWAL, under: folder).run(scenario, on: source)
        let sidecars = try #require(report.mismatches.first { $0.kind == .sidecars })
        #expect(sidecars.baseline == "notes.db")
        #expect(sidecars.candidate.contains("notes.db-wal"))
        let journal = try #require(report.mismatches.first { $0.kind == .journalMode })
        #expect(journal.candidate == "wal")
        #expect(!report.mismatches.contains { $0.kind == .result || $0.kind == .rows })
    }

    @Test("errors that name each side's own copy agree, and the error description is the caller's choice")
    func errorsAreComparedWithoutCopyPaths() throws {
        let folder = TemporaryDirectory()
        let source = try sourceFile(folder)
        struct NamedError: Error, CustomStringConvertible {
            let path: String
            var description: String { "cannot write \(path)" }
        }
        let throwsWithPath = DifferentialOperation<ToyNotes>("fail") { notes -> Int in
            throw NamedError(path: notes.connection.path)
        }
        let agreeing = try toyHarness(bugs: [], under: folder)
            .run(Scenario(name: "errors", operations: [throwsWithPath]), on: source)
        #expect(agreeing.agrees, "\(agreeing.mismatches)")
        let duplicate = try toyHarness(bugs: [], under: folder).run(
            Scenario(name: "errors", operations: [ToyOperations.add("Seed", 1), ToyOperations.add("fresh", 1)]),
            on: source
        )
        #expect(duplicate.agrees, "both sides refuse the duplicate name the same way")
        var harness = toyHarness(bugs: .caseSensitiveLookup, under: folder)
        harness.describeError = { _ in "always the same" }
        let thrown = try harness.run(Scenario(name: "errors", operations: [throwsWithPath]), on: source)
        #expect(thrown.agrees)
    }

    @Test("a side that cannot open its copy is a mismatch, not a crash")
    func openFailure() throws {
        let folder = TemporaryDirectory()
        let source = try sourceFile(folder)
        struct Refused: Error {}
        let harness = DifferentialHarness<ToyNotes>(
            baseline: DifferentialSide(name: "correct", open: { try ToyNotes(path: $0) }, close: { $0.close() }),
            candidate: DifferentialSide(name: "broken", open: { _ in throw Refused() }, close: { $0.close() }),
            workDirectory: folder.url
        )
        let report = try harness.run(Scenario(name: "open", operations: [ToyOperations.find("Seed")]), on: source)
        #expect(report.mismatches.map(\.kind) == [.open])
        #expect(report.mismatches.first?.candidate.hasPrefix("threw Refused") == true)
    }

    @Test("encrypted files work when the caller opens and inspects with the key")
    func encryptedFile() throws {
        let library = try SQLiteLibrary.sqlcipher()
        let folder = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("source"), withIntermediateDirectories: true)
        let source = folder.path("source/notes.emb")
        let key = "correct horse"
        try ToyNotes.makeFile(at: source, library: library, key: key)
        let plain = try EngineConnection(path: source, options: .readOnly)
        #expect(throws: SQLiteError.self) { try plain.scalar("SELECT count(*) FROM NOTE") }
        plain.close()
        func harness(_ bugs: ToyNotes.Bugs) -> DifferentialHarness<ToyNotes> {
            DifferentialHarness(
                baseline: DifferentialSide(
                    name: "correct", open: { try ToyNotes(path: $0, library: library, key: key) }, close: { $0.close() }
                ),
                candidate: DifferentialSide(
                    name: "planted", open: { try ToyNotes(path: $0, bugs: bugs, library: library, key: key) },
                    close: { $0.close() }
                ),
                inspect: { path in
                    let connection = try EngineConnection(path: path, options: .readOnly, library: library)
                    try connection.execute("PRAGMA key = '\(key)'")
                    return connection
                },
                workDirectory: folder.url
            )
        }
        let scenario = Scenario<ToyNotes>(name: "encrypted", operations: [
            ToyOperations.add("alpha", 5), ToyOperations.find("ALPHA"), ToyOperations.list(5),
        ])
        #expect(try harness([]).run(scenario, on: source).agrees)
        let report = try harness(.textAffinity).run(scenario, on: source)
        #expect(report.mismatches.map(\.field) == ["NOTE[rowid 3].VALUE"])
    }
}

@Suite("Ignored columns in the on-disk comparison")
struct IgnoredColumnTests {
    @Test("a difference only in an ignored column is not reported; the same difference elsewhere is")
    func ignoredColumnIsSkipped() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("source/notes.db")
        try FileManager.default.createDirectory(atPath: folder.path("source"), withIntermediateDirectories: true)
        try ToyNotes.makeFile(at: path)
        let scenario = Scenario<ToyNotes>(name: "affinity", operations: [ToyOperations.add("alpha", 5)])
        var comparison = StateComparison.all
        comparison.ignoredColumns = ["VALUE"]
        let ignoring = DifferentialHarness<ToyNotes>(
            baseline: DifferentialSide(name: "correct", open: { try ToyNotes(path: $0) }, close: { $0.close() }),
            candidate: DifferentialSide(
                name: "planted", open: { try ToyNotes(path: $0, bugs: .textAffinity) }, close: { $0.close() }
            ),
            comparison: comparison,
            workDirectory: folder.url
        )
        #expect(try ignoring.run(scenario, on: path).mismatches.isEmpty)
        let strict = try toyHarness(bugs: .textAffinity, under: folder).run(scenario, on: path)
        #expect(strict.mismatches.contains { $0.kind == .rows && $0.field.hasSuffix(".VALUE") })
    }
}
