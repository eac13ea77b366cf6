import Foundation
import ReaderWriterDriver
import Testing

/// Where GRDB's row subscripts stop the program (`try!`), this driver's stop too, naming the column: a default in place
/// of the value would be written back by the app. `decode` throws the same errors, and an optional reads `nil` for a
/// column the row does not have, as in GRDB.
@Suite("Row subscripts: a value that cannot be read stops the program, as in GRDB")
struct RowSubscriptFailureTests {
    static func text(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test("NULL read as a non-optional by name stops the program, naming the column and the statement")
    func nullAsNonOptionalStops() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let queue = try DatabaseQueue()
            try queue.read { db in
                let rows = try Row.fetchCursor(db, sql: "SELECT NULL AS n")
                while let row = try rows.next() { let _: Int = row["n"] }
            }
        }
        let message = Self.text(result)
        #expect(message.contains("GRDB stops the program here"), "\(message)")
        #expect(message.contains("(n)"), "the column is named: \(message)")
        #expect(message.contains("SELECT NULL AS n"), "the statement is named: \(message)")
    }

    @Test("text that is not a date, read by index from a copied row, stops the program")
    func badDateStops() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let queue = try DatabaseQueue()
            try queue.read { db in
                let row = try #require(try Row.fetchOne(db, sql: "SELECT 'not a date' AS d"))
                let _: Date = row[0]
            }
        }
        #expect(Self.text(result).contains("(d)"))
    }

    @Test("a missing column read as a non-optional stops the program")
    func missingNonOptionalStops() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let queue = try DatabaseQueue()
            try queue.read { db in
                let row = try #require(try Row.fetchOne(db, sql: "SELECT 1 AS one"))
                let _: Int = row[Column("missing")]
            }
        }
        #expect(Self.text(result).contains("no column named missing"))
    }

    @Test("decode throws where the subscript stops; NULL and a missing column read as an optional are nil")
    func decodeThrowsAndOptionalsAreNil() throws {
        let queue = try DatabaseQueue()
        try queue.read { db in
            let row = try #require(try Row.fetchOne(db, sql: "SELECT NULL AS n"))
            #expect(throws: DatabaseError.self) { try row.decode(Int.self, forColumn: "n") }
            #expect(throws: DatabaseError.self) { try row.decode(Int.self, forColumn: "missing") }
            let null: Int? = row["n"]
            let missing: Int? = row["missing"]
            #expect(null == nil)
            #expect(missing == nil)
            #expect(try row.decode(Int?.self, forColumn: "missing") == nil)
            let rows = try Row.fetchCursor(db, sql: "SELECT NULL AS n")
            while let live = try rows.next() {
                let absent: String? = live["absent"]
                #expect(absent == nil)
            }
        }
    }
}
