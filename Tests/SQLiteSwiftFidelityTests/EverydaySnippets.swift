// Everyday SQLite.swift code, written the way its documentation shows it, compiled against the legacy driver with
// only `import SQLite` replaced by `import LegacyDriver`. The file does not import Foundation, so `Expression` is
// the driver's (as it is SQLite.swift's in such a file). If one of these stops compiling, the suite fails to build.
import LegacyDriver
import Testing

let users = Table("users")
let posts = Table("posts")
let id = Expression<Int64>("id")
let email = Expression<String>("email")
let name = Expression<String?>("name")
let balance = Expression<Double>("balance")
let verified = Expression<Bool>("verified")
let userId = Expression<Int64>("user_id")
let title = Expression<String>("title")

/// An in-memory database with `users` and `posts`, created with raw SQL.
func freshDatabase() throws -> Connection {
    let db = try Connection(.inMemory)
    try db.execute("""
        CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT,
                            balance REAL NOT NULL DEFAULT 0, verified INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE posts (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, title TEXT NOT NULL);
        """)
    return db
}

/// Alice (1), Betty (2, unnamed, verified) and Cindy (3) with two posts by Alice.
func seededDatabase() throws -> Connection {
    let db = try freshDatabase()
    try db.run(users.insert(email <- "alice@mac.com", name <- "Alice", balance <- 10))
    try db.run(users.insert(email <- "betty@icloud.com", verified <- true, balance <- 2.5))
    try db.run(users.insert(email <- "cindy@me.com", name <- "Cindy", balance <- 0))
    try db.run(posts.insert(userId <- 1, title <- "Hello"))
    try db.run(posts.insert(userId <- 1, title <- "Again"))
    return db
}

@Suite("SQLite.swift everyday snippets, compiled with only the import changed")
struct EverydaySnippets {
    @Test("insertMany with setter arrays, as separate arguments (or:) and as one array of rows")
    func insertManySetterArrays() throws {
        let db = try freshDatabase()
        try db.run(users.insertMany(or: .ignore, [email <- "alice@mac.com"], [email <- "geoff@mac.com"], [email <- "alice@mac.com"]))
        try db.run(users.insertMany([[email <- "hank@mac.com", name <- "Hank"], [email <- "ida@mac.com", name <- nil]]))
        #expect(try db.scalar(users.count) == 4)
        #expect(try db.pluck(users.filter(email == "hank@mac.com"))?[name] == "Hank")
    }

    @Test("insert returns the new rowid")
    func insertReturnsRowid() throws {
        let db = try freshDatabase()
        let rowid = try db.run(users.insert(email <- "alice@mac.com", name <- "Alice"))
        #expect(rowid == 1)
    }

    @Test("for row in try db.prepare(users) reads typed columns without try")
    func iterateRows() throws {
        let db = try seededDatabase()
        var emails: [String] = []
        for user in try db.prepare(users) {
            emails.append(user[email])
        }
        #expect(emails == ["alice@mac.com", "betty@icloud.com", "cindy@me.com"])
    }

    @Test("an optional column reads nil for NULL")
    func optionalColumn() throws {
        let db = try seededDatabase()
        let names = try db.prepare(users.order(id)).map { $0[name] }
        #expect(names == ["Alice", nil, "Cindy"])
    }

    @Test("filter with == and && on a Bool column")
    func filterEquality() throws {
        let db = try seededDatabase()
        let rows = try db.prepare(users.filter(verified == true && balance > 1)).map { $0[email] }
        #expect(rows == ["betty@icloud.com"])
    }

    @Test("where is filter's other name")
    func whereClause() throws {
        let db = try seededDatabase()
        #expect(try db.scalar(users.where(name == nil).count) == 1)
    }

    @Test("pluck gives the first row")
    func pluckFirst() throws {
        let db = try seededDatabase()
        let first = try db.pluck(users.order(email.desc))
        #expect(first?[email] == "cindy@me.com")
    }

    @Test("count as a scalar")
    func countScalar() throws {
        let db = try seededDatabase()
        let count = try db.scalar(users.count)
        #expect(count == 3)
    }

