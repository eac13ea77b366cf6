// Everyday record and query interface use, written as GRDB's documentation shows it.
import Foundation
import ReaderWriterDriver

enum RecordSnippets {
    static func insertTakesTheNewID() throws -> Int64? {
        let dbQueue = try makeLibrary()
        var player = Player(id: nil, name: "Arthur", score: 100)
        try dbQueue.write { db in
            try player.insert(db)
        }
        return player.id
    }

    static func fetchAllRecords() throws -> [Player] {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            try Player.fetchAll(db)
        }
    }

    static func fetchOneByID() throws -> Player? {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            try Player.fetchOne(db, id: 2)
        }
    }

    static func fetchOneByKey() throws -> Player? {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            try Player.fetchOne(db, key: 3)
        }
    }

    static func findThrowsWhenMissing() throws -> Bool {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            do {
                _ = try Player.find(db, id: 42)
                return false
            } catch RecordError.recordNotFound {
                return true
            }
        }
    }

    static func filterOrderLimit() throws -> [String] {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            let players = try Player
                .filter(Column("score") >= 1000)
                .order(Column("score").desc)
                .limit(10)
                .fetchAll(db)
            return players.map(\.name)
        }
    }

    static func filterWithColumnsEnum() throws -> Player? {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            try Player.filter(Player.Columns.name == "Barbara").fetchOne(db)
        }
    }

    static func fetchCount() throws -> Int {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            try Player.filter(Column("score") > 500).fetchCount(db)
        }
    }

    static func countTable() throws -> Int {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in try Player.fetchCount(db) }
    }

    static func selectValuesAsSet() throws -> Set<String> {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            try Player.select(Column("name"), as: String.self).fetchSet(db)
        }
    }

    static func fetchSetOfRecords() throws -> Int {
        let dbQueue = try makeFilledLibrary()
        let players: Set<Player> = try dbQueue.read { db in try Player.fetchSet(db) }
        return players.count
    }

    static func aggregate() throws -> Int? {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            try Player.select(max(Column("score")), as: Int.self).fetchOne(db)
        }
    }

    static func filterIn() throws -> [String] {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            try Player.filter([1, 3].contains(Column("id"))).order(Column("name")).fetchAll(db).map(\.name)
        }
    }

    static func filterLike() throws -> [String] {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            try Player.filter(Column("name").like("%ar%")).order(Column("name")).fetchAll(db).map(\.name)
        }
    }

    static func fetchByKeys() throws -> [Player] {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            try Player.fetchAll(db, keys: [1, 2])
        }
    }

    static func updateRecord() throws -> Int? {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.write { db in
            if var player = try Player.fetchOne(db, id: 1) {
                player.score = 150
                try player.update(db)
            }
            return try Player.fetchOne(db, id: 1)?.score
        }
    }

    static func saveInsertsThenUpdates() throws -> (count: Int, name: String?) {
        let dbQueue = try makeLibrary()
        return try dbQueue.write { db in
            var player = Player(id: nil, name: "Dana", score: 10)
            try player.save(db)
            player.name = "Diana"
            try player.save(db)
            return (try Player.fetchCount(db), try Player.fetchOne(db, id: player.id ?? -1)?.name)
        }
    }

    static func upsert() throws -> (count: Int, score: Int?) {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.write { db in
            var player = Player(id: 1, name: "Arthur", score: 999)
            try player.upsert(db)
            return (try Player.fetchCount(db), try Player.fetchOne(db, id: 1)?.score)
        }
    }

    static func deleteRecord() throws -> (deleted: Bool, remaining: Int) {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.write { db in
            let player = try Player.find(db, id: 1)
            let deleted = try player.delete(db)
            return (deleted, try Player.fetchCount(db))
        }
    }

    static func deleteAllFiltered() throws -> Int {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.write { db in
            try Player.filter(Column("score") < 1000).deleteAll(db)
        }
    }

    static func deleteOneByID() throws -> Bool {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.write { db in try Player.deleteOne(db, id: 2) }
    }

    static func updateAll() throws -> [Int] {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.write { db in
            try Player.filter(Column("score") > 500).updateAll(db, Column("score").set(to: 0))
            return try Player.order(Column("id")).fetchAll(db).map(\.score)
        }
    }

    static func exists() throws -> (Bool, Bool) {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.read { db in
            (try Player.exists(db, id: 1), try Player.exists(db, id: 99))
        }
    }

    static func insertOrIgnore() throws -> Int {
        let dbQueue = try makeFilledLibrary()
        return try dbQueue.write { db in
            var duplicate = Player(id: 1, name: "Again", score: 0)
            try duplicate.insert(db, onConflict: .ignore)
            return try Player.fetchCount(db)
        }
    }

    static func foundationValuesInARecord() throws -> Place? {
        let dbQueue = try makeLibrary()
        let place = Place(
            id: UUID(), title: "Louvre", visitedAt: Date(timeIntervalSince1970: 1_700_000_000),
            homepage: URL(string: "https://www.louvre.fr"), fee: Decimal(string: "17.50")!)
        try dbQueue.write { db in
            try place.insert(db)
        }
        return try dbQueue.read { db in
            try Place.filter(Place.Columns.title == "Louvre").fetchOne(db)
        }
    }

    static func storedDateText() throws -> String? {
        let dbQueue = try makeLibrary()
        try dbQueue.write { db in
            try Place(
                id: UUID(), title: "Orsay", visitedAt: Date(timeIntervalSince1970: 0), homepage: nil, fee: 16
            ).insert(db)
        }
        return try dbQueue.read { db in
            try String.fetchOne(db, sql: "SELECT visitedAt FROM place")
        }
    }
}
