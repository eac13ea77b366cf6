import Differential
import Foundation
import SQLiteEngine
import TestSupport
import Testing
import Transcripts

/// SQLite.swift's `Result.error` as it describes itself (`Sources/SQLite/Core/Result.swift`): the message, the
/// statement, the primary code.
private struct SQLiteSwiftResult: Error, CustomStringConvertible {
    let message: String
    let code: Int32
    let sql: String
    var description: String { "\(message) (\(sql)) (code: \(code))" }
}

/// GRDB's `DatabaseError` as it describes itself (`GRDB/Core/DatabaseError.swift`).
private struct GRDBDatabaseError: Error, CustomStringConvertible {
    let resultCode: Int32
    let message: String
    let sql: String
    var description: String { "SQLite error \(resultCode): \(message) - while executing `\(sql)`" }
}

/// The integrations' preset form (`RealLibraryPresets.describeError`).
private struct PresetForm: Error, CustomStringConvertible {
    var description: String { "SQLite error 19 (unique constraint)" }
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
            case .sqliteSwift: throw SQLiteSwiftResult(message: error.message, code: error.code, sql: error.sql ?? "")
            case .grdb: throw GRDBDatabaseError(resultCode: error.code, message: error.message, sql: error.sql ?? "")
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

@Suite("Recorded and thrown errors compare by their SQLite form, as the integrations' presets compare them")
struct TranscriptErrorFormTests {
    private static let scenarios = [
        Scenario<Library>(name: "duplicates", operations: [
            DifferentialOperation("add(seeded[0]) again") { library in
                try library.run { try $0.add(uuid: ToyEvents.seeded[0], day: "2026-01-03 08:00:00.000", done: false, title: "dup") }
            },
        ]),
    ]

    private func record(_ reports: Library.Reports, in folder: TemporaryDirectory) throws -> (String, Transcript) {
        let file = folder.path("events.sqlite")
        try ToyEvents.makeFile(at: file)
        return (file, try TranscriptRunner(side: Library.side(reports), workDirectory: folder.url).record(Self.scenarios, on: file))
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
        runner.errorComparison = .exact
        let result = try runner.verify(Self.scenarios, against: transcript, on: file)
        let mismatch = try #require(result.mismatches.first)
        #expect(mismatch.field == "error")
        #expect(mismatch.expected.hasPrefix("threw SQLiteSwiftResult: UNIQUE constraint failed: EVENT.UUID"))
        #expect(mismatch.actual.hasPrefix("threw GRDBDatabaseError: SQLite error 19: UNIQUE constraint failed"))
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
