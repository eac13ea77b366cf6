import Foundation
import LegacyDriver
import SQLiteEngine
import Testing

@Suite("Operators against a real database")
struct OperatorBehaviourTests {
    typealias S = Schema

    /// The ids of the users a filter selects, in id order.
    func ids(_ db: Connection, _ condition: SQLExpression<Bool>) throws -> [Int64] {
        try db.prepare(S.users.filter(condition).order(S.id)).map { try $0.get(S.id) }
    }

    func ids(_ db: Connection, _ condition: SQLExpression<Bool?>) throws -> [Int64] {
        try db.prepare(S.users.filter(condition).order(S.id)).map { try $0.get(S.id) }
    }

    @Test("comparison operators select the rows SQL says they select")
    func comparisons() throws {
        let db = try S.populated()
        #expect(try ids(db, S.id == 2) == [2])
        #expect(try ids(db, S.id != 2) == [1, 3, 4])
        #expect(try ids(db, S.age < 30) == [4])
        #expect(try ids(db, S.age <= 30) == [1, 4])
        #expect(try ids(db, S.age > 30) == [3])
        #expect(try ids(db, S.age >= 30) == [1, 3])
        #expect(try ids(db, 30 < S.age) == [3])
        #expect(try ids(db, S.id > S.SQLAge) == [])
    }

    @Test("NULL never equals anything: = NULL matches no row, == nil renders IS NULL")
    func nullSemantics() throws {
        let db = try S.populated()
        // bob's age is NULL: neither < nor >= selects him.
        #expect(try ids(db, S.age < 100) == [1, 3, 4])
        #expect(try ids(db, !(S.age < 100)) == [])
        #expect(try ids(db, S.age == nil) == [2])
        #expect(try ids(db, S.age != nil) == [1, 3, 4])
        #expect(try ids(db, S.email == nil) == [2])
        #expect(try ids(db, S.email.isNull) == [2])
        #expect(try ids(db, S.email.isNotNull) == [1, 3, 4])
        let nullColumn = SQLExpression<Int?>(literal: "NULL")
        #expect(try ids(db, S.age == nullColumn) == [])
        // A NULL in arithmetic makes the result NULL; ?? replaces it.
        let agePlusOne = try db.prepare(S.users.select(S.id, S.age + 1).order(S.id)).map { try $0.get(S.age + 1) }
        #expect(agePlusOne == [31, nil, 46, 18])
        let withDefault = try db.prepare(S.users.select(S.age ?? 0).order(S.id)).map { try $0.get(S.age ?? 0) }
        #expect(withDefault == [30, 0, 45, 17])
        let fallback = coalesce(S.email, SQLExpression<String?>(literal: "NULL"), SQLExpression<String?>(value: "none"))
        let emails = try db.prepare(S.users.select(fallback).order(S.id)).map { try $0.get(fallback) }
        #expect(emails == ["alice@example.com", "none", "celik@example.com", "dave@example.com"])
    }

    @Test("AND, OR and NOT follow SQL's three-valued logic")
    func logic() throws {
        let db = try S.populated()
        #expect(try ids(db, S.active && S.age > 18) == [1, 3])
        #expect(try ids(db, S.id == 1 || S.id == 4) == [1, 4])
        #expect(try ids(db, !S.active) == [4])
        #expect(try ids(db, S.active && true) == [1, 2, 3])
        #expect(try ids(db, false || S.id == 3) == [3])
        // NULL OR TRUE is TRUE, NULL AND TRUE is NULL (not selected).
        #expect(try ids(db, S.age > 100 || S.active) == [1, 2, 3])
        #expect(try ids(db, (S.age < 100) && S.active) == [1, 3])
    }

