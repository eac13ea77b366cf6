// GRDB 7 documentation examples: column closures (`Player.filter { $0.name == "Arthur" }`), the queue's
// `inTransaction`, and `fetchSet(db, sql:)` on values. Each example is written as GRDB's DocC writes it; only the
// import differs. The SQL a request ran is read back from SQLite's `sqlite_stmt` table: the driver keeps the
// statements of its fetches prepared in its statement cache, so the text of each is there after the fetch.
import ReaderWriterDriver
import Testing

/// A player whose columns are an `enum Columns: String, ColumnExpression`, the other way GRDB declares them
/// (`Player` in Models.swift has `static let` columns).
private struct RankedPlayer: Codable, FetchableRecord, TableRecord {
    static let databaseTableName = "player"

    var id: Int64
    var name: String
    var score: Int

    enum Columns: String, ColumnExpression {
        case id, name, score
    }
}

/// A record that declares no columns: its column closures receive `Never.Type`.
private struct Anonymous: TableRecord {}

/// The SQL of every statement the connection holds prepared, less the query that lists them.
private func preparedSQL(_ db: Database) throws -> Set<String> {
    try String.fetchSet(db, sql: "SELECT sql FROM sqlite_stmt WHERE sql NOT LIKE '%sqlite_stmt%'")
}

@Suite("GRDB 7 documentation examples: column closures, dbQueue.inTransaction, fetchSet(db, sql:)")
struct DocumentationExampleSnippets {
    // MARK: Column closures on the record type

    @Test("Player.filter { $0.name == name } selects with WHERE on the Columns member")
    func filterClosure() throws {
        let dbQueue = try makeFilledLibrary()
        let (players, sql) = try dbQueue.read { db in
            let name = "Arthur"
            let players = try Player.filter { $0.name == name }.fetchAll(db)
            return (players, try preparedSQL(db))
        }
        #expect(players.map(\.name) == ["Arthur"])
        #expect(sql.contains(#"SELECT * FROM "player" WHERE ("name" = ?)"#))
    }

    @Test("Player.order { $0.score.desc } sorts by the column, descending")
    func orderClosure() throws {
        let dbQueue = try makeFilledLibrary()
        let (players, sql) = try dbQueue.read { db in
            let players = try Player.order { $0.score.desc }.fetchAll(db)
            return (players, try preparedSQL(db))
        }
        #expect(players.map(\.name) == ["Craig", "Barbara", "Arthur"])
        #expect(sql.contains(#"SELECT * FROM "player" ORDER BY "score" DESC"#))
    }

    @Test("Player.order { [$0.score.desc, $0.name] } sorts by several terms")
    func orderClosureArray() throws {
        let dbQueue = try makeFilledLibrary()
        let names = try dbQueue.write { db in
            var twin = Player(id: nil, name: "Aaron", score: 1000)
            try twin.insert(db)
            return try Player.order { [$0.score.desc, $0.name] }.fetchAll(db).map(\.name)
        }
        #expect(names == ["Craig", "Aaron", "Barbara", "Arthur"])
    }

    @Test("Player.select { $0.name } replaces * with the column, still a request of Player")
    func selectClosure() throws {
        let dbQueue = try makeFilledLibrary()
        let (rows, sql) = try dbQueue.read { db in
            let request: QueryInterfaceRequest<Player> = Player.select { $0.name }
            let rows = try request.asRequest(of: Row.self).fetchAll(db)
            return (rows, try preparedSQL(db))
        }
        #expect(rows.map { $0.columnNames } == [["name"], ["name"], ["name"]])
        #expect(sql.contains(#"SELECT "name" FROM "player""#))
    }

    @Test("Player.select { [$0.id, $0.name] } selects several columns")
    func selectClosureArray() throws {
        let dbQueue = try makeFilledLibrary()
        let (rows, sql) = try dbQueue.read { db in
            let rows = try Player.select { [$0.id, $0.name] }.asRequest(of: Row.self).fetchAll(db)
            return (rows, try preparedSQL(db))
        }
        #expect(rows.map { row -> String in row["name"] } == ["Arthur", "Barbara", "Craig"])
        #expect(rows.map { row -> Int64 in row["id"] } == [1, 2, 3])
        #expect(sql.contains(#"SELECT "id", "name" FROM "player""#))
    }

    @Test("Player.select({ $0.name }, as: String.self) fetches values, and an aggregate fetches one")
    func selectClosureAs() throws {
        let dbQueue = try makeFilledLibrary()
        let (names, maxScore) = try dbQueue.read { db in
            // SELECT name FROM player
            let names = try Player.select({ $0.name }, as: String.self).fetchSet(db)  // Set<String>
            // SELECT MAX(score) FROM player
            let maxScore = try Player.select({ max($0.score) }, as: Int.self).fetchOne(db)  // Int?
            return (names, maxScore)
        }
        #expect(names == ["Arthur", "Barbara", "Craig"])
        #expect(maxScore == 2000)
    }

