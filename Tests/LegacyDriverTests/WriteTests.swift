import Foundation
import LegacyDriver
import SQLiteEngine
import Testing

@Suite("Writes: insert, insertMany, conflicts, upsert, update, delete")
struct WriteTests {
    typealias S = Schema

    @Test("insert returns the new rowid and stores every setter's value")
    func insertReturnsRowid() throws {
        let db = try S.database()
        let first = try db.run(S.users.insert(S.name <- "a", S.email <- "a@x", S.age <- 3))
        let second = try db.run(S.users.insert(S.name <- "b", S.email <- nil))
        #expect(first == 1)
        #expect(second == 2)
        #expect(db.lastInsertRowid == 2)
        let row = try #require(try db.pluck(S.users.filter(S.id == first)))
        #expect(try row.get(S.name) == "a")
        #expect(try row.get(S.email) == "a@x")
        #expect(try row.get(S.age) == 3)
        #expect(try db.pluck(S.users.filter(S.id == second))?[S.email] == nil)
        // A default-values insert takes every column's default.
        try db.execute("CREATE TABLE counters(id INTEGER PRIMARY KEY, n INTEGER DEFAULT 7)")
        let rowid = try db.run(Table("counters").insert())
        #expect(try db.scalar("SELECT n FROM counters WHERE id = ?", rowid)?.sqliteValue == .integer(7))
    }

    @Test("the same insert shape reuses its statement across rows and tables stay apart")
    func insertShapesStayApart() throws {
        let db = try S.database()
        try db.execute("CREATE TABLE other(id INTEGER PRIMARY KEY, name TEXT)")
        let other = Table("other")
        for index in 0..<20 {
            try db.run(S.users.insert(S.name <- "u\(index)"))
            try db.run(other.insert(S.name <- "o\(index)"))
            try db.run(S.users.insert(S.name <- "v\(index)", S.age <- index))
        }
        #expect(try db.scalar(S.users.count) == 40)
        #expect(try db.scalar(other.count) == 20)
        #expect(try db.scalar(S.users.filter(S.age != nil).count) == 20)
        #expect(try db.scalar(other.filter(S.name.like("o%")).count) == 20)
    }

    @Test("alternating insert shapes of the same table and size never bind values to the wrong columns")
    func alternatingShapes() throws {
        let db = try S.database()
        for index in 0..<10 {
            try db.run(S.users.insert(S.name <- "n\(index)", S.age <- index))
            try db.run(S.users.insert(S.age <- 100 + index, S.name <- "m\(index)"))
            try db.run(S.users.insert(S.name <- "e\(index)", S.age <- SQLExpression<Int>(value: 200) + index))
            try db.run(S.users.insert(S.name <- "z\(index)", S.email <- "z\(index)@x"))
        }
        let rows = try db.prepare(S.users.order(S.id)).map { (try $0.get(S.name), try $0.get(S.age), try $0.get(S.email)) }
        for index in 0..<10 {
            let group = rows[(index * 4)..<(index * 4 + 4)].map { $0 }
            #expect(group[0].0 == "n\(index)" && group[0].1 == index && group[0].2 == nil)
            #expect(group[1].0 == "m\(index)" && group[1].1 == 100 + index)
            #expect(group[2].0 == "e\(index)" && group[2].1 == 200 + index)
            #expect(group[3].0 == "z\(index)" && group[3].1 == nil && group[3].2 == "z\(index)@x")
        }
    }

