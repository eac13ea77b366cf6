import Differential
import Foundation
import SQLiteEngine
import TestSupport
import Testing
import Transcripts

/// The standard form (`ComparedErrors.standard`, which the integrations' `RealLibraryPresets.describeError` gives too).
private struct PresetForm: Error, CustomStringConvertible {
    var description: String { "SQLite error 19 [unique on EVENT(UUID)]" }
}

/// One library's way of reporting the toy event log's refusals.
private struct Library {
    enum Reports { case sqliteSwift, grdb, preset, engine }

    let events: ToyEvents
    let reports: Reports

    /// Runs `body`, reporting an SQLite failure the way this library does.
    func run<T>(_ body: (ToyEvents) throws -> T) throws -> T {
        do { return try body(events) } catch let error as SQLiteError {
            switch reports {
            case .sqliteSwift: throw SQLiteSwiftResultWords(message: error.message, code: error.code, sql: error.sql ?? "")
            case .grdb: throw GRDBErrorWords(code: error.code, message: error.message, sql: error.sql ?? "")
            case .preset: throw PresetForm()
            case .engine: throw error
            }
        }
    }

    static func side(_ reports: Reports) -> DifferentialSide<Library> {
        DifferentialSide(
            name: "\(reports)", open: { Library(events: try ToyEvents(path: $0, port: .reference), reports: reports) },
            close: { $0.events.close() }
        )
    }
}

@Suite("Recorded and thrown errors compare in the tools' standard form, as the differential and shadow mode compare them")
struct TranscriptErrorFormTests {
    private static let scenarios = [
        Scenario<Library>(name: "duplicates", operations: [
            DifferentialOperation("add(seeded[0]) again") { library in
                try library.run { try $0.add(uuid: ToyEvents.seeded[0], day: "2026-01-03 08:00:00.000", done: false, title: "dup") }
            },
        ]),
    ]

    /// Records the scenarios with `reports`' errors, described by `describe` (an older recorder kept every word).
    private func record(
        _ reports: Library.Reports, in folder: TemporaryDirectory,
        describe: @escaping (any Error) -> String = ComparedErrors.typeAndDescription
    ) throws -> (String, Transcript) {
        let file = folder.path("events.sqlite")
        try ToyEvents.makeFile(at: file)
        var runner = TranscriptRunner(side: Library.side(reports), workDirectory: folder.url)
        runner.describeError = describe
        return (file, try runner.record(Self.scenarios, on: file))
    }

    @Test("by default a refusal is recorded in the standard form, the same from SQLite.swift's and GRDB's words")
    func recordsTheStandardForm() throws {
        for reports in [Library.Reports.sqliteSwift, .grdb, .engine] {
            let folder = TemporaryDirectory.inMemory("transcript")
            let (_, transcript) = try record(reports, in: folder, describe: TranscriptRunner(side: Library.side(reports)).describeError)
            #expect(transcript.scenarios[0].operations[0].outcome == .threw("SQLite error 19 [unique on EVENT(UUID)]"), "\(reports)")
        }
    }

    @Test("a unique violation recorded from SQLite.swift's Result verifies against GRDB's DatabaseError, the preset and the engine's error")
    func constraintErrorsAgree() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let (file, transcript) = try record(.sqliteSwift, in: folder)
        guard case .threw(let recorded) = transcript.scenarios[0].operations[0].outcome else {
            Issue.record("the duplicate should throw")
            return
        }
        #expect(recorded.hasSuffix("UNIQUE constraint failed: EVENT.UUID (INSERT INTO EVENT(UUID, DAY, DONE, TITLE) VALUES (?, ?, ?, ?)) (code: 19)"))
        for reports in [Library.Reports.grdb, .preset, .engine] {
            let result = try TranscriptRunner(side: Library.side(reports), workDirectory: folder.url)
                .verify(Self.scenarios, against: transcript, on: file)
            #expect(result.agrees, "\(reports): \(result.text)")
        }
    }

    @Test("with exact comparison the two libraries' words differ, and the mismatch shows both")
    func exactComparisonDiffers() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let (file, transcript) = try record(.sqliteSwift, in: folder)
        var runner = TranscriptRunner(side: Library.side(.grdb), workDirectory: folder.url)
        runner.describeError = ComparedErrors.typeAndDescription
        runner.errorComparison = .exact
        let result = try runner.verify(Self.scenarios, against: transcript, on: file)
        let mismatch = try #require(result.mismatches.first)
        #expect(mismatch.field == "error")
        #expect(mismatch.expected.hasPrefix("threw SQLiteSwiftResultWords: UNIQUE constraint failed: EVENT.UUID"))
        #expect(mismatch.actual.hasPrefix("threw GRDBErrorWords: SQLite error 19: UNIQUE constraint failed"))
    }

    @Test("another failure does not agree: a unique violation recorded, a NOT NULL one thrown")
    func otherConstraintDiffers() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let (file, transcript) = try record(.sqliteSwift, in: folder)
        let other = [Scenario<Library>(name: "duplicates", operations: [
            DifferentialOperation("add(seeded[0]) again") { library in
                try library.run { events in
                    try events.connection.run("INSERT INTO EVENT(UUID, DAY, DONE) VALUES ('x', NULL, 0)")
                    return Int64(0)
                }
            },
        ])]
        let result = try TranscriptRunner(side: Library.side(.grdb), workDirectory: folder.url)
            .verify(other, against: transcript, on: file)
        #expect(result.mismatches.map(\.field) == ["error"], "\(result.text)")
    }
}

