import Differential
import Foundation
import GRDB
import GRDBSessions
import PersistenceSession
import RealLibraryPresets
import SQLite
import SQLiteSwiftSessions
import Testing

/// A schema with one constraint of each kind, and a write that breaks each.
private enum Violations {
    static let schema = """
        PRAGMA foreign_keys = ON;
        CREATE TABLE folder (id TEXT PRIMARY KEY NOT NULL);
        CREATE TABLE note (
            id INTEGER PRIMARY KEY, body TEXT NOT NULL UNIQUE, folder TEXT REFERENCES folder(id),
            stars INTEGER CONSTRAINT stars_in_range CHECK (stars BETWEEN 0 AND 5)
        );
        INSERT INTO folder (id) VALUES ('inbox');
        INSERT INTO note (id, body, folder, stars) VALUES (1, 'x', 'inbox', 1);
        """

    /// Each write and the standard form it must read as, whichever library refused it.
    static let writes: [(name: String, sql: String, form: String)] = [
        ("primary key (rowid)", "INSERT INTO note (id, body) VALUES (1, 'y')", "SQLite error 19 [unique on note(id)]"),
        ("primary key (text)", "INSERT INTO folder (id) VALUES ('inbox')", "SQLite error 19 [unique on folder(id)]"),
        ("unique", "INSERT INTO note (body) VALUES ('x')", "SQLite error 19 [unique on note(body)]"),
        ("foreign key", "INSERT INTO note (body, folder) VALUES ('z', 'missing')", "SQLite error 19 [foreignKey]"),
        ("not null", "INSERT INTO note (body) VALUES (NULL)", "SQLite error 19 [notNull on note(body)]"),
        ("check", "INSERT INTO note (body, stars) VALUES ('w', 9)", "SQLite error 19 [check (stars_in_range)]"),
        ("no such table", "INSERT INTO absent (id) VALUES (1)", "SQLite error 1 [no such table: absent]"),
    ]
}

@Suite("The presets reduce both libraries' errors to one form")
struct ErrorPresetTests {
    /// Each write of ``Violations/writes`` refused by each library called directly (no session), caught as the app
    /// sees it: (name, expected form, SQLite.swift's error, GRDB's error).
    private func refusals() throws -> [(name: String, form: String, sqliteSwift: any Error, grdb: any Error)] {
        let folder = try ScratchFolder()
        let connection = try Connection(folder.path("a.db"))
        try connection.execute(Violations.schema)
        let queue = try DatabaseQueue(path: folder.path("b.db"))
        defer { try? queue.close() }
        try queue.write { db in try db.execute(sql: Violations.schema) }
        return try Violations.writes.map { write in
            var sqliteSwiftError: (any Error)?
            do { try connection.run(write.sql) } catch { sqliteSwiftError = error }
            var grdbError: (any Error)?
            do { try queue.write { db in try db.execute(sql: write.sql) } } catch { grdbError = error }
            guard let sqliteSwiftError, let grdbError else { throw Unexpected.noRefusal(write.name) }
            return (write.name, write.form, sqliteSwiftError, grdbError)
        }
    }

    private enum Unexpected: Error { case noRefusal(String) }

    @Test("PRIMARY KEY, UNIQUE, FOREIGN KEY, NOT NULL, CHECK and other refusals read the same from SQLite.swift's Result and GRDB's DatabaseError")
    func sameRefusalSameForm() throws {
        for refusal in try refusals() {
            #expect("\(refusal.sqliteSwift)" != "\(refusal.grdb)", "\(refusal.name)")
            #expect(RealLibraryPresets.describeError(refusal.sqliteSwift) == refusal.form, "\(refusal.name)")
            #expect(RealLibraryPresets.describeError(refusal.grdb) == refusal.form, "\(refusal.name)")
            // The tools' default reads the same form from the descriptions alone.
            #expect(ComparedErrors.standard(refusal.sqliteSwift) == refusal.form, "\(refusal.name)")
            #expect(ComparedErrors.standard(refusal.grdb) == refusal.form, "\(refusal.name)")
        }
    }

    @Test("the adapters' PersistenceError for each refusal reads the same as the libraries' errors")
    func sessionErrorSameForm() throws {
        for refusal in try refusals() {
            let fromSQLiteSwift = SQLiteSwiftErrorMapping.mapped(refusal.sqliteSwift, path: nil)
            let fromGRDB = GRDBErrorMapping.mapped(refusal.grdb, path: nil)
            #expect(RealLibraryPresets.describeError(fromSQLiteSwift) == refusal.form, "\(refusal.name): \(fromSQLiteSwift)")
            #expect(RealLibraryPresets.describeError(fromGRDB) == refusal.form, "\(refusal.name): \(fromGRDB)")
            #expect(ComparedErrors.standard(fromGRDB) == refusal.form, "\(refusal.name): \(fromGRDB)")
        }
    }

    @Test("the library's own precision is kept beside the form: GRDB's extended code tells a primary key apart")
    func extendedCodeKept() throws {
        let primaryKey = try #require(try refusals().first)
        #expect(SQLiteErrorForm(primaryKey.grdb)?.extendedCode == 1555)
        #expect(SQLiteErrorForm(primaryKey.grdb)?.constraint == .primaryKey)
        #expect(SQLiteErrorForm(primaryKey.sqliteSwift)?.extendedCode == nil)
    }

    @Test("different refusals stay different")
    func differentRefusalsDiffer() throws {
        let forms = try refusals().map { RealLibraryPresets.describeError($0.grdb) }
        #expect(Set(forms).count == forms.count, "\(forms)")
    }

    @Test("an error that is not SQLite's keeps the tools' default description")
    func otherErrorsUnchanged() {
        struct AppError: Error, CustomStringConvertible { var description: String { "no such folder" } }
        #expect(RealLibraryPresets.describeError(AppError()) == "AppError: no such folder")
    }
}

@Suite("A session's constraint violation built from its parts reads in the standard form")
struct ParsedViolationFormTests {
    @Test("a violation an adapter gave without SQLite's message keeps its kind, table and columns")
    func partsWithoutMessage() {
        let violation = PersistenceError.constraintViolated(
            ConstraintViolation(kind: .primaryKey, table: "note", columns: ["id"], message: "")
        )
        #expect(RealLibraryPresets.describeError(violation) == "SQLite error 19 [unique on note(id)]")
        #expect(RealLibraryPresets.describeError(violation) == ComparedErrors.standard(violation))
    }
}
