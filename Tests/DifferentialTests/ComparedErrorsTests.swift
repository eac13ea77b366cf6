import Differential
import Foundation
import PersistenceSession
import SQLiteEngine
import TestSupport
import Testing

/// A subject that throws what it was given (or returns 1).
private struct Thrower {
    let outcome: (any Error)?
}

@Suite("The tools' standard error form: one refusal reads alike in every library's words, another stays different")
struct ComparedErrorsTests {
    @Test("a unique violation reads the same from SQLite.swift's, GRDB's, the engine's and a session's words")
    func oneRefusalOneForm() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("notes.db")
        try ToyNotes.makeFile(at: path)
        let notes = try ToyNotes(path: path)
        defer { notes.close() }
        var engine: (any Error)?
        do { try notes.connection.run("INSERT INTO NOTE(NAME, VALUE) VALUES ('Seed', 1)") } catch { engine = error }
        let expected = "SQLite error 19 [unique on NOTE(NAME)]"
        #expect(ComparedErrors.standard(try #require(engine)) == expected)
        #expect(ComparedErrors.standard(SQLiteSwiftResultWords(message: "UNIQUE constraint failed: NOTE.NAME", code: 19)) == expected)
        #expect(ComparedErrors.standard(GRDBErrorWords(code: 19, message: "UNIQUE constraint failed: NOTE.NAME")) == expected)
        let session = PersistenceError.constraintViolated(
            ConstraintViolation(sqliteExtendedCode: 2067, message: "UNIQUE constraint failed: NOTE.NAME")
        )
        #expect(ComparedErrors.standard(session) == expected)
        #expect(ComparedErrors.sqliteForm(code: 2067, message: "UNIQUE constraint failed: NOTE.NAME") == expected)
        #expect(ComparedErrors.standardForm(ofDescription: expected) == expected, "the form reads back as itself")
    }

    @Test("a primary-key violation reads alike with the extended code (GRDB, sessions) and without it (SQLite.swift)")
    func primaryKeyAsUnique() {
        let message = "UNIQUE constraint failed: note.id"
        let withExtended = ComparedErrors.sqliteForm(code: 1555, message: message)
        #expect(withExtended == ComparedErrors.sqliteForm(code: 19, message: message))
        #expect(withExtended == ComparedErrors.standard(SQLiteSwiftResultWords(message: message, code: 19)))
        let session = PersistenceError.constraintViolated(ConstraintViolation(sqliteExtendedCode: 1555, message: message))
        #expect(ComparedErrors.standard(session) == withExtended)
    }

    @Test("different kinds, columns, codes and messages stay different")
    func differencesStay() {
        let forms = [
            ComparedErrors.standard(SQLiteSwiftResultWords(message: "UNIQUE constraint failed: note.body", code: 19)),
            ComparedErrors.standard(GRDBErrorWords(code: 19, message: "UNIQUE constraint failed: note.uuid")),
            ComparedErrors.standard(GRDBErrorWords(code: 19, message: "FOREIGN KEY constraint failed")),
            ComparedErrors.standard(GRDBErrorWords(code: 19, message: "NOT NULL constraint failed: note.body")),
            ComparedErrors.standard(GRDBErrorWords(code: 19, message: "CHECK constraint failed: positive")),
            ComparedErrors.standard(GRDBErrorWords(code: 1, message: "no such table: note")),
            ComparedErrors.standard(SQLiteSwiftResultWords(message: "no such column: body", code: 1)),
            ComparedErrors.standard(GRDBErrorWords(code: 5, message: "database is locked")),
        ]
        #expect(Set(forms).count == forms.count, "\(forms)")
    }

    @Test("an error that is not an SQLite failure keeps its type and description")
    func otherErrorsWhole() {
        struct AppError: Error, CustomStringConvertible { var description: String { "no such folder" } }
        #expect(ComparedErrors.standard(AppError()) == "AppError: no such folder")
        #expect(ComparedErrors.standard(PersistenceError.closed) == "PersistenceError: the session is closed")
    }

    /// Runs one operation that throws (or returns) on each side through a harness with its default settings.
    private func compare(_ baseline: (any Error)?, _ candidate: (any Error)?) throws -> ScenarioReport {
        let folder = TemporaryDirectory()
        let path = folder.path("notes.db")
        try ToyNotes.makeFile(at: path)
        let side = { (name: String, outcome: (any Error)?) in
            DifferentialSide<Thrower>(name: name, open: { _ in Thrower(outcome: outcome) }, close: { _ in })
        }
        let harness = DifferentialHarness(
            baseline: side("sqlite.swift", baseline), candidate: side("grdb", candidate), workDirectory: folder.url
        )
        let operation = DifferentialOperation<Thrower>("write") { thrower -> Int in
            if let error = thrower.outcome { throw error }
            return 1
        }
        return try harness.run(Scenario(name: "write", operations: [operation]), on: path)
    }

    @Test("by default the differential takes one refusal in two libraries' words as agreeing, and a different one as a mismatch")
    func harnessDefault() throws {
        let unique = SQLiteSwiftResultWords(message: "UNIQUE constraint failed: note.body", code: 19)
        #expect(try compare(unique, GRDBErrorWords(code: 19, message: "UNIQUE constraint failed: note.body")).agrees)
        let foreignKey = try compare(unique, GRDBErrorWords(code: 19, message: "FOREIGN KEY constraint failed"))
        #expect(foreignKey.mismatches.map(\.field) == ["(error)"], "\(foreignKey.mismatches)")
        #expect(foreignKey.mismatches.first?.baseline == "SQLite error 19 [unique on note(body)]")
        #expect(foreignKey.mismatches.first?.candidate == "SQLite error 19 [foreignKey]")
        let accepted = try compare(unique, nil)
        #expect(accepted.mismatches.map(\.field) == ["(outcome)"], "\(accepted.mismatches)")
    }
}
