import Foundation
import LegacyDriver
import SQLiteEngine
import Testing

@Suite("Rows: typed access, clear errors, joins, lazy cursors")
struct RowTests {
    typealias S = Schema

    @Test("a column the query does not return is reported with the columns it does return")
    func missingColumn() throws {
        let db = try S.populated()
        let row = try #require(try db.pluck(S.users.select(S.id, S.name)))
        let error = #expect(throws: LegacyError.self) { try row.get(S.email) }
        #expect(error == .noSuchColumn(name: #""email""#, columns: [#""id""#, #""name""#]))
        #expect(error?.description.contains(#"no such column "email""#) == true)
        #expect(!row.hasValue(for: S.email))
        #expect(row.hasValue(for: S.name))
    }

    @Test("a storage class a non-optional type cannot read is a type mismatch naming column, type and storage class")
    func wrongType() throws {
        let db = try S.populated()
        let row = try #require(try db.pluck(S.users.filter(S.id == 1)))
        let nameAsNumber = SQLExpression<Int64>("name")
        let error = #expect(throws: LegacyError.self) { try row.get(nameAsNumber) }
        #expect(error == .typeMismatch(column: #""name""#, expected: "Int64", found: .text))
        #expect(error?.description == #"column "name" holds TEXT, which Int64 cannot read"#)
        // Read as an optional, another storage class is nil, as SQLite.swift's `values[index] as? V.Datatype` is.
        let idAsText = SQLExpression<String?>("id")
        #expect(try row.get(idAsText) == nil)
    }

    @Test("NULL read through a non-optional expression is an error; through an optional one it is nil")
    func nullAccess() throws {
        let db = try S.populated()
        let bob = try #require(try db.pluck(S.users.filter(S.id == 2)))
        let nonOptionalAge = SQLExpression<Int>("age")
        #expect(throws: LegacyError.unexpectedNull(column: #""age""#)) { try bob.get(nonOptionalAge) }
        #expect(try bob.get(S.age) == nil)
        #expect(try bob.get(S.email) == nil)
        #expect(try bob.get(S.age) == nil)
    }

    @Test("after a join, namespaced columns read each side; an unqualified name shared by both is ambiguous")
    func joinNamespaces() throws {
        let db = try S.populated()
        let query = S.users.join(S.posts, on: S.posts[S.userId] == S.users[S.id]).order(S.posts[S.id])
        let rows = try db.prepare(query).all()
        #expect(rows.count == 3)
        #expect(try rows.map { try $0[S.users[S.id]] } == [1, 1, 3])
        #expect(try rows.map { try $0[S.posts[S.id]] } == [1, 2, 3])
        #expect(try rows.map { try $0.get(S.name) } == ["Alice", "Alice", "Ćelik"])  // unique: unqualified is fine
        #expect(try rows.map { try $0.get(S.title) } == ["Hello", "Again", "Здравствуйте"])
        let error = #expect(throws: LegacyError.self) { try rows[0].get(S.id) }
        #expect(error == .ambiguousColumn(name: #""id""#, candidates: [#""users"."id""#, #""posts"."id""#]))
    }

    @Test("a left outer join gives NULL for the missing side, read through optional expressions")
    func leftOuterJoin() throws {
        let db = try S.populated()
        let optionalTitle = SQLExpression<String?>("title")
        let query = S.users.join(.leftOuter, S.posts, on: S.posts[S.userId] == S.users[S.id])
            .select(S.users[S.name], S.posts[optionalTitle]).order(S.users[S.id], S.posts[S.id])
        let pairs = try db.prepare(query).map { ($0[S.users[S.name]], $0[S.posts[optionalTitle]]) }
        #expect(pairs.map(\.0) == ["Alice", "Alice", "bob", "Ćelik", "dave"])
        #expect(pairs.map(\.1) == ["Hello", "Again", nil, "Здравствуйте", nil])
    }