    @Test("select specific columns")
    func selectColumns() throws {
        let db = try seededDatabase()
        let row = try db.pluck(users.select(id, email).filter(id == 2))
        #expect(row?[id] == 2)
        #expect(row?[email] == "betty@icloud.com")
    }

    @Test("select distinct")
    func selectDistinct() throws {
        let db = try seededDatabase()
        let authors = try db.prepare(posts.select(distinct: userId)).map { $0[userId] }
        #expect(authors == [1])
    }

    @Test("order by several columns and limit with offset")
    func orderAndPage() throws {
        let db = try seededDatabase()
        let page = try db.prepare(users.order(verified.desc, email).limit(2, offset: 1)).map { $0[id] }
        #expect(page == [1, 3])
    }

    @Test("join with namespaced columns")
    func joinNamespaced() throws {
        let db = try seededDatabase()
        let query = users.join(posts, on: userId == users[id]).order(posts[id])
        let rows = try db.prepare(query).map { "\($0[users[email]]):\($0[title])" }
        #expect(rows == ["alice@mac.com:Hello", "alice@mac.com:Again"])
    }

    @Test("left outer join keeps users without posts")
    func leftOuterJoin() throws {
        let db = try seededDatabase()
        let query = users.join(.leftOuter, posts, on: userId == users[id]).select(users[id], posts[id].count)
            .group(users[id]).order(users[id])
        let counts = try db.prepare(query).map { $0[posts[id].count] }
        #expect(counts == [2, 0, 0])
    }

    @Test("aliasing a table for a self join")
    func aliasSelfJoin() throws {
        let db = try seededDatabase()
        let other = users.alias("other")
        let query = users.join(other, on: users[id] == other[id] - 1).select(users[email], other[email])
            .order(users[id])
        let pairs = try db.prepare(query).map { "\($0[users[email]])>\($0[other[email]])" }
        #expect(pairs == ["alice@mac.com>betty@icloud.com", "betty@icloud.com>cindy@me.com"])
    }

    @Test("like and glob filters")
    func likeAndGlob() throws {
        let db = try seededDatabase()
        #expect(try db.scalar(users.filter(email.like("%@mac.com")).count) == 1)
        #expect(try db.scalar(users.filter(email.glob("*y*")).count) == 2)
    }

    @Test("contains on an array is IN")
    func inList() throws {
        let db = try seededDatabase()
        #expect(try db.scalar(users.filter([1, 3].contains(id)).count) == 2)
    }

    @Test("~= with a closed range is BETWEEN")
    func rangeMatch() throws {
        let db = try seededDatabase()
        let query = users.filter(1.0...10.0 ~= balance).order(id)
        #expect(try db.prepare(query).map { $0[id] } == [1, 2])
    }

    @Test("~= with a half-open range")
    func halfOpenRangeMatch() throws {
        let db = try seededDatabase()
        #expect(try db.scalar(users.filter(0.0..<2.5 ~= balance).count) == 1)
    }

    @Test("aggregates: sum, max, average")
    func aggregates() throws {
        let db = try seededDatabase()
        #expect(try db.scalar(users.select(balance.sum)) == 12.5)
        #expect(try db.scalar(users.select(balance.max)) == 10)
        #expect(try db.scalar(users.select(balance.average)) == 12.5 / 3)
    }

    @Test("group by with having")
    func groupHaving() throws {
        let db = try seededDatabase()
        let query = posts.select(userId, id.count).group(userId, having: id.count > 1)
        let rows = try db.prepare(query).map { "\($0[userId])x\($0[id.count])" }
        #expect(rows == ["1x2"])
    }

    @Test("update with a setter returns the changed row count")
    func update() throws {
        let db = try seededDatabase()
        let alice = users.filter(id == 1)
        let changed = try db.run(alice.update(email <- email.replace("mac.com", with: "me.com")))
        #expect(changed == 1)
        #expect(try db.pluck(alice)?[email] == "alice@me.com")
    }

