import Foundation
import ReaderWriterDriver
import Synchronization
import Testing

/// Where GRDB's row subscripts stop the program, this driver's report and go on: a stored value is user input.
@Suite("Row subscripts: a value that cannot be read is reported, never a crash")
struct RowSubscriptFailureTests {
    /// Collects the reports of the reads run in `body` (task-local, so parallel tests do not see each other's).
    private func reports(_ body: () throws -> Void) rethrows -> [String] {
        let collected = Mutex<[String]>([])
        try RowDecodingFailure.$taskObserver.withValue({ _, message in collected.withLock { $0.append(message) } }) {
            try body()
        }
        return collected.withLock { $0 }
    }

    @Test("a NULL read as a non-optional, text read as a Date and a missing column: reported with fallbacks")
    func badValuesAreReported() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (n INTEGER, d TEXT)")
            try db.execute(sql: "INSERT INTO t VALUES (NULL, 'not a date')")
        }
        var values: (Int, String?, Date, Int) = (-1, "x", .distantFuture, -1)
        let messages = try reports {
            try queue.read { db in
                let row = try #require(try Row.fetchOne(db, sql: "SELECT n, d FROM t"))
                values = (row["n"], row["missing"], row["d"], row[Column("n")])
            }
        }
        #expect(values.0 == 0)
        #expect(values.1 == nil)
        #expect(values.2 == Date(timeIntervalSince1970: 0))
        #expect(values.3 == 0)
        #expect(messages.count == 4)
        #expect(messages.allSatisfy { $0.contains("GRDB stops the program here") })
    }

    @Test("decode throws where the subscript reports")
    func decodeThrows() throws {
        let queue = try DatabaseQueue()
        try queue.read { db in
            let row = try #require(try Row.fetchOne(db, sql: "SELECT NULL AS n"))
            #expect(throws: DatabaseError.self) { try row.decode(Int.self, forColumn: "n") }
            let messages = reports { let _: Int? = row["n"] }
            #expect(messages.isEmpty, "a NULL read as an optional is nil, not a failure")
        }
    }
}
