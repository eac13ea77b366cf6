import Foundation
import LegacyDriver
import SQLiteEngine
import Testing

/// One builder form, its rendered SQL and bindings, and what they must be.
struct RenderCase: Sendable, CustomTestStringConvertible {
    let label: String
    let sql: String
    let bindings: [SQLiteValue]
    let expectedSQL: String
    let expectedBindings: [SQLiteValue]

    init(_ label: String, _ built: any Expressible, _ expectedSQL: String, _ expectedBindings: [SQLiteValue] = []) {
        self.label = label
        let rendered = built.expression
        sql = rendered.template
        bindings = rendered.bindings
        self.expectedSQL = expectedSQL
        self.expectedBindings = expectedBindings
    }

    var testDescription: String { label }
}

extension RenderCase {
    static let all: [RenderCase] = {
        typealias S = Schema
        let users = S.users, posts = S.posts
        let id = S.id, name = S.name, email = S.email, age = S.age, balance = S.balance, active = S.active
        let userId = S.userId, title = S.title
        return [
            // SELECT
            RenderCase("table", users, #"SELECT * FROM "users""#),
            RenderCase("select columns", users.select(id, name), #"SELECT "id", "name" FROM "users""#),
            RenderCase("select star", users.select(*), #"SELECT * FROM "users""#),
            RenderCase("select distinct", users.select(distinct: name), #"SELECT DISTINCT "name" FROM "users""#),
            RenderCase("select namespaced star", users.select(users[*]), #"SELECT "users".* FROM "users""#),
            RenderCase("table in a schema", Table("ACCOUNTLIST_V1", database: "import"),
                       #"SELECT * FROM "import"."ACCOUNTLIST_V1""#),
            RenderCase("alias", users.alias("u").select(users.alias("u")[id]), #"SELECT "u"."id" FROM "users" AS "u""#),
            RenderCase("quoted identifier", users.select(SQLExpression<String>("we\"ird")),
                       #"SELECT "we""ird" FROM "users""#),
            // WHERE and comparison operators
            RenderCase("==", users.filter(id == 1), #"SELECT * FROM "users" WHERE ("id" = ?)"#, [.integer(1)]),
            RenderCase("!=", users.filter(name != "x"), #"SELECT * FROM "users" WHERE ("name" != ?)"#, [.text("x")]),
            RenderCase("== nil", users.where(email == nil), #"SELECT * FROM "users" WHERE ("email" IS NULL)"#),
            RenderCase("!= nil", users.filter(email != nil), #"SELECT * FROM "users" WHERE ("email" IS NOT NULL)"#),
            RenderCase("optional == value", users.filter(email == "a@b"), #"SELECT * FROM "users" WHERE ("email" = ?)"#,
                       [.text("a@b")]),
            RenderCase("<", users.filter(age < 18), #"SELECT * FROM "users" WHERE ("age" < ?)"#, [.integer(18)]),
            RenderCase("<=", users.filter(age <= 18), #"SELECT * FROM "users" WHERE ("age" <= ?)"#, [.integer(18)]),
            RenderCase(">", users.filter(age > 18), #"SELECT * FROM "users" WHERE ("age" > ?)"#, [.integer(18)]),
            RenderCase(">=", users.filter(age >= 18), #"SELECT * FROM "users" WHERE ("age" >= ?)"#, [.integer(18)]),
            RenderCase("two filters AND", users.filter(id == 1).filter(name != "x"),
                       #"SELECT * FROM "users" WHERE (("id" = ?) AND ("name" != ?))"#, [.integer(1), .text("x")]),
            RenderCase("&&", users.filter(active && age > 18),
                       #"SELECT * FROM "users" WHERE ("active" AND ("age" > ?))"#, [.integer(18)]),
            RenderCase("||", users.filter(id == 1 || id == 2),
                       #"SELECT * FROM "users" WHERE (("id" = ?) OR ("id" = ?))"#, [.integer(1), .integer(2)]),
            RenderCase("!", users.filter(!active), #"SELECT * FROM "users" WHERE NOT "active""#),
            RenderCase("column == column", posts.filter(userId == id), #"SELECT * FROM "posts" WHERE ("user_id" = "id")"#),
            // Arithmetic and text
            RenderCase("+", users.select(id + 1), #"SELECT ("id" + ?) FROM "users""#, [.integer(1)]),
            RenderCase("-", users.select(id - 1), #"SELECT ("id" - ?) FROM "users""#, [.integer(1)]),
            RenderCase("*", users.select(id * 2), #"SELECT ("id" * ?) FROM "users""#, [.integer(2)]),
            RenderCase("/", users.select(id / 2), #"SELECT ("id" / ?) FROM "users""#, [.integer(2)]),
            RenderCase("%", users.select(id % 2), #"SELECT ("id" % ?) FROM "users""#, [.integer(2)]),
            RenderCase("negate", users.select(-id), #"SELECT -("id") FROM "users""#),
            RenderCase("optional +", users.select(age + 1), #"SELECT ("age" + ?) FROM "users""#, [.integer(1)]),
            RenderCase("string +", users.select(name + "!"), #"SELECT ("name" || ?) FROM "users""#, [.text("!")]),
            RenderCase("like", users.filter(name.like("A%")), #"SELECT * FROM "users" WHERE ("name" LIKE ?)"#,
                       [.text("A%")]),
            RenderCase("like escape", users.filter(name.like("50\\%", escape: "\\")),
                       #"SELECT * FROM "users" WHERE ("name" LIKE ? ESCAPE ?)"#, [.text("50\\%"), .text("\\")]),
            RenderCase("glob", users.filter(name.glob("A*")), #"SELECT * FROM "users" WHERE ("name" GLOB ?)"#,
                       [.text("A*")]),
            RenderCase("in", users.filter([1, 2, 3].contains(id)),
                       #"SELECT * FROM "users" WHERE ("id" IN (?, ?, ?))"#, [.integer(1), .integer(2), .integer(3)]),
            RenderCase("between", users.filter((1...5).contains(id)),
                       #"SELECT * FROM "users" WHERE ("id" BETWEEN ? AND ?)"#, [.integer(1), .integer(5)]),
            RenderCase("between method", users.filter(age.between(1, 5)),
                       #"SELECT * FROM "users" WHERE ("age" BETWEEN ? AND ?)"#, [.integer(1), .integer(5)]),
            RenderCase("half-open range", users.filter((1..<5).contains(id)),
                       #"SELECT * FROM "users" WHERE (("id" >= ?) AND ("id" < ?))"#, [.integer(1), .integer(5)]),
            RenderCase("isNull", users.filter(email.isNull), #"SELECT * FROM "users" WHERE ("email" IS NULL)"#),
            RenderCase("isNotNull", users.filter(email.isNotNull), #"SELECT * FROM "users" WHERE ("email" IS NOT NULL)"#),
            RenderCase("??", users.select(email ?? "none"), #"SELECT ifnull("email", ?) FROM "users""#, [.text("none")]),
            RenderCase("coalesce", users.select(coalesce(email, SQLExpression<String?>("alt"))),
                       #"SELECT coalesce("email", "alt") FROM "users""#),
            RenderCase("lowercase", users.select(name.lowercaseString), #"SELECT lower("name") FROM "users""#),
            RenderCase("uppercase", users.select(email.uppercaseString), #"SELECT upper("email") FROM "users""#),
            RenderCase("cast", users.select(cast(id) as SQLExpression<String>), #"SELECT CAST("id" AS TEXT) FROM "users""#),
            RenderCase("cast to money", users.select(cast(age) as SQLExpression<Decimal?>),
                       #"SELECT CAST("age" AS NUMERIC) FROM "users""#),
            RenderCase("collate", users.filter(name.collate(.nocase) == "alice"),
                       #"SELECT * FROM "users" WHERE (("name" COLLATE "NOCASE") = ?)"#, [.text("alice")]),
            RenderCase("custom collation", users.order(name.collate(.custom("UNICODE_NOCASE"))),
                       #"SELECT * FROM "users" ORDER BY ("name" COLLATE "UNICODE_NOCASE")"#),
            // Aggregates
            RenderCase("count", users.count, #"SELECT count(*) FROM "users""#),
            RenderCase("count(*)", users.select(count(*)), #"SELECT count(*) FROM "users""#),
            RenderCase("count of column", users.select(email.count), #"SELECT count("email") FROM "users""#),
            RenderCase("count distinct", users.select(name.distinct.count), #"SELECT count(DISTINCT "name") FROM "users""#),
            RenderCase("sum", users.select(balance.sum), #"SELECT sum("balance") FROM "users""#),
            RenderCase("total", users.select(balance.total), #"SELECT total("balance") FROM "users""#),
            RenderCase("max", users.select(age.max), #"SELECT max("age") FROM "users""#),
            RenderCase("min", users.select(age.min), #"SELECT min("age") FROM "users""#),
            RenderCase("average", users.select(age.average), #"SELECT avg("age") FROM "users""#),
            RenderCase("filtered count", users.filter(active).count, #"SELECT count(*) FROM "users" WHERE "active""#),
            // Joins, grouping, ordering, limits, compounds, subqueries
            RenderCase("inner join", users.join(posts, on: posts[userId] == users[id]),
                       #"SELECT * FROM "users" INNER JOIN "posts" ON ("posts"."user_id" = "users"."id")"#),
            RenderCase("left outer join", users.join(.leftOuter, posts, on: posts[userId] == users[id]),
                       #"SELECT * FROM "users" LEFT OUTER JOIN "posts" ON ("posts"."user_id" = "users"."id")"#),
            RenderCase("cross join", users.join(.cross, posts), #"SELECT * FROM "users" CROSS JOIN "posts""#),
            RenderCase("join a filtered query", users.join(posts.filter(title != "x"), on: posts[userId] == users[id]),
                       #"SELECT * FROM "users" INNER JOIN (SELECT * FROM "posts" WHERE ("title" != ?)) AS "posts" ON ("posts"."user_id" = "users"."id")"#,
                       [.text("x")]),
            RenderCase("group having", users.select(age, count(*)).group(age, having: count(*) > 1),
                       #"SELECT "age", count(*) FROM "users" GROUP BY "age" HAVING (count(*) > ?)"#, [.integer(1)]),
            RenderCase("order", users.order(name.asc, id.desc), #"SELECT * FROM "users" ORDER BY "name" ASC, "id" DESC"#),
            RenderCase("order nulls", users.order(age.descNullsLast, email.ascNullsFirst),
                       #"SELECT * FROM "users" ORDER BY "age" DESC NULLS LAST, "email" ASC NULLS FIRST"#),
            RenderCase("limit", users.limit(5), #"SELECT * FROM "users" LIMIT ?"#, [.integer(5)]),
            RenderCase("limit offset", users.limit(5, offset: 10), #"SELECT * FROM "users" LIMIT ? OFFSET ?"#,
                       [.integer(5), .integer(10)]),
            RenderCase("union", users.select(name).union(posts.select(title)),
                       #"SELECT "name" FROM "users" UNION SELECT "title" FROM "posts""#),
            RenderCase("union all, ordered", users.select(name).union(posts.select(title), all: true).order(name),
                       #"SELECT "name" FROM "users" UNION ALL SELECT "title" FROM "posts" ORDER BY "name""#),
            RenderCase("exists", users.filter(exists(posts.filter(posts[userId] == users[id]))),
                       #"SELECT * FROM "users" WHERE (EXISTS (SELECT * FROM "posts" WHERE ("posts"."user_id" = "users"."id")))"#),
            RenderCase("in subquery", users.filter(posts.select(userId).contains(id)),
                       #"SELECT * FROM "users" WHERE ("id" IN (SELECT "user_id" FROM "posts"))"#),
            RenderCase("exists query", posts.filter(userId == 3).exists,
                       #"SELECT (EXISTS (SELECT * FROM "posts" WHERE ("user_id" = ?)))"#, [.integer(3)]),
            // Writes
            RenderCase("insert", users.insert(name <- "a", email <- nil),
                       #"INSERT INTO "users" ("name", "email") VALUES (?, ?)"#, [.text("a"), .null]),
            RenderCase("insert or replace", users.insert(or: .replace, id <- 1, name <- "a"),
                       #"INSERT OR REPLACE INTO "users" ("id", "name") VALUES (?, ?)"#, [.integer(1), .text("a")]),
            RenderCase("insert or ignore", users.insert(or: .ignore, id <- 1),
                       #"INSERT OR IGNORE INTO "users" ("id") VALUES (?)"#, [.integer(1)]),
            RenderCase("insert default values", users.insert(), #"INSERT INTO "users" DEFAULT VALUES"#),
            RenderCase("insert expression value", users.insert(name <- "x", age <- SQLExpression<Int>(literal: "2") * 3),
                       #"INSERT INTO "users" ("name", "age") VALUES (?, (2 * ?))"#, [.text("x"), .integer(3)]),
            RenderCase("insert select", Table("archive").insert(users.filter(active)),
                       #"INSERT INTO "archive" SELECT * FROM "users" WHERE "active""#),
            RenderCase("insertMany", users.insertMany([[name <- "a"], [name <- "b"]]),
                       #"INSERT INTO "users" ("name") VALUES (?), (?)"#, [.text("a"), .text("b")]),
            RenderCase("upsert", users.upsert(id <- 1, name <- "a", onConflictOf: id),
                       #"INSERT INTO "users" ("id", "name") VALUES (?, ?) ON CONFLICT ("id") DO UPDATE SET "name" = "excluded"."name""#,
                       [.integer(1), .text("a")]),
            RenderCase("upsert with set", users.upsert([id <- 1, age <- 5], onConflictOf: id, set: [age += 1]),
                       #"INSERT INTO "users" ("id", "age") VALUES (?, ?) ON CONFLICT ("id") DO UPDATE SET "age" = ("age" + ?)"#,
                       [.integer(1), .integer(5), .integer(1)]),
            RenderCase("update", users.filter(id == 1).update(name <- "b", age += 1),
                       #"UPDATE "users" SET "name" = ?, "age" = ("age" + ?) WHERE ("id" = ?)"#,
                       [.text("b"), .integer(1), .integer(1)]),
            RenderCase("compound setters", users.update(age -= 1, age *= 2, age /= 3, age %= 4, name += "!"),
                       #"UPDATE "users" SET "age" = ("age" - ?), "age" = ("age" * ?), "age" = ("age" / ?), "age" = ("age" % ?), "name" = ("name" || ?)"#,
                       [.integer(1), .integer(2), .integer(3), .integer(4), .text("!")]),
            RenderCase("update all rows", users.update(active <- true), #"UPDATE "users" SET "active" = ?"#, [.integer(1)]),
            RenderCase("delete", users.filter(id == 1).delete(), #"DELETE FROM "users" WHERE ("id" = ?)"#, [.integer(1)]),
            RenderCase("delete all rows", users.delete(), #"DELETE FROM "users""#),
            // Values stay out of the SQL text
            RenderCase("injection attempt is bound", users.filter(name == "'; DROP TABLE users; --"),
                       #"SELECT * FROM "users" WHERE ("name" = ?)"#, [.text("'; DROP TABLE users; --")]),
        ]
    }()
}

@Suite("Generated SQL for each builder form")
struct SQLRenderingTests {
    @Test("renders the expected SQL and bindings", arguments: RenderCase.all)
    func rendersExpectedSQL(_ item: RenderCase) {
        #expect(item.sql == item.expectedSQL)
        #expect(item.bindings == item.expectedBindings)
    }

    @Test("every generated statement compiles in SQLite", arguments: RenderCase.all)
    func generatedSQLCompiles(_ item: RenderCase) throws {
        let db = try Schema.database()
        try db.execute("CREATE TABLE archive AS SELECT * FROM users WHERE 0; CREATE TABLE alt(x)")
        try db.attach(.inMemory, as: "import")
        try db.execute("CREATE TABLE import.ACCOUNTLIST_V1(x)")
        try db.createCollation("UNICODE_NOCASE") { $0.lowercased().compare($1.lowercased()) }
        let statement = try db.engine.prepare(item.sql)
        #expect(statement.parameterCount == Int32(item.bindings.count))
    }

    @Test("asSQL writes values in as literals for logging only")
    func asSQLShowsLiterals() {
        let query = Schema.users.filter(Schema.name == "O'Brien" && Schema.age > 3)
        #expect(query.asSQL() == #"SELECT * FROM "users" WHERE (("name" = 'O''Brien') AND ("age" > 3))"#)
    }
}
