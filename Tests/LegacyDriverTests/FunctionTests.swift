import Foundation
import LegacyDriver
import SQLiteEngine
import Testing

@Suite("Custom SQL functions, aggregates, collations and hooks (on Linux)")
struct FunctionTests {
    typealias S = Schema

    @Test("typed scalar functions of 0 to 3 arguments are callable from queries and from raw SQL")
    func typedScalarFunctions() throws {
        let db = try S.populated()
        let answer = try db.createFunction("answer", deterministic: true) { () -> Int64 in 42 }
        let reversed = try db.createFunction("reversed", deterministic: true) { (text: String) in String(text.reversed()) }
        let clamp = try db.createFunction("clamp") { (value: Int?, limit: Int) -> Int? in value.map { min($0, limit) } }
        let join3 = try db.createFunction("join3") { (a: String, b: String?, c: Int64) in "\(a)|\(b ?? "-")|\(c)" }
        #expect(try db.scalar(S.users.select(answer()).limit(1)) == 42)
        let names = try db.prepare(S.users.select(reversed(S.name)).order(S.id)).map { try $0.get(reversed(S.name)) }
        #expect(names == ["ecilA", "bob", "kileĆ", "evad"])
        let clamped = try db.prepare(S.users.select(clamp(S.age, SQLExpression<Int>(value: 20))).order(S.id))
            .map { try $0.get(clamp(S.age, SQLExpression<Int>(value: 20))) }
        #expect(clamped == [20, nil, 20, 17])
        let joined = join3(S.name, S.email, S.id)
        #expect(try db.pluck(S.users.filter(S.id == 2).select(joined))?[joined] == "bob|-|2")
        #expect(try db.scalar("SELECT reversed('abc')")?.sqliteValue == .text("cba"))
        #expect(try db.prepare(S.users.filter(reversed(S.name) == "bob")).map { try $0.get(S.id) } == [2])
    }

    @Test("a raw-value function sees SQLite's storage classes and may return any of them")
    func rawFunction() throws {
        let db = try Connection()
        try db.createFunction("describe") { values in
            .text(values.map { "\($0.storageClass)" }.joined(separator: ","))
        }
        try db.createFunction("blobby", argumentCount: 0) { _ in .blob([1, 2, 3]) }
        #expect(try db.scalar("SELECT describe(1, 1.5, 'x', x'00', NULL)")?.sqliteValue == .text("integer,real,text,blob,null"))
        #expect(try db.scalar("SELECT blobby()")?.sqliteValue == .blob([1, 2, 3]))
        #expect(try db.scalar("SELECT describe()")?.sqliteValue == .text(""))
    }