    @Test("a self-join through aliases reads both copies by namespace")
    func aliases() throws {
        let db = try S.populated()
        let older = S.users.alias("older")
        let younger = S.users.alias("younger")
        let query = older.join(.cross, younger).filter(older[S.SQLAge] > younger[S.SQLAge] + 20)
            .select(older[S.name], younger[S.name])
        let pairs = try db.prepare(query).map { "\($0[older[S.name]])>\($0[younger[S.name]])" }
        #expect(pairs == ["Ćelik>dave"])
    }

    @Test("joined star selections expand per table; a namespaced column of a single table query also reads")
    func starExpansion() throws {
        let db = try S.populated()
        let query = S.users.select(S.users[*], S.posts[S.title]).join(S.posts, on: S.posts[S.userId] == S.users[S.id])
            .filter(S.posts[S.id] == 3)
        let row = try #require(try db.pluck(query))
        #expect(try row[S.users[S.email]] == "celik@example.com")
        #expect(try row[S.posts[S.title]] == "Здравствуйте")
        #expect(row.values.count == 10)
        let single = try #require(try db.pluck(S.users.filter(S.id == 4)))
        #expect(try single[S.users[S.name]] == "dave")
    }

    @Test("rows kept after the cursor moved on keep their own values")
    func keptRows() throws {
        let db = try S.populated()
        let rows = try db.prepare(S.users.order(S.id)).all()
        #expect(try rows.map { try $0.get(S.name) } == ["Alice", "bob", "Ćelik", "dave"])
        #expect(try rows.map { try $0.get(S.age) } == [30, nil, 45, 17])
        let cursor = try db.prepare(S.users.order(S.id))
        let first = try #require(try cursor.next())
        let second = try #require(try cursor.next())
        _ = try cursor.next()
        #expect(try first.get(S.name) == "Alice")
        #expect(try second.get(S.name) == "bob")
        #expect(first.values[0] == .integer(1))
        let plucked = try #require(try db.pluck(S.users.order(S.id.desc)))
        #expect(try plucked.get(S.name) == "dave")
    }