    @Test("key paths stand for the closures: Player.order(\\.score.desc), Player.select(\\.name, as: String.self)")
    func keyPathForms() throws {
        let dbQueue = try makeFilledLibrary()
        let (names, selected) = try dbQueue.read { db in
            let names = try Player.order(\.score.desc).fetchAll(db).map(\.name)
            let selected = try Player.select(\.name, as: String.self).fetchAll(db)
            return (names, selected)
        }
        #expect(names == ["Craig", "Barbara", "Arthur"])
        #expect(selected.sorted() == ["Arthur", "Barbara", "Craig"])
    }

    @Test("Player.databaseComponents is Player.Columns.self: its members are the columns the closures see")
    func databaseComponents() throws {
        #expect(Player.databaseComponents.score.name == "score")
        #expect(RankedPlayer.databaseComponents.name.name == "name")
        #expect(Anonymous.databaseComponents == Never.self)
        let dbQueue = try makeFilledLibrary()
        let count = try dbQueue.read { db in
            try Player.filter(Player.databaseComponents.score > 500).fetchCount(db)
        }
        #expect(count == 2)
    }

    // MARK: Column closures on a request

    @Test("Player.all().filter { ... }.order { ... } refines a request with closures")
    func requestClosures() throws {
        let dbQueue = try makeFilledLibrary()
        let (players, count, sql) = try dbQueue.read { db in
            let players = try Player.all()
                .filter { $0.score >= 1000 }
                .order { $0.name.desc }
                .fetchAll(db)
            let count = try Player.all().filter { $0.name != "Arthur" }.fetchCount(db)
            return (players, count, try preparedSQL(db))
        }
        #expect(players.map(\.name) == ["Craig", "Barbara"])
        #expect(count == 2)
        #expect(sql.contains(#"SELECT * FROM "player" WHERE ("score" >= ?) ORDER BY "name" DESC"#))
    }

    @Test("a request's order { } replaces its earlier order, as GRDB's does")
    func requestOrderReplaces() throws {
        let dbQueue = try makeFilledLibrary()
        let names = try dbQueue.read { db in
            try Player.all()
                .order { $0.score.desc }
                .order { [$0.name] }
                .fetchAll(db)
                .map(\.name)
        }
        #expect(names == ["Arthur", "Barbara", "Craig"])
    }

    @Test("a request's select { } and select(_:as:) take closures")
    func requestSelectClosures() throws {
        let dbQueue = try makeFilledLibrary()
        let (ids, rows) = try dbQueue.read { db in
            let ids = try Player.all().filter { $0.score > 500 }.select({ $0.id }, as: Int64.self).fetchAll(db)
            let rows = try Player.all().select { [$0.name, $0.score] }.asRequest(of: Row.self).fetchAll(db)
            return (ids, rows)
        }
        #expect(ids == [2, 3])
        #expect(rows.first?.columnNames == ["name", "score"])
    }

    @Test("a request's group { } and having { } take closures")
    func groupAndHavingClosures() throws {
        let dbQueue = try makeFilledLibrary()
        let counts = try dbQueue.read { db in
            // SELECT COUNT(id) FROM player GROUP BY score >= 1000 HAVING COUNT(id) > 1
            let request = Player
                .select { [count($0.id)] }
                .group { $0.score >= 1000 }
                .having { count($0.id) > 1 }
            return try request.asRequest(of: Int.self).fetchAll(db)
        }
        #expect(counts == [2])
    }

    @Test("enum Columns: String, ColumnExpression works in the closures: $0.name is the case")
    func stringEnumColumns() throws {
        let dbQueue = try makeFilledLibrary()
        let (arthur, ordered, names) = try dbQueue.read { db in
            let arthur = try RankedPlayer.filter { $0.name == "Arthur" }.fetchOne(db)
            let ordered = try RankedPlayer.all().filter { $0.score < 2000 }.order { $0.score.desc }.fetchAll(db)
            let names = try RankedPlayer.select({ $0.name }, as: String.self).fetchAll(db)
            return (arthur, ordered, names)
        }
        #expect(arthur?.id == 1)
        #expect(ordered.map(\.name) == ["Barbara", "Arthur"])
        #expect(names.sorted() == ["Arthur", "Barbara", "Craig"])
    }

    // MARK: dbQueue.inTransaction