    @Test("a shape of bound values and one with an expression for the same columns never run each other's statement")
    func valueShapeAndExpressionShapeOfTheSameColumns() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, i, r, s, b)")
        let t = Table("t")
        let i = SQLExpression<Int64?>("i"), r = SQLExpression<Double?>("r")
        let s = SQLExpression<String?>("s"), b = SQLExpression<Blob?>("b")
        for index in Int64(0)..<4 {
            // Every storage class through the shape of bound values, then the same columns with `i` computed.
            try db.run(t.insert(i <- index, r <- 0.5, s <- "s\(index)", b <- Blob(bytes: [1, 2])))
            try db.run(t.insert(i <- SQLExpression<Int64?>(value: 100) + index, r <- nil, s <- nil, b <- nil))
            try db.run(t.insert(i <- nil, r <- nil, s <- "", b <- Blob(bytes: [])))
        }
        let rows = try db.prepare("SELECT i, r, s, b, typeof(b) FROM t ORDER BY id").allValues()
        #expect(rows.count == 12)
        for index in 0..<4 {
            #expect(rows[index * 3] == [.integer(Int64(index)), .real(0.5), .text("s\(index)"), .blob([1, 2]), .text("blob")])
            #expect(rows[index * 3 + 1] == [.integer(100 + Int64(index)), .null, .null, .null, .text("null")])
            #expect(rows[index * 3 + 2] == [.null, .null, .text(""), .blob([]), .text("blob")])
        }
    }

    @Test("insertMany writes all rows in one statement; rows with different columns are refused")
    func insertMany() throws {
        let db = try S.database()
        let rowid = try db.run(S.users.insertMany([
            [S.name <- "a", S.age <- 1], [S.name <- "b", S.age <- 2], [S.name <- "c", S.age <- nil],
        ]))
        #expect(rowid == 3)
        #expect(db.changes == 3)
        #expect(try db.prepare(S.users.order(S.id)).map { try $0.get(S.age) } == [1, 2, nil])
        let error = #expect(throws: LegacyError.self) {
            try db.run(S.users.insertMany([[S.name <- "x"], [S.age <- 1]]))
        }
        guard case .invalidQuery(let reason, _)? = error else {
            Issue.record("expected invalidQuery, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("row 1"))
        #expect(try db.scalar(S.users.count) == 3)
    }

    @Test("insert or replace replaces the conflicting row; insert or ignore keeps it and changes nothing")
    func conflictResolutions() throws {
        let db = try S.populated()
        try db.run(S.users.insert(or: .replace, S.id <- 2, S.name <- "Robert"))
        #expect(try db.pluck(S.users.filter(S.id == 2))?[S.name] == "Robert")
        #expect(try db.scalar(S.users.count) == 4)
        let before = db.totalChanges
        let rowid = try db.run(S.users.insert(or: .ignore, S.id <- 2, S.name <- "ignored"))
        #expect(db.totalChanges == before)
        #expect(db.changes == 0)
        #expect(rowid == 2)  // last_insert_rowid is unchanged by the ignored insert
        #expect(try db.pluck(S.users.filter(S.id == 2))?[S.name] == "Robert")
        // Without a resolution, the constraint error carries SQLite's codes and the SQL.
        let error = #expect(throws: LegacyError.self) { try db.run(S.users.insert(S.id <- 2, S.name <- "dup")) }
        #expect(error?.code == ResultCode.constraint)
        #expect(error?.extendedCode == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
        #expect(error?.sql == #"INSERT INTO "users" ("id", "name") VALUES (?, ?)"#)
        #expect(error?.description.contains("dup") == false)  // bound values never appear in errors
    }

    @Test("upsert inserts a new row and updates the other columns of an existing one")
    func upsert() throws {
        let db = try S.populated()
        try db.run(S.users.upsert(S.id <- 9, S.name <- "new", S.age <- 1, onConflictOf: S.id))
        #expect(try db.pluck(S.users.filter(S.id == 9))?[S.name] == "new")
        try db.run(S.users.upsert(S.id <- 1, S.name <- "Alicia", S.age <- 31, onConflictOf: S.id))
        let alice = try #require(try db.pluck(S.users.filter(S.id == 1)))
        #expect(try alice.get(S.name) == "Alicia")
        #expect(try alice.get(S.age) == 31)
        #expect(try alice.get(S.email) == "alice@example.com")  // not part of the upsert: untouched
        try db.run(S.users.upsert([S.id <- 1, S.name <- "ignored"], onConflictOf: S.id, set: [S.age += 1]))
        #expect(try db.pluck(S.users.filter(S.id == 1))?[S.age] == 32)
        #expect(try db.pluck(S.users.filter(S.id == 1))?[S.name] == "Alicia")
        #expect(try db.scalar(S.users.count) == 5)
    }

    @Test("update returns the number of changed rows and applies compound setters in SQL")
    func update() throws {
        let db = try S.populated()
        #expect(try db.run(S.users.filter(S.age > 18).update(S.age += 1)) == 2)
        #expect(try db.prepare(S.users.order(S.id)).map { try $0.get(S.age) } == [31, nil, 46, 17])
        #expect(try db.run(S.users.filter(S.id == 1).update(S.age -= 11, S.name += "!")) == 1)
        #expect(try db.run(S.users.filter(S.id == 1).update(S.age *= 3)) == 1)
        #expect(try db.run(S.users.filter(S.id == 1).update(S.age /= 4)) == 1)
        #expect(try db.run(S.users.filter(S.id == 1).update(S.age %= 4)) == 1)
        let alice = try #require(try db.pluck(S.users.filter(S.id == 1)))
        #expect(try alice.get(S.age) == (20 * 3 / 4) % 4)
        #expect(try alice.get(S.name) == "Alice!")
        #expect(try db.run(S.users.filter(S.id == 99).update(S.age <- 1)) == 0)
        #expect(try db.run(S.users.update(S.active <- true)) == 4)
        #expect(try db.run(S.users.filter(S.id == 2).update(S.age <- S.SQLAgeOptional + 5)) == 1)
        #expect(try db.pluck(S.users.filter(S.id == 2))?[S.age] == nil)  // NULL + 5 is NULL
    }

    @Test("delete returns the number of deleted rows")
    func delete() throws {
        let db = try S.populated()
        #expect(try db.run(S.users.filter(S.active == false).delete()) == 1)
        #expect(try db.run(S.users.filter(S.id == 99).delete()) == 0)
        #expect(try db.run(S.posts.delete()) == 3)
        #expect(try db.scalar(S.users.count) == 3)
    }

    @Test("insert from a query copies rows (the MMEX import pattern)")
    func insertFromQuery() throws {
        let db = try S.populated()
        try db.execute("CREATE TABLE archive AS SELECT * FROM users WHERE 0")
        try db.run(Table("archive").insert(S.users.filter(S.age > 18)))
        #expect(try db.scalar(Table("archive").count) == 2)
    }

    @Test("an injection attempt through a value is stored as text and the table survives")
    func injectionIsStoredAsText() throws {
        let db = try S.populated()
        let attack = "'; DROP TABLE users; --"
        let rowid = try db.run(S.users.insert(S.name <- attack, S.email <- "x\"); DROP TABLE posts; --"))
        #expect(try db.pluck(S.users.filter(S.id == rowid))?[S.name] == attack)
        #expect(try db.scalar(S.users.filter(S.name == attack).count) == 1)
        #expect(try db.run(S.users.filter(S.name == attack).update(S.age <- 1)) == 1)
        #expect(try db.scalar(S.users.count) == 5)
        #expect(try db.scalar(S.posts.count) == 3)
        #expect(try db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table'")?.sqliteValue == .integer(2))
        // Raw SQL binds too.
        try db.run("INSERT INTO posts(user_id, title) VALUES (?, ?)", 1, attack)
        #expect(try db.scalar("SELECT title FROM posts WHERE id = last_insert_rowid()")?.sqliteValue == .text(attack))
        // An identifier with quotes in it is quoted, not closed early: SQLite sees one (unknown) identifier, which
        // its double-quoted-string fallback turns into that very text.
        let sneakyName = "name\" FROM users; DROP TABLE users; --"
        let sneaky = SQLExpression<String>(sneakyName)
        #expect(try db.prepare(S.users.select(sneaky)).map { try $0.get(sneaky) } == Array(repeating: sneakyName, count: 5))
        #expect(try db.scalar(S.users.count) == 5)
    }
}

extension Schema {
    /// `age` as a nullable column of Int, for arithmetic on NULL.
    static let SQLAgeOptional = SQLExpression<Int?>("age")
}