    @Test("rows are stepped lazily: the cursor computes a row only when asked for it")
    func lazyCursor() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE n(i INTEGER)")
        try db.transaction {
            for value in 0..<1000 { try db.run("INSERT INTO n VALUES (?)", value) }
        }
        var evaluated = 0
        let tick = try db.createFunction("tick") { (value: Int64) -> Int64 in
            evaluated += 1
            return value
        }
        let i = SQLExpression<Int64>("i")
        let cursor = try db.prepare(Table("n").select(tick(i)))
        #expect(evaluated == 0)
        _ = try cursor.next()
        _ = try cursor.next()
        #expect(evaluated == 2)
        let total = try cursor.reduce(into: Int64(0)) { $0 += try $1.get(tick(i)) }
        #expect(total == (2..<1000).reduce(0, +))
        #expect(evaluated == 1000)
        #expect(try cursor.next() == nil)
    }

    @Test("the same query can run nested in its own iteration, and an abandoned cursor frees its statement")
    func nestedAndAbandoned() throws {
        let db = try S.populated()
        var pairs = 0
        try db.prepare(S.users).forEach { _ in
            try db.prepare(S.users).forEach { _ in pairs += 1 }
        }
        #expect(pairs == 16)
        do {
            let cursor = try db.prepare(S.users.order(S.id))
            _ = try cursor.next()
        }
        #expect(try db.prepare(S.users.order(S.id)).map { try $0.get(S.id) } == [1, 2, 3, 4])
        #expect(try db.run(S.users.filter(S.id == 4).delete()) == 1)  // no read left open blocks the write
    }

    @Test("pluck returns the first row or nil and keeps the offset")
    func pluck() throws {
        let db = try S.populated()
        #expect(try db.pluck(S.users.order(S.id).limit(2, offset: 2))?[S.id] == 3)
        #expect(try db.pluck(S.users.filter(S.id > 100)) == nil)
    }

    @Test("a scalar query without a row is an error for a non-optional type and nil for an optional one")
    func scalarWithoutRow() throws {
        let db = try S.populated()
        let none = S.users.filter(S.id > 100)
        #expect(try db.scalar(none.select(S.age)) == nil)
        let error = #expect(throws: LegacyError.self) { try db.scalar(none.select(S.name)) }
        guard case .invalidQuery? = error else {
            Issue.record("expected invalidQuery, got \(String(describing: error))")
            return
        }
    }

    @Test("subqueries: EXISTS and IN (SELECT ...) select the right rows; union combines, order applies to all")
    func subqueriesAndUnion() throws {
        let db = try S.populated()
        let authors = S.users.filter(exists(S.posts.filter(S.posts[S.userId] == S.users[S.id])))
        #expect(try db.prepare(authors.order(S.id)).map { try $0.get(S.id) } == [1, 3])
        let viaIn = S.users.filter(S.posts.select(S.userId).contains(S.id))
        #expect(try db.prepare(viaIn.order(S.id)).map { try $0.get(S.id) } == [1, 3])
        #expect(try db.prepare(S.users.filter(!S.posts.select(S.userId).contains(S.id))).map { try $0.get(S.id) }.sorted() == [2, 4])
        #expect(try db.scalar(S.posts.filter(S.userId == 3).exists) == true)
        #expect(try db.scalar(S.posts.filter(S.userId == 2).exists) == false)
        let union = S.users.select(S.name).union(S.posts.select(S.title)).order(S.name).limit(3)
        #expect(try db.prepare(union).map { try $0.get(S.name) } == ["Again", "Alice", "bob"])
        let all = S.posts.select(S.userId).union(S.posts.select(S.userId), all: true)
        #expect(try db.prepare(all).map { try $0.get(S.userId) }.count == 6)
    }

    @Test("group by with having, ordered with nulls placed explicitly")
    func groupingAndOrdering() throws {
        let db = try S.populated()
        try db.run(S.posts.insert(S.userId <- 3, S.title <- "Again"))
        let perUser = S.posts.select(S.userId, count(*)).group(S.userId, having: count(*) > 1).order(S.userId)
        #expect(try db.prepare(perUser).map { try $0.get(S.userId) } == [1, 3])
        let nullsFirst = try db.prepare(S.users.order(S.age.ascNullsFirst)).map { try $0.get(S.id) }
        #expect(nullsFirst == [2, 4, 1, 3])
        let nullsLast = try db.prepare(S.users.order(S.age.descNullsLast)).map { try $0.get(S.id) }
        #expect(nullsLast == [3, 1, 4, 2])
        let paged = try db.prepare(S.users.order(S.id).limit(2, offset: 1)).map { try $0.get(S.id) }
        #expect(paged == [2, 3])
    }

    @Test("every column of a wide row is found by its expression, through a name made again at run time too")
    func wideRowLookups() throws {
        // Eighty names in a table of 512 slots: some all but surely share a slot, so reads follow probe chains; hashes
        // are seeded per process, so each run lays the names out differently (a chain may wrap around the end).
        let db = try Connection(.inMemory)
        let names = (0..<80).map { "a_long_column_name_\($0)" }
        try db.execute("CREATE TABLE wide (" + names.map { "\($0) INTEGER" }.joined(separator: ", ") + ")")
        try db.execute("INSERT INTO wide VALUES (" + (0..<80).map { "\($0 * 7)" }.joined(separator: ", ") + ")")
        let columns = names.map { SQLExpression<Int64>($0) }
        let row = try #require(try db.pluck(Table("wide").select(columns)))
        for (offset, column) in columns.enumerated().reversed() {
            #expect(try row.get(column) == Int64(offset * 7))
            // The same name built anew (longer than a small string, so another string object): the same column.
            #expect(try row.get(SQLExpression<Int64>(String(names[offset].reversed().reversed()))) == Int64(offset * 7))
        }
        #expect(throws: LegacyError.self) { try row.get(SQLExpression<Int64>("a_long_column_name_80")) }
    }
}