    @Test("dbQueue.inTransaction { db in ...; return .commit } commits")
    func inTransactionCommits() throws {
        let dbQueue = try makeFilledLibrary()
        try dbQueue.inTransaction { db in
            var player = Player(id: nil, name: "Dana", score: 10)
            try player.insert(db)
            return .commit
        }
        #expect(try dbQueue.read { db in try Player.fetchCount(db) } == 4)
    }

    @Test("dbQueue.inTransaction returning .rollback undoes the changes without an error")
    func inTransactionRollsBack() throws {
        let dbQueue = try makeFilledLibrary()
        try dbQueue.inTransaction { db in
            try Player.deleteAll(db)
            return .rollback
        }
        #expect(try dbQueue.read { db in try Player.fetchCount(db) } == 3)
    }

    @Test("dbQueue.inTransaction rolls back and rethrows what its closure throws")
    func inTransactionRethrows() throws {
        struct Abort: Error {}
        let dbQueue = try makeFilledLibrary()
        #expect(throws: Abort.self) {
            try dbQueue.inTransaction { db in
                try Player.deleteAll(db)
                throw Abort()
            }
        }
        #expect(try dbQueue.read { db in try Player.fetchCount(db) } == 3)
    }

    @Test("dbQueue.inTransaction(.exclusive) takes a transaction kind, and leaves no transaction open")
    func inTransactionKind() throws {
        let dbQueue = try makeFilledLibrary()
        try dbQueue.inTransaction(.exclusive) { db in
            try Player.filter { $0.name == "Arthur" }.updateAll(db, Column("score").set(to: 0))
            return .commit
        }
        let score = try dbQueue.read { db in try Player.filter { $0.name == "Arthur" }.fetchOne(db)?.score }
        #expect(score == 0)
        // The transaction is over: a write runs normally afterwards.
        try dbQueue.write { db in _ = try Player.deleteAll(db) }
        #expect(try dbQueue.read { db in try Player.fetchCount(db) } == 0)
    }

    // MARK: fetchSet(db, sql:) and the other value fetches with sql: and arguments:

    @Test("String.fetchSet(db, sql:) gives the distinct values of the first column")
    func fetchSetValues() throws {
        let dbQueue = try makeFilledLibrary()
        let (titles, scores) = try dbQueue.read { db in
            let titles = try String.fetchSet(db, sql: "SELECT title FROM book UNION ALL SELECT title FROM book")
            let scores = try Int.fetchSet(db, sql: "SELECT score FROM player WHERE name <> ?", arguments: ["Arthur"])
            return (titles, scores)
        }
        #expect(titles == ["The Hobbit", "The Silmarillion", "Emma", "Anonymous"])
        #expect(scores == [1000, 2000])
    }

    @Test("Int64?.fetchSet keeps NULL as nil; a non-optional fetchSet throws on NULL")
    func fetchSetNull() throws {
        let dbQueue = try makeFilledLibrary()
        let authorIds = try dbQueue.read { db in try Int64?.fetchSet(db, sql: "SELECT authorId FROM book") }
        #expect(authorIds == [1, 2, nil])
        #expect(throws: DatabaseError.self) {
            try dbQueue.read { db in try Int64.fetchSet(db, sql: "SELECT authorId FROM book") }
        }
    }

    @Test("Int.fetchSet(statement, arguments:) reads a compiled statement")
    func fetchSetStatement() throws {
        let dbQueue = try makeFilledLibrary()
        let scores = try dbQueue.read { db in
            let name = "Craig"
            let statement = try db.makeStatement(sql: "SELECT score FROM player WHERE name <> ?")
            return try Int.fetchSet(statement, arguments: [name])
        }
        #expect(scores == [100, 1000])
    }

    @Test("fetchAll, fetchOne and fetchCursor on values take sql: and arguments:")
    func valueFetches() throws {
        let dbQueue = try makeFilledLibrary()
        let (names, score, cursorNames) = try dbQueue.read { db in
            let names = try String.fetchAll(db, sql: "SELECT name FROM player WHERE score >= ? ORDER BY name", arguments: [1000])
            let score = try Int.fetchOne(db, sql: "SELECT score FROM player WHERE name = ?", arguments: ["Barbara"])
            let cursor = try String.fetchCursor(db, sql: "SELECT name FROM player WHERE score < ?", arguments: [2000])
            var cursorNames: [String] = []
            while let name = try cursor.next() {
                cursorNames.append(name)
            }
            return (names, score, cursorNames)
        }
        #expect(names == ["Barbara", "Craig"])
        #expect(score == 1000)
        #expect(cursorNames == ["Arthur", "Barbara"])
    }
}