    @Test("an error thrown by a function fails the statement with its description; a NULL for a non-optional too")
    func functionErrors() throws {
        let db = try S.populated()
        struct Refused: Error, CustomStringConvertible { var description: String { "refused by policy" } }
        try db.createFunction("refuse", argumentCount: 1) { _ in throw Refused() }
        let error = #expect(throws: LegacyError.self) { try db.scalar("SELECT refuse(1)") }
        #expect(error?.sqliteError?.message == "refused by policy")
        #expect(error?.sql == "SELECT refuse(1)")
        let double = try db.createFunction("double") { (value: Int) in value * 2 }
        let nullError = #expect(throws: LegacyError.self) {
            try db.prepare(S.users.select(double(SQLExpression<Int>("age")))).all()
        }
        #expect(nullError?.sqliteError?.message.contains("NULL") == true)
    }

    @Test("a function can be replaced and removed")
    func replaceAndRemove() throws {
        let db = try Connection()
        try db.createFunction("version", argumentCount: 0) { _ in .integer(1) }
        try db.createFunction("version", argumentCount: 0) { _ in .integer(2) }
        #expect(try db.scalar("SELECT version()")?.sqliteValue == .integer(2))
        try db.engine.removeFunction("version", argumentCount: 0)
        #expect(throws: LegacyError.self) { try db.scalar("SELECT version()") }
    }

    @Test("aggregates fold each group from its own initial value, and finish an empty input from it")
    func aggregates() throws {
        let db = try S.populated()
        let longest = try db.createAggregation("longest", initialValue: "") { (best: String, name: String) in
            name.count > best.count ? name : best
        } result: { $0 }
        #expect(try db.scalar(S.users.select(longest(S.name))) == "Alice")
        let perUser = try db.prepare(S.posts.select(S.userId, longest(S.title)).group(S.userId).order(S.userId))
            .map { "\(try $0.get(S.userId)):\(try $0.get(longest(S.title)))" }
        #expect(perUser == ["1:Hello", "3:Здравствуйте"])
        #expect(try db.scalar(S.users.filter(S.id > 99).select(longest(S.name))) == "")
        try db.createAggregation("product", argumentCount: 1, initialValue: Int64(1), reduce: { state, values in
            if case .integer(let value) = values[0] { return state * value }
            return state
        }, result: { .integer($0) })
        #expect(try db.scalar("SELECT product(age) FROM users")?.sqliteValue == .integer(30 * 45 * 17))
        #expect(try db.scalar("SELECT product(age) FROM users WHERE 0")?.sqliteValue == .integer(1))
        // Two aggregates of the same function in one statement keep separate state.
        #expect(try db.scalar("SELECT product(id) || ',' || product(age) FROM users")?.sqliteValue == .text("24,22950"))
    }

    @Test("an error in an aggregate fails the statement and leaves the connection usable")
    func aggregateErrors() throws {
        let db = try S.populated()
        struct TooBig: Error {}
        try db.createAggregation("limited", argumentCount: 1, initialValue: 0, reduce: { state, _ in
            if state >= 2 { throw TooBig() }
            return state + 1
        }, result: { .integer(Int64($0)) })
        #expect(throws: LegacyError.self) { try db.scalar("SELECT limited(id) FROM users") }
        #expect(try db.scalar("SELECT limited(id) FROM users WHERE id <= 2")?.sqliteValue == .integer(2))
    }

    @Test("a custom collation sorts and compares as its closure says, including in a schema")
    func collations() throws {
        let db = try Connection()
        try db.createCollation("UNICODE_NOCASE") { lhs, rhs in
            lhs.compare(rhs, options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        }
        try db.execute("CREATE TABLE words(w TEXT COLLATE UNICODE_NOCASE)")
        for word in ["Émile", "apple", "Zebra", "émile", "Äpfel", "Кот", "кот"] {
            try db.run("INSERT INTO words VALUES (?)", word)
        }
        let words = Table("words")
        let w = SQLExpression<String>("w")
        #expect(try db.scalar(words.filter(w == "EMILE").count) == 2)
        #expect(try db.scalar(words.filter(w == "КОТ").count) == 2)
        let sorted = try db.prepare(words.order(w, w.collate(.binary))).map { try $0.get(w) }
        #expect(Array(sorted.prefix(2)) == ["Äpfel", "apple"])  // "apfel" < "apple" once the umlaut is ignored
        #expect(Array(sorted.suffix(2)) == ["Кот", "кот"])
        // The same comparison through an explicit COLLATE on a binary column.
        try db.execute("CREATE TABLE plain(w TEXT)")
        try db.run("INSERT INTO plain VALUES ('ÉMILE')")
        #expect(try db.scalar(Table("plain").filter(w.collate(.custom("UNICODE_NOCASE")) == "emile").count) == 1)
        #expect(try db.scalar(Table("plain").filter(w == "emile").count) == 0)
    }

    @Test("update, commit and rollback hooks report what happens; a throwing commit hook turns the commit into a rollback")
    func hooks() throws {
        let db = try S.populated()
        var updates: [String] = []
        var commits = 0
        var rollbacks = 0
        try db.updateHook { operation, database, table, rowid in updates.append("\(operation) \(database).\(table) \(rowid)") }
        try db.commitHook { commits += 1 }
        try db.rollbackHook { rollbacks += 1 }
        let rowid = try db.run(S.users.insert(S.name <- "new"))
        try db.run(S.users.filter(S.id == 1).update(S.age <- 1))
        try db.run(S.users.filter(S.id == rowid).delete())
        #expect(updates == ["insert main.users 5", "update main.users 1", "delete main.users 5"])
        #expect(commits == 3)
        try? db.transaction {
            try db.run(S.users.insert(S.name <- "gone"))
            throw Planned()
        }
        #expect(rollbacks == 1)
        try db.commitHook { throw Planned() }
        let error = #expect(throws: LegacyError.self) { try db.run(S.users.insert(S.name <- "vetoed")) }
        #expect(error?.extendedCode == 531)  // SQLITE_CONSTRAINT_COMMITHOOK
        #expect(rollbacks == 2)
        try db.commitHook(nil)
        try db.updateHook(nil)
        updates = []
        try db.run(S.users.insert(S.name <- "quiet"))
        #expect(updates.isEmpty)
        #expect(try db.scalar(S.users.filter(S.name == "vetoed").count) == 0)
        #expect(try db.scalar(S.users.filter(S.name == "quiet").count) == 1)
    }

    @Test("functions, collations and hooks refuse the sqlcipher engine with a clear error",
          .enabled(if: (try? SQLiteLibrary.sqlcipher()) != nil))
    func sqlcipherRefusesCallbacks() throws {
        let db = try Connection(.inMemory, library: SQLiteLibrary.sqlcipher())
        let function = #expect(throws: LegacyError.self) { try db.createFunction("f") { _ in .null } }
        #expect(function?.code == ResultCode.misuse)
        #expect(function?.sqliteError?.message.contains("system SQLite engine") == true)
        #expect(throws: LegacyError.self) { try db.createCollation("c") { $0.compare($1) } }
        #expect(throws: LegacyError.self) { try db.updateHook { _, _, _, _ in } }
    }
}