    @Test("infix setters += and -=")
    func infixSetters() throws {
        let db = try seededDatabase()
        try db.run(users.filter(id == 1).update(balance += 5, verified <- true))
        try db.run(users.filter(id == 2).update(balance -= 0.5))
        #expect(try db.prepare(users.order(id)).map { $0[balance] } == [15, 2, 0])
    }

    @Test("delete returns the deleted row count")
    func delete() throws {
        let db = try seededDatabase()
        let deleted = try db.run(users.filter(name == nil).delete())
        #expect(deleted == 1)
        #expect(try db.scalar(users.count) == 2)
    }

    @Test("insert or replace")
    func insertOrReplace() throws {
        let db = try seededDatabase()
        try db.run(users.insert(or: .replace, id <- 1, email <- "alice@new.com", name <- "Alice"))
        #expect(try db.pluck(users.filter(id == 1))?[email] == "alice@new.com")
        #expect(try db.scalar(users.count) == 3)
    }

    @Test("upsert on conflict of a column")
    func upsert() throws {
        let db = try seededDatabase()
        try db.run(users.upsert(email <- "alice@mac.com", name <- "Alicia", onConflictOf: email))
        #expect(try db.pluck(users.filter(email == "alice@mac.com"))?[name] == "Alicia")
        #expect(try db.scalar(users.count) == 3)
    }

    @Test("insertMany with rows of setters")
    func insertMany() throws {
        let db = try freshDatabase()
        try db.run(users.insertMany([[email <- "a@x.com"], [email <- "b@x.com"], [email <- "c@x.com"]]))
        #expect(try db.scalar(users.count) == 3)
    }

    @Test("a failing insert throws the SQLite constraint error")
    func constraintError() throws {
        let db = try seededDatabase()
        let error = #expect(throws: LegacyError.self) { try db.run(users.insert(email <- "alice@mac.com")) }
        guard case .error(let message, let code, _)? = error?.result else {
            Issue.record("no SQLite.swift-shaped result")
            return
        }
        #expect(code == 19)
        #expect(message.contains("UNIQUE"))
    }

