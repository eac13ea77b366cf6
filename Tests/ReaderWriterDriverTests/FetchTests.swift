import Foundation
@testable import ReaderWriterDriver
import SQLiteEngine
import Testing

/// A record decoded by hand, by column index.
private struct Item: FetchableRecord, Equatable {
    var id: Int64
    var name: String
    var price: Double?
    init(id: Int64, name: String, price: Double?) { (self.id, self.name, self.price) = (id, name, price) }
    init(row: Row) throws {
        id = row[0]
        name = row[1]
        price = row[2]
    }
}

/// The same record decoded through Codable, by column name.
private struct CodableItem: FetchableRecord, Decodable, Equatable {
    enum Status: String, Decodable { case open = "O", closed = "C" }
    var id: Int64
    var name: String
    var price: Double?
    var status: Status
    var flag: Bool
    var small: Int16
}

@Suite("Statements, rows, values, records, cursors")
struct FetchTests {
    private func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db throws in
            try db.execute(sql: """
                CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT NOT NULL, price NUMERIC, status TEXT, flag, small);
                INSERT INTO item VALUES (1, 'Café', 0.1, 'O', 1, 7);
                INSERT INTO item VALUES (2, 'кириллица', NULL, 'C', 0, -3);
                INSERT INTO item VALUES (3, 'plain', 10, 'O', 1, 0);
                """)
        }
        return queue
    }

    @Test("rows read columns by index and by case-insensitive name")
    func rowsByIndexAndName() throws {
        let rows = try database().read { try Row.fetchAll($0, sql: "SELECT id, name AS Label, price FROM item ORDER BY id") }
        #expect(rows.count == 3)
        #expect(try rows[0][0] as Int64 == 1)
        #expect(try rows[0]["label"] as String == "Café")
        #expect(try rows[0]["LABEL"] as String == "Café")
        #expect(try rows[1]["price"] as Double? == nil)
        #expect(try rows[2][2] as Double == 10)
        #expect(rows[0].columnNames == ["id", "Label", "price"])
        #expect(try rows[1][2] as SQLiteValue == .null)
    }

    @Test("a cursor's live rows read by name give the right column whatever order the names come in, row after row")
    func liveRowsByNameInChangingOrder() throws {
        let queue = try database()
        let orders: [[String]] = [["id", "name", "price"], ["price", "ID", "name"], ["name", "name", "id", "missing"]]
        try queue.read { db throws in
            let cursor = try Row.fetchCursor(db, sql: "SELECT id, name, price FROM item ORDER BY id")
            var rowIndex = 0
            while let row = try cursor.next() {
                let copy = row.copy()
                for name in orders[rowIndex % orders.count] {
                    if name == "missing" {
                        let error = #expect(throws: DatabaseError.self) { try row.decode(SQLiteValue.self, forColumn: name) }
                        #expect(error?.kind == .columnNotFound)
                    } else {
                        let column = try #require(copy.index(ofColumn: name))
                        #expect(try row.decode(SQLiteValue.self, forColumn: name) == copy[column] as SQLiteValue, "row \(rowIndex), \(name)")
                    }
                }
                rowIndex += 1
            }
            #expect(rowIndex == 3)
        }
    }

    @Test("reading NULL as a non-optional throws valueConversion without the value in the message")
    func nullIntoNonOptionalThrows() throws {
        let queue = try database()
        let error = #expect(throws: DatabaseError.self) {
            try queue.read { db throws in
                let cursor = try Row.fetchCursor(db, sql: "SELECT price FROM item WHERE id = 2")
                while let row = try cursor.next() { _ = try row.decode(Double.self, atIndex: 0) }
            }
        }
        #expect(error?.kind == .valueConversion)
        #expect(error?.message.contains("NULL") == true)
        #expect(error?.sql == "SELECT price FROM item WHERE id = 2")
        let copied = #expect(throws: DatabaseError.self) {
            try queue.read { db in _ = try Row.fetchOne(db, sql: "SELECT price FROM item WHERE id = 2")?.decode(Double.self, atIndex: 0) as Any
                _ = try Row.fetchOne(db, sql: "SELECT price FROM item WHERE id = 2").map { try $0.decode(Double.self, atIndex: 0) } }
        }
        #expect(copied?.kind == .valueConversion)
        let values = #expect(throws: DatabaseError.self) {
            try queue.read { try Double.fetchAll($0, sql: "SELECT price FROM item ORDER BY id") }
        }
        #expect(values?.kind == .valueConversion)
    }

    @Test("a missing column name or index throws columnNotFound")
    func missingColumn() throws {
        let queue = try database()
        try queue.read { db throws in
            let row = try #require(try Row.fetchOne(db, sql: "SELECT id FROM item"))
            #expect(throws: DatabaseError.self) { try row.decode(Int64.self, forColumn: "nope") }
            let error = #expect(throws: DatabaseError.self) { try row.decode(Int64?.self, atIndex: 5) }
            #expect(error?.kind == .columnNotFound)
            let cursor = try Row.fetchCursor(db, sql: "SELECT id FROM item")
            let live = try #require(try cursor.next())
            let liveError = #expect(throws: DatabaseError.self) { try live.decode(Int64?.self, atIndex: 1) }
            #expect(liveError?.kind == .columnNotFound)
        }
    }

    @Test("values fetch as Int64, Int, Double, String, Data, Bool and optionals")
    func valueTypes() throws {
        try database().read { db throws in
            #expect(try Int64.fetchAll(db, sql: "SELECT id FROM item ORDER BY id") == [1, 2, 3])
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM item") == 3)
            #expect(try String.fetchAll(db, sql: "SELECT name FROM item ORDER BY id") == ["Café", "кириллица", "plain"])
            #expect(try Double?.fetchAll(db, sql: "SELECT price FROM item ORDER BY id") == [0.1, nil, 10])
            #expect(try Bool.fetchAll(db, sql: "SELECT flag FROM item ORDER BY id") == [true, false, true])
            #expect(try Data.fetchOne(db, sql: "SELECT x'00ff10'") == Data([0, 255, 16]))
            #expect(try [UInt8].fetchOne(db, sql: "SELECT x''") == [])
            #expect(try String.fetchOne(db, sql: "SELECT ''") == "")
            #expect(try String.fetchOne(db, sql: "SELECT NULL") == nil)
            #expect(try String.fetchOne(db, sql: "SELECT name FROM item WHERE id = 99") == nil)
        }
    }

    @Test("live rows and copied rows convert between storage classes the same way")
    func conversionsAgree() throws {
        let sql = "SELECT 42, 1.5, '12abc', 'abc', -7.9, 10.0, x'3132', 3e300, ' 8 ', 1e20, 1e15, 123.456, -0.0, 1e-5, 0.1 + 0.2, 1e-300, 100.0"
        try DatabaseQueue().read { db throws in
            let copied = try #require(try Row.fetchOne(db, sql: sql))
            let cursor = try Row.fetchCursor(db, sql: sql)
            let live = try #require(try cursor.next())
            for index in 0..<copied.count {
                #expect(try live[index] as Int64 == copied[index] as Int64, "Int64 of column \(index)")
                #expect(try live[index] as Double == copied[index] as Double, "Double of column \(index)")
                #expect(try live[index] as String == copied[index] as String, "String of column \(index)")
                #expect(try live[index] as Data == copied[index] as Data, "Data of column \(index)")
            }
        }
    }

    @Test("hand-written records read columns by index")
    func handWrittenRecords() throws {
        let items = try database().read { try Item.fetchAll($0, sql: "SELECT id, name, price FROM item ORDER BY id") }
        #expect(items == [
            Item(id: 1, name: "Café", price: 0.1), Item(id: 2, name: "кириллица", price: nil),
            Item(id: 3, name: "plain", price: 10),
        ])
        let one = try database().read { try Item.fetchOne($0, sql: "SELECT id, name, price FROM item WHERE id = ?", arguments: [3]) }
        #expect(one?.name == "plain")
    }

    @Test("Decodable records match coding keys to column names")
    func decodableRecords() throws {
        let items = try database().read {
            try CodableItem.fetchAll($0, sql: "SELECT small, flag, status, price, name, id FROM item ORDER BY id")
        }
        #expect(items.map(\.id) == [1, 2, 3])
        #expect(items.map(\.status) == [.open, .closed, .open])
        #expect(items.map(\.price) == [0.1, nil, 10])
        #expect(items.map(\.flag) == [true, false, true])
        #expect(items.map(\.small) == [7, -3, 0])
        let missing = #expect(throws: DatabaseError.self) {
            try database().read { try CodableItem.fetchAll($0, sql: "SELECT id, name FROM item") }
        }
        #expect(missing?.kind == .columnNotFound)
    }

    @Test("cursors stream rows lazily: an endless query yields its first rows")
    func cursorsAreLazy() throws {
        let endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n"
        let firstFive = try DatabaseQueue().read { db throws in
            let cursor = try Int64.fetchCursor(db, sql: endless)
            var values: [Int64] = []
            while values.count < 5, let value = try cursor.next() { values.append(value) }
            return values
        }
        #expect(firstFive == [1, 2, 3, 4, 5])
    }

    @Test("a nested fetch of the same SQL while its cursor runs does not disturb the cursor")
    func nestedSameSQL() throws {
        let queue = try database()
        let pairs = try queue.read { db throws in
            let sql = "SELECT id FROM item ORDER BY id"
            let cursor = try Int64.fetchCursor(db, sql: sql)
            var pairs: [[Int64]] = []
            while let id = try cursor.next() { pairs.append([id] + (try Int64.fetchAll(db, sql: sql))) }
            return pairs
        }
        #expect(pairs == [[1, 1, 2, 3], [2, 1, 2, 3], [3, 1, 2, 3]])
    }

    @Test("arguments are bound, never spliced: an injection attempt is stored as text")
    func argumentsAreBound() throws {
        let queue = try database()
        let attack = "x'); DROP TABLE item; --"
        try queue.write { db throws in
            try db.execute(sql: "INSERT INTO item(name) VALUES (?)", arguments: [attack])
            try db.execute(sql: "INSERT INTO item(name, price) VALUES (:name, @price)", arguments: ["name": "named", "price": 2.5])
            try db.cachedStatement(sql: "INSERT INTO item(name, price) VALUES (?, ?)").execute(values: "pack", Optional<Double>.none)
        }
        try queue.read { db throws in
            #expect(try String.fetchOne(db, sql: "SELECT name FROM item WHERE name = ?", arguments: [attack]) == attack)
            #expect(try Double.fetchOne(db, sql: "SELECT price FROM item WHERE name = 'named'") == 2.5)
            #expect(try Int64.fetchOne(db, sql: "SELECT count(*) FROM item WHERE name = 'pack' AND price IS NULL") == 1)
            #expect(try Int64.fetchOne(db, sql: "SELECT count(*) FROM item") == 6)
        }
    }

    @Test("the wrong number of arguments throws invalidArguments")
    func wrongArgumentCount() throws {
        let queue = try database()
        try queue.write { db throws in
            let tooFew = #expect(throws: DatabaseError.self) {
                try db.execute(sql: "INSERT INTO item(id, name) VALUES (?, ?)", arguments: [10])
            }
            #expect(tooFew?.kind == .invalidArguments)
            let tooMany = #expect(throws: DatabaseError.self) {
                try db.makeStatement(sql: "SELECT ?").execute(arguments: [1, 2])
            }
            #expect(tooMany?.kind == .invalidArguments)
            let missingName = #expect(throws: DatabaseError.self) {
                try db.execute(sql: "SELECT :a, :b", arguments: ["a": 1])
            }
            #expect(missingName?.kind == .invalidArguments)
            let pack = #expect(throws: DatabaseError.self) {
                try db.cachedStatement(sql: "SELECT ?, ?").execute(values: 1)
            }
            #expect(pack?.kind == .invalidArguments)
        }
    }

    @Test("a script runs every statement, taking its arguments in order")
    func scriptWithArguments() throws {
        let queue = try DatabaseQueue()
        try queue.write { db throws in
            try db.execute(
                sql: "CREATE TABLE t(a, b); INSERT INTO t VALUES (?, ?); INSERT INTO t VALUES (?, 'x'); -- end",
                arguments: [1, 2, 3])
        }
        #expect(try queue.read { try Row.fetchAll($0, sql: "SELECT a, b FROM t ORDER BY rowid") } == [
            Row(columns: ["a", "b"], values: [.integer(1), .integer(2)]),
            Row(columns: ["a", "b"], values: [.integer(3), .text("x")]),
        ])
    }

    @Test("makeStatement refuses SQL text with two statements")
    func makeStatementRefusesTwo() throws {
        try DatabaseQueue().read { db throws in
            #expect(throws: DatabaseError.self) { try db.makeStatement(sql: "SELECT 1; SELECT 2") }
            _ = try db.makeStatement(sql: "SELECT 1; -- a comment\n")
        }
    }

    @Test("errors carry codes, message, SQL and arguments; the description redacts the arguments")
    func errorContext() throws {
        let queue = try database()
        let secret = "hunter2-secret"
        let error = #expect(throws: DatabaseError.self) {
            try queue.write { db throws in
                try db.execute(sql: "INSERT INTO item(id, name) VALUES (?, ?)", arguments: [1, secret])
            }
        }
        #expect(error?.kind == .sqlite)
        #expect(error?.resultCode == .SQLITE_CONSTRAINT)
        #expect(error?.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY)
        #expect(error?.sql == "INSERT INTO item(id, name) VALUES (?, ?)")
        #expect(error?.arguments == [.integer(1), .text(secret)])
        let description = error.map { "\($0)" } ?? ""
        #expect(description.contains("SQLITE_CONSTRAINT"))
        #expect(description.contains("INSERT INTO item"))
        #expect(description.contains("2 redacted"))
        #expect(!description.contains(secret))
        let packError = #expect(throws: DatabaseError.self) {
            try queue.write { try $0.cachedStatement(sql: "INSERT INTO item(id, name) VALUES (?, ?)").execute(values: 1, secret) }
        }
        #expect(packError?.arguments == [.integer(1), .text(secret)])
        #expect(!(packError.map { "\($0)" } ?? secret).contains(secret))
    }

    @Test("bind then execute() runs with the bound values, and refuses a parameter never bound")
    func bindThenExecute() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t(a, b)")
            let insert = try db.cachedStatement(sql: "INSERT INTO t VALUES (?, ?)")
            let unbound = #expect(throws: DatabaseError.self) {
                try insert.bind(1, at: 1)
                try insert.execute()
            }
            #expect(unbound?.kind == .invalidArguments)
            #expect(unbound?.message.contains("[2]") == true)
            for value in 0..<3 {
                try insert.bind(Int64(value), at: 1)
                try insert.bind("v\(value)", at: 2)
                try insert.execute()
            }
            // Bindings persist: only what changes needs binding again.
            try insert.bind(Int64(9), at: 1)
            try insert.execute()
            try insert.execute(arguments: [10, nil])
            try insert.execute(values: 11, "w")
        }
        #expect(try queue.read { try Row.fetchAll($0, sql: "SELECT a, b FROM t ORDER BY rowid") }.map(\.databaseValues) == [
            [.integer(0), .text("v0")], [.integer(1), .text("v1")], [.integer(2), .text("v2")],
            [.integer(9), .text("v2")], [.integer(10), .null], [.integer(11), .text("w")],
        ])
    }

    @Test("a compiled statement fetches with the values bound to it, or with new arguments")
    func fetchWithBoundValues() throws {
        try database().read { db throws in
            let statement = try db.cachedStatement(sql: "SELECT name FROM item WHERE id = ?")
            let unbound = #expect(throws: DatabaseError.self) { try String.fetchOne(statement) }
            #expect(unbound?.kind == .invalidArguments)
            try statement.bind(2, at: 1)
            #expect(try String.fetchOne(statement) == "кириллица")
            #expect(try String.fetchOne(statement, arguments: [3]) == "plain")
            #expect(try String.fetchAll(statement) == ["plain"], "the last values stay bound")
        }
    }

    @Test("cachedStatement returns the same compiled statement for the same SQL")
    func statementCache() throws {
        try DatabaseQueue().write { db throws in
            let first = try db.cachedStatement(sql: "SELECT 1")
            let second = try db.cachedStatement(sql: "SELECT 1")
            #expect(first === second)
            #expect(try db.makeStatement(sql: "SELECT 1") !== first)
        }
    }

    @Test("cursor helpers map, reduce and visit every element")
    func cursorHelpers() throws {
        try database().read { db throws in
            #expect(try Int64.fetchCursor(db, sql: "SELECT id FROM item").reduce(0, +) == 6)
            #expect(try Array(Row.fetchCursor(db, sql: "SELECT name FROM item ORDER BY id").map { $0[0] as String }).count == 3)
            var seen = 0
            try Item.fetchCursor(db, sql: "SELECT id, name, price FROM item").forEach { _ in seen += 1 }
            #expect(seen == 3)
        }
    }

    @Test("changes and last inserted rowid report the last write")
    func changesAndRowid() throws {
        try database().write { db throws in
            try db.execute(sql: "INSERT INTO item(name) VALUES ('n')")
            #expect(db.lastInsertedRowID == 4)
            try db.execute(sql: "UPDATE item SET flag = 0")
            #expect(db.changesCount == 4)
        }
    }
}