    @Test("arithmetic follows SQL: integer division, remainder, negation, string concatenation")
    func arithmetic() throws {
        let db = try S.populated()
        let alice = S.users.filter(S.id == 1)
        #expect(try db.pluck(alice.select(S.id + 6))?[S.id + 6] == 7)
        #expect(try db.pluck(alice.select(S.id - 6))?[S.id - 6] == -5)
        #expect(try db.pluck(alice.select(S.id * 6))?[S.id * 6] == 6)
        #expect(try db.pluck(alice.select((S.id + 6) / 2))?[(S.id + 6) / 2] == 3)
        #expect(try db.pluck(alice.select((S.id + 6) % 4))?[(S.id + 6) % 4] == 3)
        #expect(try db.pluck(alice.select(-S.id))?[-S.id] == -1)
        #expect(try db.pluck(alice.select(S.name + "!"))?[S.name + "!"] == "Alice!")
        #expect(try db.pluck(alice.select("Dr " + S.name))?["Dr " + S.name] == "Dr Alice")
        let half = SQLExpression<Double?>("score")
        try db.run(alice.update(half <- 3))
        #expect(try db.pluck(alice.select(half / 2))?[half / 2] == 1.5)
    }

    @Test("LIKE is case-insensitive for ASCII only, GLOB is case-sensitive, ESCAPE works")
    func patterns() throws {
        let db = try S.populated()
        #expect(try ids(db, S.name.like("a%")) == [1])
        #expect(try ids(db, S.name.like("ć%")) == [])  // LIKE folds ASCII only
        #expect(try ids(db, S.name.like("Ć%")) == [3])
        #expect(try ids(db, S.name.glob("a*")) == [])
        #expect(try ids(db, S.name.glob("A*")) == [1])
        #expect(try ids(db, S.email.like("%@example.com")) == [1, 3, 4])
        try db.run(S.users.insert(S.id <- 5, S.name <- "50% off"))
        #expect(try ids(db, S.name.like("50\\%%", escape: "\\")) == [5])
        #expect(try ids(db, S.name.like("5_ off")) == [])
    }

    @Test("IN, BETWEEN and ranges include exactly their values")
    func membership() throws {
        let db = try S.populated()
        #expect(try ids(db, [1, 3, 99].contains(S.id)) == [1, 3])
        #expect(try ids(db, [Int64]().contains(S.id)) == [])
        #expect(try ids(db, [17, 30].contains(S.age)) == [1, 4])
        #expect(try ids(db, (2...3).contains(S.id)) == [2, 3])
        #expect(try ids(db, (2..<3).contains(S.id)) == [2])
        #expect(try ids(db, (17...30).contains(S.age)) == [1, 4])
        #expect(try ids(db, S.age.between(18, 45)) == [1, 3])
        #expect(try ids(db, S.id.between(4, 9)) == [4])
    }

    @Test("lower/upper change ASCII letters only, as SQLite does")
    func caseFunctions() throws {
        let db = try S.populated()
        let lowered = try db.prepare(S.users.select(S.name.lowercaseString).order(S.id)).map { try $0.get(S.name.lowercaseString) }
        #expect(lowered == ["alice", "bob", "Ćelik", "dave"])
        let upper = try db.pluck(S.users.filter(S.id == 3).select(S.name.uppercaseString))
        #expect(try upper?[S.name.uppercaseString] == "ĆELIK")
        #expect(try db.pluck(S.users.filter(S.id == 3).select(S.name.length))?[S.name.length] == 5)
        let padded = SQLExpression<String>(value: "  x ")
        #expect(try db.pluck(S.users.select(padded.trim()))?[padded.trim()] == "x")
    }

    @Test("CAST converts with SQL's rules")
    func casts() throws {
        let db = try S.populated()
        let asText: SQLExpression<String> = cast(S.id)
        #expect(try db.pluck(S.users.filter(S.id == 3).select(asText))?[asText] == "3")
        let asInteger: SQLExpression<Int64> = cast(S.balance)
        #expect(try db.pluck(S.users.filter(S.id == 1).select(asInteger))?[asInteger] == 10)
        let ageText: SQLExpression<String?> = cast(S.age)
        #expect(try db.prepare(S.users.select(ageText).order(S.id)).map { try $0.get(ageText) } == ["30", nil, "45", "17"])
    }

