import Foundation
import GRDB
import PersistenceSession
import RealLibraryPresets
import SQLite
import SQLiteSwiftSessions
import Testing

@Suite("The presets reduce both libraries' errors to one form")
struct ErrorPresetTests {
    /// The same duplicate insert, refused by each library called directly (no session), caught as the app sees it.
    private func refusals() throws -> (sqliteSwift: any Error, grdb: any Error) {
        let folder = try ScratchFolder()
        let connection = try Connection(folder.path("a.db"))
        try connection.execute(notesSchema)
        try connection.run("INSERT INTO note (body) VALUES (?)", "x")
        var sqliteSwiftError: (any Error)?
        do { try connection.run("INSERT INTO note (body) VALUES (?)", "x") } catch { sqliteSwiftError = error }
        let queue = try DatabaseQueue(path: folder.path("b.db"))
        var grdbError: (any Error)?
        try queue.write { db in
            try db.execute(sql: notesSchema)
            try db.execute(sql: "INSERT INTO note (body) VALUES ('x')")
        }
        do { try queue.write { db in try db.execute(sql: "INSERT INTO note (body) VALUES ('x')") } } catch { grdbError = error }
        try queue.close()
        guard let sqliteSwiftError, let grdbError else { throw Unexpected.noRefusal }
        return (sqliteSwiftError, grdbError)
    }

    private enum Unexpected: Error { case noRefusal }

    @Test("a unique violation reads the same from SQLite.swift's Result and GRDB's DatabaseError")
    func sameRefusalSameForm() throws {
        let (sqliteSwift, grdb) = try refusals()
        #expect("\(sqliteSwift)" != "\(grdb)")
        #expect(RealLibraryPresets.describeError(sqliteSwift) == RealLibraryPresets.describeError(grdb))
        #expect(RealLibraryPresets.describeError(grdb) == "SQLite error 19 (unique constraint)")
        #expect(SQLiteErrorForm(grdb)?.extendedCode == 2067)
        #expect(SQLiteErrorForm(sqliteSwift)?.extendedCode == nil)
    }

    @Test("a session's PersistenceError for the refusal reads the same as the libraries' errors")
    func sessionErrorSameForm() throws {
        let (_, grdb) = try refusals()
        let violation = PersistenceError.constraintViolated(
            ConstraintViolation(sqliteExtendedCode: 2067, message: "UNIQUE constraint failed: note.body")
        )
        #expect(RealLibraryPresets.describeError(violation) == RealLibraryPresets.describeError(grdb))
    }

    @Test("an error that is not SQLite's keeps the tools' default description")
    func otherErrorsUnchanged() {
        struct AppError: Error, CustomStringConvertible { var description: String { "no such folder" } }
        #expect(RealLibraryPresets.describeError(AppError()) == "AppError: no such folder")
    }
}
