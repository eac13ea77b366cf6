import Foundation
@testable import ReaderWriterDriver
import SQLiteEngine
import Testing

@Suite("DatabaseQueue and DatabasePool agree")
struct EquivalenceTests {
    /// Runs one script of writes, savepoints, failures and reads, and returns everything it observed.
    private func runScript(_ db: any DatabaseWriter) throws -> [String] {
        struct Planned: Error {}
        var observed: [String] = []
        try db.write { db in
            try db.execute(sql: """
                CREATE TABLE account(id INTEGER PRIMARY KEY, name TEXT COLLATE NOCASE UNIQUE, balance NUMERIC, note);
                CREATE INDEX account_balance ON account(balance);
                """)
            let insert = try db.cachedStatement(sql: "INSERT INTO account(name, balance, note) VALUES (?, ?, ?)")
            try insert.execute(values: "Café", 0.1, Optional<String>.none)
            try insert.execute(values: "cash", 10, "x")
            try insert.execute(values: "Кошелёк", -3.5, Data([1, 2]))
            try insert.execute(values: "big", 1e15, "")
        }
        let unique = Result { try db.write { try $0.execute(sql: "INSERT INTO account(name) VALUES ('CAFÉ')") } }
        observed.append("\((try? unique.get()) != nil)")
        observed.append(String(describing: (try? db.write { db -> Int in
            try db.execute(sql: "INSERT INTO account(name) VALUES ('CASH')"); return 1
        }) ?? -1))
        try? db.write { db in
            try db.execute(sql: "UPDATE account SET balance = balance + 0.2")
            throw Planned()
        }
        try db.write { db in
            try db.execute(sql: "UPDATE account SET balance = balance + 0.2 WHERE name = 'café'")
            try db.inSavepoint {
                try db.execute(sql: "DELETE FROM account WHERE name = 'big'")
                return .rollback
            }
        }
        try db.read { db in
            for row in try Row.fetchAll(db, sql: "SELECT *, typeof(balance) FROM account ORDER BY name") {
                observed.append(row.databaseValues.map(\.description).joined(separator: "|"))
            }
            observed.append("\(try Double.fetchOne(db, sql: "SELECT total(balance) FROM account") ?? .nan)")
            observed.append("\(try Int64.fetchAll(db, sql: "SELECT id FROM account WHERE balance > ? ORDER BY id", arguments: [0]))")
        }
        return observed
    }

    @Test("the same script gives the same results on a queue and on a pool")
    func sameResults() throws {
        let scratch = Scratch()
        let queueResults = try runScript(try DatabaseQueue(path: scratch.path("queue.sqlite")))
        let poolResults = try runScript(try DatabasePool(path: scratch.path("pool.sqlite")))
        #expect(queueResults.count == 9)
        #expect(queueResults == poolResults)
    }
}
