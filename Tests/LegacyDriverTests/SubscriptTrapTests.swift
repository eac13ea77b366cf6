import Foundation
import LegacyDriver
import Testing

/// Where SQLite.swift's `try!` stops the app (`row[expression]`, its row iterator), the driver stops too, naming the
/// column and the query: a default value in place of the unreadable one would be written back by the app. Where
/// SQLite.swift returns `nil` without a word, so does the driver.
///
/// Each stop runs in an exit test (a child process), which must end in a failure with the message on standard error.
@Suite("Non-throwing row[expression]: stops where SQLite.swift traps, naming the column and the query")
struct SubscriptTrapTests {
    typealias S = Schema

    /// The child's standard error as text.
    static func text(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test("a column the query never selected stops the read, naming the column and the query, before any write")
    func unselectedColumnStops() async throws {
        // mmex-ios's share repository: a query selecting the ids, a row read for the number it never selected. The
        // app then writes the row back: here the write after the read is never reached.
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let db = try Connection()
            try db.execute("CREATE TABLE shares (id INTEGER PRIMARY KEY, number REAL, price REAL)")
            try db.execute("INSERT INTO shares VALUES (1, 30, 97.17)")
            let shares = Table("shares")
            let id = SQLExpression<Int64>("id")
            let number = SQLExpression<Double>("number")
            let row = try #require(try db.pluck(shares.select(id)))
            let read = row[number]
            try db.run(shares.filter(id == 1).update(number <- read))
        }
        let message = Self.text(result)
        #expect(message.contains(#"row["number"] failed"#), "\(message)")
        #expect(message.contains(#"SELECT "id" FROM "shares""#), "the query is named: \(message)")
        #expect(message.contains("SQLite.swift traps here"))
    }

    @Test("NULL read as a non-optional type stops the read; get throws unexpectedNull")
    func nullAsNonOptionalStops() async throws {
        let db = try S.populated()
        let age = SQLExpression<Int>("age")
        let thrown = #expect(throws: LegacyError.self) { try db.pluck(S.users.filter(S.id == 2))?.get(age) }
        #expect(thrown == .unexpectedNull(column: "\"age\""))
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let db = try Schema.populated()
            _ = try db.pluck(Schema.users.filter(Schema.id == 2))?[SQLExpression<Int>("age")]
        }
        #expect(Self.text(result).contains(#"row["age"] failed"#))
    }

    @Test("text read as a non-optional number stops the read")
    func wrongStorageClassAsNonOptionalStops() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let db = try Schema.populated()
            _ = try db.pluck(Schema.users.filter(Schema.id == 1))?[SQLExpression<Int64>("name")]
        }
        #expect(Self.text(result).contains(#"row["name"] failed"#))
    }

    @Test("a missing column read as an optional stops the read too (SQLite.swift throws noSuchColumn under try!)")
    func missingOptionalColumnStops() async throws {
        let db = try S.populated()
        #expect(throws: LegacyError.self) { try db.pluck(S.users.select(S.id))?.get(S.email) }
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let db = try Schema.populated()
            _ = try db.pluck(Schema.users.select(Schema.id))?[Schema.email]
        }
        #expect(Self.text(result).contains(#"row["email"] failed"#))
    }

    @Test("another storage class read as an optional is nil, from the subscript and from get, as in SQLite.swift")
    func wrongStorageClassAsOptionalIsNil() throws {
        let db = try S.populated()
        let nameAsNumber = SQLExpression<Int64?>("name")
        let row = try #require(try db.pluck(S.users.filter(S.id == 1)))
        #expect(row[nameAsNumber] == nil)
        #expect(try row.get(nameAsNumber) == nil)
        #expect(row[S.email] == "alice@example.com")
    }

    @Test("a step that fails in a for loop stops the program, naming the query (SQLite.swift's iterator traps)")
    func failedStepInLoopStops() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let db = try Schema.populated()
            try db.createFunction("fails", argumentCount: 1) { values in
                if values[0] == .integer(3) { throw CancellationError() }
                return values[0]
            }
            let failing = SQLExpression<Int64>("fails(\"id\")", [])
            for row in try db.prepare(Schema.users.select(failing).order(Schema.id)) { _ = row[failing] }
        }
        let message = Self.text(result)
        #expect(message.contains("iterating SELECT fails(\"id\") FROM \"users\""), "\(message)")
    }

    @Test("the same failed step is thrown by try next(), and the rows before it were read")
    func failedStepThrowsFromNext() throws {
        let db = try S.populated()
        try db.createFunction("fails", argumentCount: 1) { values in
            if values[0] == .integer(3) { throw CancellationError() }
            return values[0]
        }
        let failing = SQLExpression<Int64>("fails(\"id\")", [])
        let cursor = try db.prepare(S.users.select(failing).order(S.id))
        var seen: [Int64] = []
        #expect(throws: LegacyError.self) {
            while let row = try cursor.next() { seen.append(try row.get(failing)) }
        }
        #expect(seen == [1, 2])
    }
}