    @Test("NOCASE columns compare case-insensitively for ASCII, and collate(.nocase) does so for any column")
    func nocase() throws {
        let db = try S.populated()
        // users.name is declared COLLATE NOCASE.
        #expect(try ids(db, S.name == "ALICE") == [1])
        #expect(try ids(db, S.name == "ćelik") == [])  // NOCASE folds ASCII only
        #expect(try ids(db, S.name == "ĆELIK") == [3])  // only the ASCII letters differ
        #expect(try ids(db, S.name == "Ćelik") == [3])
        // posts.title is BINARY; collate(.nocase) makes the comparison case-insensitive.
        let titles = try db.prepare(S.posts.filter(S.title.collate(.nocase) == "HELLO")).map { try $0.get(S.title) }
        #expect(titles == ["Hello"])
        #expect(try db.prepare(S.posts.filter(S.title == "HELLO")).map { try $0.get(S.title) } == [])
        // ORDER BY a NOCASE column interleaves cases.
        let ordered = try db.prepare(S.users.order(S.name)).map { try $0.get(S.name) }
        #expect(ordered == ["Alice", "bob", "dave", "Ćelik"])
        let binary = try db.prepare(S.users.order(S.name.collate(.binary))).map { try $0.get(S.name) }
        #expect(binary == ["Alice", "bob", "dave", "Ćelik"].sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    @Test("Unicode text round-trips byte for byte and is counted in characters")
    func unicodeText() throws {
        let db = try S.database()
        let samples = ["Café ☕️", "Кириллица", "日本語テキスト", "emoji 👩🏽‍💻", "e\u{301}", "é", "", "a\u{0}b"]
        for (offset, text) in samples.enumerated() {
            try db.run(S.users.insert(S.id <- Int64(offset + 1), S.name <- text))
        }
        let read = try db.prepare(S.users.order(S.id)).map { try $0.get(S.name) }
        #expect(read == samples)
        #expect(read.map { Array($0.utf8) } == samples.map { Array($0.utf8) })
        // "é" precomposed and decomposed are different text to SQLite.
        #expect(try db.scalar(S.users.filter(S.name == "é").count) == 1)
        #expect(try db.scalar(S.users.filter(S.name.like("Кир%")).count) == 1)
    }

    @Test("aggregates: count, count(*), count distinct, sum, total, max, min, average")
    func aggregates() throws {
        let db = try S.populated()
        #expect(try db.scalar(S.users.count) == 4)
        #expect(try db.scalar(S.users.select(count(*))) == 4)
        #expect(try db.scalar(S.users.select(S.email.count)) == 3)
        #expect(try db.scalar(S.posts.select(S.userId.distinct.count)) == 2)
        #expect(try db.scalar(S.users.select(S.age.sum)) == 92)
        #expect(try db.scalar(S.users.select(S.age.total)) == 92.0)
        #expect(try db.scalar(S.users.select(S.age.max)) == 45)
        #expect(try db.scalar(S.users.select(S.age.min)) == 17)
        #expect(try db.scalar(S.users.select(S.age.average)) == 92.0 / 3)
        // Over no rows: count 0, total 0.0, everything else NULL.
        let none = S.users.filter(S.id > 100)
        #expect(try db.scalar(none.count) == 0)
        #expect(try db.scalar(none.select(S.age.total)) == 0)
        #expect(try db.scalar(none.select(S.age.sum)) == nil)
        #expect(try db.scalar(none.select(S.age.max)) == nil)
        #expect(try db.scalar(none.select(S.age.average)) == nil)
        #expect(try db.scalar(S.users.select(distinct: S.active).count) == 4)
        #expect(try db.prepare(S.users.select(distinct: S.active)).map { try $0.get(S.active) }.sorted { !$0 && $1 } == [false, true])
    }

    @Test("a query with an optional aggregate reads its column by the same expression")
    func aggregateColumnsReadByExpression() throws {
        let db = try S.populated()
        let query = S.posts.select(S.userId, count(*)).group(S.userId).order(S.userId)
        let counts = try db.prepare(query).map { (try $0.get(S.userId), try $0.get(count(*))) }
        #expect(counts.map(\.0) == [1, 3])
        #expect(counts.map(\.1) == [2, 1])
    }
}

extension Schema {
    /// `age` read as Int64, to compare with `id` (for a test that must select nothing).
    static let SQLAge = SQLExpression<Int64>("age")
}