    @Test("transaction commits, and rolls back when the block throws")
    func transactions() throws {
        let db = try seededDatabase()
        try db.transaction {
            try db.run(posts.insert(userId <- 3, title <- "Mine"))
        }
        #expect(throws: LegacyError.self) {
            try db.transaction {
                try db.run(posts.insert(userId <- 3, title <- "Lost"))
                try db.run(users.insert(email <- "alice@mac.com"))
            }
        }
        #expect(try db.scalar(posts.filter(userId == 3).count) == 1)
    }

    @Test("savepoint nested in a transaction")
    func savepoints() throws {
        let db = try seededDatabase()
        try db.transaction {
            try db.run(posts.insert(userId <- 2, title <- "kept"))
            try? db.savepoint("inner") {
                try db.run(posts.insert(userId <- 2, title <- "undone"))
                try db.run(users.insert(email <- "betty@icloud.com"))
            }
        }
        #expect(try db.prepare(posts.filter(userId == 2)).map { $0[title] } == ["kept"])
    }

    @Test("raw SQL: run with bindings, then a statement looped over as [Binding?]")
    func rawStatements() throws {
        let db = try seededDatabase()
        try db.run("INSERT INTO posts (user_id, title) VALUES (?, ?)", 3, "Raw")
        let statement = try db.prepare("SELECT id, title FROM posts WHERE user_id = ?", 3)
        var titles: [String] = []
        for row in statement {
            titles.append(row[1] as? String ?? "?")
        }
        #expect(titles == ["Raw"])
    }

    @Test("raw SQL: scalar returns a Binding read with as?")
    func rawScalar() throws {
        let db = try seededDatabase()
        let count = try db.scalar("SELECT count(*) FROM users") as? Int64
        #expect(count == 3)
        #expect(try db.scalar("SELECT name FROM users WHERE id = 2") == nil)
    }

    @Test("raw SQL: named parameters")
    func namedParameters() throws {
        let db = try seededDatabase()
        let statement = try db.prepare("SELECT email FROM users WHERE id = :id")
        let row = try statement.bind([":id": 3]).failableNext()
        #expect(row?.first as? String == "cindy@me.com")
    }

    @Test("execute runs several statements")
    func executeScript() throws {
        let db = try freshDatabase()
        try db.execute("""
            INSERT INTO users (email) VALUES ('x@y.z');
            UPDATE users SET verified = 1;
            """)
        #expect(try db.scalar(users.filter(verified).count) == 1)
    }

    @Test("select(1) with a plain value, inside EXISTS built from the description")
    func plainValueExpressions() throws {
        let db = try seededDatabase()
        let hasPosts = "EXISTS (" + posts.select(1).where(userId == users[id]).expression.description + ")"
        let query = users.filter(Expression<Bool>(literal: hasPosts)).select(id)
        #expect(try db.prepare(query).map { $0[id] } == [1])
    }

    @Test("an expression's description writes its values in")
    func descriptionWithValues() throws {
        let query = users.select(email).filter(name == "O'Brien" && balance > 2.5)
        #expect(query.expression.description
            == #"SELECT "email" FROM "users" WHERE (("name" = 'O''Brien') AND ("balance" > 2.5))"#)
    }

    @Test("union(all:) of two selects")
    func unionAll() throws {
        let db = try seededDatabase()
        let query = users.select(id).filter(id == 1).union(all: true, posts.select(userId))
        #expect(try db.prepare(query).map { $0[id] } == [1, 1, 1])
    }

    @Test("WITH a common table expression joined to a table")
    func withCommonTable() throws {
        let db = try seededDatabase()
        let counts = Table("counts")
        let postCount = Expression<Int>("post_count")
        let query = users
            .with(counts, columns: [userId, postCount], as: posts.select(userId, id.count).group(userId))
            .join(counts, on: counts[userId] == users[id])
            .select(users[email], counts[postCount])
        let rows = try db.prepare(query).map { "\($0[users[email]])=\($0[counts[postCount]])" }
        #expect(rows == ["alice@mac.com=2"])
    }

    @Test("userVersion is a settable property")
    func userVersion() throws {
        let db = try freshDatabase()
        #expect(db.userVersion == 0)
        db.userVersion = 21
        #expect(db.userVersion == 21)
    }

    @Test("sqliteVersion and the C handle")
    func versionAndHandle() throws {
        let db = try freshDatabase()
        #expect(db.sqliteVersion >= SQLiteVersion(major: 3, minor: 0))
        #expect(db.handle != nil)
    }

    @Test("a custom function made with createFunction")
    func customFunction() throws {
        let db = try seededDatabase()
        let shout = try db.createFunction("shout", deterministic: true) { (text: String) in text.uppercased() }
        #expect(try db.pluck(users.select(shout(email)).filter(id == 1))?[shout(email)] == "ALICE@MAC.COM")
    }

    @Test("coalesce with ?? and string concatenation with +")
    func coalesceAndConcat() throws {
        let db = try seededDatabase()
        let label = (name ?? "anonymous") + " <" + email + ">"
        #expect(try db.pluck(users.select(label).filter(id == 2))?[label] == "anonymous <betty@icloud.com>")
    }

    @Test("lastInsertRowid, changes and totalChanges")
    func connectionCounters() throws {
        let db = try seededDatabase()
        try db.run(posts.insert(userId <- 2, title <- "x"))
        #expect(db.lastInsertRowid == 3)
        try db.run(posts.update(title <- "y"))
        #expect(db.changes == 3)
        #expect(db.totalChanges >= 9)
    }

    @Test("a Connection from a Location")
    func locations() throws {
        let memory = try Connection(.inMemory)
        let temporary = try Connection(.temporary)
        try memory.execute("CREATE TABLE t (x)")
        try temporary.execute("CREATE TABLE t (x)")
        #expect(memory.location.description == ":memory:")
    }

    @Test("prepare(query).map over rows")
    func mapRows() throws {
        let db = try seededDatabase()
        let balances = try db.prepare(users.order(id)).map { row in row[balance] }
        #expect(balances == [10, 2.5, 0])
    }
}