@Suite("The standard error form keeps a different refusal a mismatch")
struct TranscriptErrorKindTests {
    /// Verifies a transcript recorded with SQLite.swift's unique refusal against `thrown` (or a returned value).
    private func verify(recorded: any Error, against outcome: Result<Int64, any Error>) throws -> TranscriptVerification {
        let folder = TemporaryDirectory.inMemory("transcript")
        let file = folder.path("events.sqlite")
        try ToyEvents.makeFile(at: file)
        func scenarios(_ result: Result<Int64, any Error>) -> [Scenario<ToyEvents>] {
            [Scenario(name: "write", operations: [DifferentialOperation("write") { _ in try result.get() }])]
        }
        let side = DifferentialSide<ToyEvents>(name: "toy", open: { try ToyEvents(path: $0, port: .reference) }, close: { $0.close() })
        let transcript = try TranscriptRunner(side: side, workDirectory: folder.url).record(scenarios(.failure(recorded)), on: file)
        return try TranscriptRunner(side: side, workDirectory: folder.url).verify(scenarios(outcome), against: transcript, on: file)
    }

    private static let unique = SQLiteSwiftResultWords(message: "UNIQUE constraint failed: note.body", code: 19)

    @Test("UNIQUE recorded, FOREIGN KEY thrown (GRDB's words): a mismatch")
    func uniqueAgainstForeignKey() throws {
        let result = try verify(recorded: Self.unique, against: .failure(GRDBErrorWords(code: 19, message: "FOREIGN KEY constraint failed")))
        #expect(result.mismatches.map(\.field) == ["error"], "\(result.text)")
        #expect(result.mismatches.first?.actual.contains("foreignKey") == true, "\(result.text)")
    }

    @Test("UNIQUE on one column recorded, UNIQUE on another thrown: a mismatch")
    func uniqueOnAnotherColumn() throws {
        let result = try verify(recorded: Self.unique, against: .failure(GRDBErrorWords(code: 19, message: "UNIQUE constraint failed: note.uuid")))
        #expect(result.mismatches.map(\.field) == ["error"], "\(result.text)")
    }

    @Test("a refusal recorded, a value returned: a mismatch")
    func constraintAgainstNoError() throws {
        let result = try verify(recorded: Self.unique, against: .success(1))
        #expect(result.mismatches.map(\.field) == ["outcome"], "\(result.text)")
    }

    @Test("two different SQLITE_ERROR messages: a mismatch")
    func otherMessagesDiffer() throws {
        let result = try verify(
            recorded: SQLiteSwiftResultWords(message: "no such table: note", code: 1, sql: "SELECT * FROM note"),
            against: .failure(GRDBErrorWords(code: 1, message: "no such column: body", sql: "SELECT body FROM note"))
        )
        #expect(result.mismatches.map(\.field) == ["error"], "\(result.text)")
    }

    @Test("the same refusal in SQLite.swift's and GRDB's words: no mismatch")
    func sameRefusalAgrees() throws {
        let result = try verify(recorded: Self.unique, against: .failure(GRDBErrorWords(code: 19, message: "UNIQUE constraint failed: note.body")))
        #expect(result.agrees, "\(result.text)")
    }
}
