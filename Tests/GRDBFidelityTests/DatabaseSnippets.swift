// Everyday SQL, cursors, transactions, migrations, configuration, associations and pools, written as GRDB's
// documentation shows them.
import Foundation
import ReaderWriterDriver

enum DatabaseSnippets {
    static func executeAndFetchRows() throws -> [String] {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE place (
                  id INTEGER PRIMARY KEY AUTOINCREMENT,
                  title TEXT NOT NULL,
                  favorite BOOLEAN NOT NULL DEFAULT 0)
                """)
            try db.execute(sql: "INSERT INTO place (title, favorite) VALUES (?, ?)", arguments: ["Paris", true])
            try db.execute(sql: "INSERT INTO place (title) VALUES (:title)", arguments: ["title": "London"])
        }
        return try dbQueue.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM place ORDER BY id")
            return rows.map { row in
                let title: String = row["title"]
                let favorite: Bool = row["favorite"]
                return favorite ? title + "*" : title
            }
        }
    }

    static func rowCursorLoop() throws -> Int {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            var total = 0
            let rows = try Row.fetchCursor(db, sql: "SELECT id, score FROM player")
            while let row = try rows.next() {
                let score: Int = row["score"]
                total += score
            }
            return total
        }
    }

    static func rowByIndexAndColumn() throws -> (Int64, String) {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            let row = try Row.fetchOne(db, sql: "SELECT id, name FROM player WHERE id = ?", arguments: [1])
            guard let row else { return (0, "") }
            return (row[0], row[Column("name")])
        }
    }

    static func fetchValues() throws -> (Int?, [String]) {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
            let names = try String.fetchAll(db, sql: "SELECT name FROM player WHERE score > ? ORDER BY name", arguments: [500])
            return (count, names)
        }
    }

    static func decodeThrowsForBadValue() throws -> Bool {
        let dbQueue = try DatabaseQueue()
        return try dbQueue.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT 'yesterday' AS day") else { return false }
            do {
                _ = try row.decode(Date.self, forColumn: "day")
                return false
            } catch {
                return true
            }
        }
    }

    static func arrayFromCursor() throws -> [Player] {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            try Array(Player.fetchCursor(db))
        }
    }

    static func lazyCursorAdapters() throws -> [String] {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            let names = try Player.fetchCursor(db)
                .filter { $0.score > 100 }
                .map { $0.name.uppercased() }
                .compactMap { $0.first.map(String.init) }
            return try Array(names)
        }
    }

    static func executeLiteral() throws -> Int? {
        let dbQueue = try makeFilledLibrary()
        let name = "O'Brien"
        let score = 42
        return try dbQueue.write { db in
            try db.execute(literal: "INSERT INTO player (name, score) VALUES (\(name), \(score))")
            return try Int.fetchOne(db, literal: "SELECT score FROM player WHERE name = \(name)")
        }
    }

    static func sqlRequest() throws -> [Player] {
        let dbQueue = try makeFilledLibrary()
        let minimum = 1000
        return try dbQueue.read { db in
            let request: SQLRequest<Player> = "SELECT * FROM \(Player.self) WHERE \(Column("score")) >= \(minimum) ORDER BY id"
            return try request.fetchAll(db)
        }
    }

    static func sqlRequestWithArguments() throws -> Player? {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            try SQLRequest<Player>(sql: "SELECT * FROM player WHERE name = ?", arguments: ["Craig"]).fetchOne(db)
        }
    }

    static func filterLiteral() throws -> [String] {
        let dbQueue = try makeFilledLibrary()
        let prefix = "B"
        return try dbQueue.read { db in
            try Player.filter(literal: "name LIKE \(prefix + "%")").fetchAll(db).map(\.name)
        }
    }

    static func writeRollsBackOnError() throws -> Int {
        struct Abort: Error {}
        let dbQueue = try makeFilledLibrary()
        do {
            try dbQueue.write { db in
                try Player.deleteAll(db)
                throw Abort()
            }
        } catch is Abort {}
        return try dbQueue.read { db in try Player.fetchCount(db) }
    }

    static func explicitTransaction() throws -> Int {
        let dbQueue = try makeFilledLibrary()
        try dbQueue.writeWithoutTransaction { db in
            try db.inTransaction {
                try Player.deleteAll(db)
                return .rollback
            }
            try db.inTransaction {
                var player = Player(id: nil, name: "Eve", score: 1)
                try player.insert(db)
                return .commit
            }
        }
        return try dbQueue.read { db in try Player.fetchCount(db) }
    }

    static func savepoint() throws -> [String] {
        let dbQueue = try makeLibrary()
        try dbQueue.write { db in
            var kept = Player(id: nil, name: "Kept", score: 1)
            try kept.insert(db)
            try db.inSavepoint {
                var dropped = Player(id: nil, name: "Dropped", score: 2)
                try dropped.insert(db)
                return .rollback
            }
        }
        return try dbQueue.read { db in try Player.fetchAll(db).map(\.name) }
    }

    static func migrationsWithAlter() throws -> [String] {
        let dbQueue = try DatabaseQueue()
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createPlayer") { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().collate(.nocase)
            }
        }
        migrator.registerMigration("addEmail") { db in
            try db.alter(table: "player") { t in
                t.add(column: "email", .text)
            }
            try db.create(index: "player_on_email", on: "player", columns: ["email"], options: [.unique])
        }
        try migrator.migrate(dbQueue)
        return try dbQueue.read { db in
            try db.columns(in: "player").map(\.name)
        }
    }

    static func prepareDatabaseRunsOnEveryConnection() throws -> Int? {
        var config = Configuration()
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -4000")
        }
        let dbQueue = try DatabaseQueue(configuration: config)
        return try dbQueue.read { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") }
    }

    static func busyTimeoutConfiguration() throws -> Bool {
        var config = Configuration()
        config.busyMode = .timeout(5)
        config.label = "snippets"
        let dbQueue = try DatabaseQueue(configuration: config)
        return try dbQueue.read { db in db.configuration.label == "snippets" }
    }

    static func foreignKeysAreEnforced() throws -> (deletedBooks: Int, rejected: Bool) {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.write { db in
            _ = try Author.deleteOne(db, key: 1)  // cascades to Tolkien's books
            let remaining = try Book.fetchCount(db)
            var stray = Book(id: nil, authorId: 999, title: "Stray")
            let rejected: Bool
            do {
                try stray.insert(db)
                rejected = false
            } catch let error as DatabaseError {
                rejected = error.resultCode == .SQLITE_CONSTRAINT
            }
            return (4 - remaining, rejected)
        }
    }

    static func belongsToRequired() throws -> [String] {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            let infos = try Book
                .including(required: Book.author)
                .order(Column("title"))
                .asRequest(of: BookInfo.self)
                .fetchAll(db)
            return infos.map { "\($0.book.title) by \($0.author.name)" }
        }
    }

    static func belongsToOptional() throws -> [String] {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            try Book.including(optional: Book.author)
                .order(Column("title"))
                .asRequest(of: BookWithOptionalAuthor.self)
                .fetchAll(db)
                .map { "\($0.book.title): \($0.author?.name ?? "-")" }
        }
    }

    static func hasManyAll() throws -> [String: Int] {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            let infos = try Author.including(all: Author.books).asRequest(of: AuthorInfo.self).fetchAll(db)
            return Dictionary(uniqueKeysWithValues: infos.map { ($0.author.name, $0.books.count) })
        }
    }

    static func joiningRequiredFilters() throws -> [String] {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            try Author.joining(required: Author.books).distinct().order(Column("name")).fetchAll(db).map(\.name)
        }
    }

    static func poolReadsAndWrites(directory: URL) throws -> Int {
        let dbPool = try DatabasePool(path: directory.appendingPathComponent("db.sqlite").path)
        try dbPool.write { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("score", .integer).notNull()
            }
            try Player(id: nil, name: "Pool", score: 1).inserted(db).delete(db)
            var player = Player(id: nil, name: "Pool", score: 7)
            try player.insert(db)
        }
        defer { try? dbPool.close() }
        return try dbPool.read { db in try Player.fetchCount(db) }
    }

    static func asyncAccess() async throws -> [String] {
        let dbQueue = try makeFilledLibrary()
        try await dbQueue.write { db in
            var player = Player(id: nil, name: "Async", score: 5)
            try player.insert(db)
        }
        return try await dbQueue.read { db in
            try Player.order(Column("name")).fetchAll(db).map(\.name)
        }
    }

    static func readOnlyConfiguration(directory: URL) throws -> Bool {
        let path = directory.appendingPathComponent("ro.sqlite").path
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "CREATE TABLE t(a)") }
        var config = Configuration()
        config.readonly = true
        let dbQueue = try DatabaseQueue(path: path, configuration: config)
        do {
            try dbQueue.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
            return false
        } catch {
            return true
        }
    }

    static func observeValues() async throws -> [[String]] {
        let dbQueue = try makeLibrary()
        let observation = ValueObservation.tracking { db in
            try Player.order(Column("name")).fetchAll(db).map(\.name)
        }
        var seen: [[String]] = []
        for try await names in observation.values(in: dbQueue) {
            seen.append(names)
            if names.count == 2 { break }
            try await dbQueue.write { db in
                var player = Player(id: nil, name: names.isEmpty ? "Zoe" : "Adam", score: 0)
                try player.insert(db)
            }
        }
        return seen
    }

    static func encryptedDatabase(directory: URL) throws -> Int? {
        var config = Configuration()
        config.prepareDatabase { db in
            try db.usePassphrase("secret")
        }
        let path = directory.appendingPathComponent("encrypted.sqlite").path
        let dbQueue = try DatabaseQueue(path: path, configuration: config)
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t(a)")
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        }
        try dbQueue.close()
        let reopened = try DatabaseQueue(path: path, configuration: config)
        return try reopened.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM t") }
    }
}
