import Foundation
import LegacyDriver
import SQLiteEngine
import Testing

@Suite("Money in numeric columns and ISO dates")
struct MoneyAndDateTests {
    typealias S = Schema

    func decimal(_ text: String) throws -> Decimal {
        try #require(Decimal(string: text, locale: nil))
    }

    @Test("0.1 + 0.2 summed by SQL in a numeric column reads back as exactly 0.3")
    func sumOfTenthsIsExact() throws {
        let db = try S.database()
        try db.run(S.users.insert(S.name <- "a", S.balance <- decimal("0.1")))
        try db.run(S.users.insert(S.name <- "b", S.balance <- decimal("0.2")))
        // SQLite itself sums REALs: the stored sum is 0.30000000000000004.
        #expect(try db.scalar("SELECT sum(balance) FROM users")?.sqliteValue == .real(0.1 + 0.2))
        #expect(try db.scalar(S.users.select(S.balance.sum)) == decimal("0.3"))
        // An update that adds in SQL comes back exact too.
        try db.run(S.users.filter(S.name == "a").update(S.balance += decimal("0.2")))
        #expect(try db.pluck(S.users.filter(S.name == "a"))?[S.balance] == decimal("0.3"))
    }

    @Test("money binds as the REAL SQLite would make from its text, or INTEGER when whole")
    func moneyStorage() throws {
        let db = try S.database()
        let amounts = ["0.1", "-12.34", "1e-8", "100", "0", "-5", "12345678901.23", "99999999999999"]
        for (offset, text) in amounts.enumerated() {
            try db.run(S.users.insert(S.id <- Int64(offset + 1), S.name <- text, S.balance <- decimal(text)))
        }
        let stored = try db.engine.rows("SELECT typeof(balance), balance = CAST(name AS REAL) FROM users ORDER BY id")
        #expect(stored.map { $0[0] } == [
            .text("real"), .text("real"), .text("real"), .text("integer"), .text("integer"), .text("integer"),
            .text("real"), .text("integer"),
        ])
        #expect(stored.allSatisfy { $0[1] == .integer(1) })
        let read = try db.prepare(S.users.order(S.id)).map { try $0.get(S.balance) }
        #expect(read == amounts.map { Decimal(string: $0, locale: nil) })
    }

    @Test("money written by another app (as REAL or text) reads at 15 significant digits")
    func moneyFromOtherWriters() throws {
        let db = try S.database()
        try db.execute("""
            INSERT INTO users(id, name, balance) VALUES (1, 'r', 0.30000000000000004), (2, 'i', 42), (3, 's', '7.5'),
                (4, 'big', 123456789.12), (5, 'neg', -0.07);
            CREATE TABLE notes(id INTEGER PRIMARY KEY, amount TEXT);
            INSERT INTO notes VALUES (1, '12.50'), (2, 'twelve');
            """)
        let read = try db.prepare(S.users.order(S.id)).map { try $0.get(S.balance) }
        let expected = [try decimal("0.3"), 42, try decimal("7.5"), try decimal("123456789.12"), try decimal("-0.07")]
        #expect(read == expected)
        let notes = Table("notes")
        let amount = SQLExpression<Decimal>("amount")
        let noteID = SQLExpression<Int64>("id")
        #expect(try db.pluck(notes.filter(noteID == 1))?[amount] == decimal("12.5"))
        let error = #expect(throws: LegacyError.self) { try db.pluck(notes.filter(noteID == 2))?.get(amount) }
        #expect(error == .typeMismatch(column: #""amount""#, expected: "Decimal", found: .text))
    }

    @Test("Double reads REAL and INTEGER storage; Int64 refuses REAL instead of truncating")
    func numericStorageClasses() throws {
        let db = try S.database()
        try db.execute("INSERT INTO users(id, name, balance) VALUES (1, 'a', 2), (2, 'b', 2.5)")
        let asDouble = SQLExpression<Double>("balance")
        let asInteger = SQLExpression<Int64>("balance")
        #expect(try db.prepare(S.users.order(S.id)).map { try $0.get(asDouble) } == [2, 2.5])
        #expect(try db.pluck(S.users.filter(S.id == 1))?[asInteger] == 2)
        let error = #expect(throws: LegacyError.self) { try db.pluck(S.users.filter(S.id == 2))?.get(asInteger) }
        #expect(error == .typeMismatch(column: #""balance""#, expected: "Int64", found: .real))
    }

    @Test("dates are written as SQLite.swift writes them: yyyy-MM-ddTHH:mm:ss.SSS in UTC, and read back exactly")
    func dates() throws {
        let db = try S.database()
        let day = try #require(ISO8601DateFormatter().date(from: "2024-02-29T00:00:00Z"))
        let moment = day.addingTimeInterval(13 * 3600 + 45 * 60 + 10.25)
        try db.run(S.users.insert(S.id <- 1, S.name <- "a", S.joined <- day))
        try db.run(S.users.insert(S.id <- 2, S.name <- "b", S.joined <- moment))
        #expect(try db.scalar("SELECT joined FROM users WHERE id = 1")?.sqliteValue == .text("2024-02-29T00:00:00.000"))
        #expect(try db.scalar("SELECT joined FROM users WHERE id = 2")?.sqliteValue == .text("2024-02-29T13:45:10.250"))
        let read = try db.prepare(S.users.order(S.id)).map { try #require(try $0.get(S.joined)) }
        #expect(read == [day, moment])
        // SQLite's own date functions understand the stored text.
        #expect(try db.scalar("SELECT count(*) FROM users WHERE date(joined) = '2024-02-29'")?.sqliteValue == .integer(2))
    }

    @Test("a date in another form (a day, as MMEX writes) is reported against its column: SQLite.swift traps on it")
    func malformedDate() throws {
        let db = try S.database()
        try db.execute("INSERT INTO users(id, name, joined) VALUES (1, 'a', '2024-02-29'), (2, 'b', '29/02/2024')")
        for id: Int64 in [1, 2] {
            let error = #expect(throws: LegacyError.self) { try db.pluck(S.users.filter(S.id == id))?.get(S.joined) }
            guard case .invalidValue(let column, let type, _)? = error else {
                Issue.record("unexpected error \(String(describing: error))")
                continue
            }
            #expect(column == #""joined""#)
            #expect(type == "Date")
        }
    }

    @Test("dates compare as text in SQL")
    func dateComparisonsAreText() throws {
        let db = try S.database()
        try db.execute("""
            INSERT INTO users(id, name, joined) VALUES (1, 'a', '2024-01-01T00:00:00.001'), (2, 'b', '2023-12-31T23:59:59.999')
            """)
        let newYear = try #require(ISO8601DateFormatter().date(from: "2024-01-01T00:00:00Z"))
        let after = try db.prepare(S.users.filter(S.joined > newYear)).map { try $0.get(S.id) }
        #expect(after == [1])
    }

    @Test("Bool, Int, Data and a user-defined Value round-trip")
    func otherValues() throws {
        let db = try S.database()
        let level = SQLExpression<Level>("name")
        let blob = Data([0, 1, 2, 255])
        try db.run(S.users.insert(S.id <- 1, level <- .gold, S.active <- false, S.age <- 7, S.avatar <- blob))
        try db.run(S.users.insert(S.id <- 2, level <- .silver, S.avatar <- Data()))
        let row = try #require(try db.pluck(S.users.filter(S.id == 1)))
        #expect(try row.get(level) == .gold)
        #expect(try row.get(S.active) == false)
        #expect(try row.get(S.age) == 7)
        #expect(try row.get(S.avatar) == blob)
        #expect(try db.pluck(S.users.filter(S.id == 2))?[S.avatar] == Data())
        #expect(try db.scalar("SELECT typeof(avatar) FROM users WHERE id = 2")?.sqliteValue == .text("blob"))
        try db.execute("INSERT INTO users(id, name) VALUES (3, 'platinum')")
        let error = #expect(throws: LegacyError.self) { try db.pluck(S.users.filter(S.id == 3))?.get(level) }
        #expect(error == .invalidValue(column: #""name""#, type: "Level", reason: "unknown level platinum"))
    }
}

/// A user type stored as text.
enum Level: String, Value {
    case silver, gold

    struct Unknown: Error, CustomStringConvertible {
        let text: String
        var description: String { "unknown level \(text)" }
    }

    static func fromDatatypeValue(_ datatypeValue: String) throws -> Level {
        guard let level = Level(rawValue: datatypeValue) else { throw Unknown(text: datatypeValue) }
        return level
    }

    var datatypeValue: String { rawValue }
}
