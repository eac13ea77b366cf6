import Differential
import Foundation
import MMEXFiles
import SQLiteEngine

/// A deterministic write workload whose committed state can be checked exactly, for fault and crash tests.
///
/// Transaction `i` always runs the same statements (drawn from a generator seeded with `i`), whatever happened to
/// the transactions before it: it logs `i` in `txlog`, upserts and deletes rows of `items` (some large enough for
/// overflow pages) and bumps `counter`. From the set of transactions a database holds (`txlog`), ``expectedItems(_:)``
/// replays the same statements on a model, so a check can say whether the file holds exactly those transactions,
/// whole: nothing half-applied, nothing lost. Any driver can run it: a transaction is a list of SQL with arguments.
public enum LedgerWorkload {
    /// One statement of a transaction.
    public struct Statement: Sendable {
        public let sql: String
        public let arguments: [SQLiteValue]
    }

    /// One item write, as the model applies it.
    enum Operation {
        case upsert(key: Int64, value: String)
        case deleteRange(from: Int64, through: Int64)
    }

    /// The schema and initial rows (`items` 0..<initialItems).
    public static let initialItems = 300

    /// Creates the workload's tables and initial rows on an empty connection.
    public static func createSchema(on connection: EngineConnection) throws {
        try connection.execute("""
            CREATE TABLE txlog(txn INTEGER PRIMARY KEY, note TEXT NOT NULL);
            CREATE TABLE items(k INTEGER PRIMARY KEY, v TEXT NOT NULL);
            CREATE INDEX items_v ON items(v);
            CREATE TABLE counter(id INTEGER PRIMARY KEY, n INTEGER NOT NULL);
            INSERT INTO counter VALUES (1, 0);
            BEGIN;
            """)
        let insert = try connection.prepare("INSERT INTO items(k, v) VALUES (?, ?)")
        for key in 0..<initialItems {
            try insert.bind([.integer(Int64(key)), .text(initialValue(Int64(key)))])
            _ = try insert.step()
            insert.reset()
        }
        try connection.execute("COMMIT")
    }

    /// Creates a base file at `path` with the schema and initial rows, in `journalMode` (`wal` stays in the file;
    /// other modes are per connection, so runners set them again), closed with no sidecar left.
    public static func createBase(at path: String, journalMode: String = "delete") throws {
        let connection = try EngineConnection(path: path, options: .create)
        try createSchema(on: connection)
        if journalMode == "wal" { try connection.execute("PRAGMA journal_mode = WAL") }
        connection.close()
    }

    static func initialValue(_ key: Int64) -> String { "initial \(key) " + String(repeating: "i", count: 120) }

    static func operations(_ transaction: Int) -> (note: String, operations: [Operation]) {
        var random = SplitMix64(seed: UInt64(transaction) &* 0x9E37_79B9 &+ 17)
        let note = "txn \(transaction) " + String(repeating: "n", count: random.chance(1, in: 4) ? 5000 : 60)
        var operations: [Operation] = []
        for _ in 0..<random.int(in: 1...12) {
            let key = Int64(random.below(initialItems + 100))
            let length = random.chance(1, in: 8) ? 3000 : random.int(in: 20...300)
            operations.append(.upsert(key: key, value: "t\(transaction) k\(key) " + String(repeating: "v", count: length)))
        }
        if random.chance(1, in: 3) {
            let from = Int64(random.below(initialItems))
            operations.append(.deleteRange(from: from, through: from + Int64(random.int(in: 0...4))))
        }
        return (note, operations)
    }

    /// The statements of transaction `i` (without BEGIN/COMMIT: the runner or driver supplies the transaction).
    public static func statements(_ transaction: Int) -> [Statement] {
        let (note, operations) = operations(transaction)
        var result = [Statement(sql: "INSERT INTO txlog(txn, note) VALUES (?, ?)", arguments: [.integer(Int64(transaction)), .text(note)])]
        for operation in operations {
            switch operation {
            case .upsert(let key, let value):
                result.append(Statement(sql: "INSERT OR REPLACE INTO items(k, v) VALUES (?, ?)", arguments: [.integer(key), .text(value)]))
            case .deleteRange(let from, let through):
                result.append(Statement(sql: "DELETE FROM items WHERE k BETWEEN ? AND ?", arguments: [.integer(from), .integer(through)]))
            }
        }
        result.append(Statement(sql: "UPDATE counter SET n = n + 1 WHERE id = 1", arguments: []))
        return result
    }

    /// `items` after exactly `committed` transactions, applied in order on the initial rows.
    public static func expectedItems(_ committed: [Int]) -> [Int64: String] {
        var items: [Int64: String] = [:]
        for key in 0..<initialItems { items[Int64(key)] = initialValue(Int64(key)) }
        for transaction in committed.sorted() {
            for operation in operations(transaction).operations {
                switch operation {
                case .upsert(let key, let value): items[key] = value
                case .deleteRange(let from, let through):
                    for key in from...through { items[key] = nil }
                }
            }
        }
        return items
    }

    /// Runs transaction `i` on an engine connection as `BEGIN IMMEDIATE ... COMMIT`.
    public static func run(_ transaction: Int, on connection: EngineConnection) throws(SQLiteError) {
        try connection.execute("BEGIN IMMEDIATE")
        for statement in statements(transaction) {
            try connection.run(statement.sql, statement.arguments)
        }
        try connection.execute("COMMIT")
    }
}

/// What a database holds after a fault or crash, checked against what was acknowledged.
public struct LedgerVerdict: Sendable, CustomStringConvertible {
    /// `PRAGMA integrity_check` said "ok".
    public var integrityOK: Bool
    public var integrityMessage: String
    /// Transactions the file holds (from `txlog`).
    public var committed: [Int]
    /// Acknowledged transactions the file lacks: lost writes.
    public var lost: [Int]
    /// Transactions the file holds that were neither acknowledged nor in doubt: writes that should have failed.
    public var unexpected: [Int]
    /// `items` differs from the replay of `committed`, or `counter` from their number: a half-applied transaction.
    public var halfApplied: Bool
    /// In-doubt transactions (their COMMIT failed or the process died in it) that the file holds.
    public var inDoubtCommitted: [Int]

    /// Integrity is fine and the file holds exactly the acknowledged transactions plus some in-doubt ones, each whole.
    public var isExact: Bool { integrityOK && lost.isEmpty && unexpected.isEmpty && !halfApplied }

    public var description: String {
        var parts = ["integrity \(integrityOK ? "ok" : integrityMessage)", "\(committed.count) committed"]
        if !lost.isEmpty { parts.append("LOST \(lost)") }
        if !unexpected.isEmpty { parts.append("UNEXPECTED \(unexpected)") }
        if halfApplied { parts.append("HALF-APPLIED") }
        if !inDoubtCommitted.isEmpty { parts.append("in-doubt committed \(inDoubtCommitted)") }
        return parts.joined(separator: ", ")
    }

    /// Opens `path` through the default VFS (rolling back a hot journal or recovering a WAL, as the next launch of
    /// an app would) and compares it with what was acknowledged.
    ///
    /// - Parameters:
    ///   - acknowledged: transactions whose COMMIT returned success.
    ///   - inDoubt: transactions whose COMMIT failed or was cut short: they may or may not be there, but whole.
    ///   - open: opens the file for the check (default: the default VFS, no key; an encrypted file needs its key).
    public static func check(
        path: String, acknowledged: Set<Int>, inDoubt: Set<Int>,
        open: (String) throws -> EngineConnection = { try EngineConnection(path: $0, options: .readWrite) }
    ) -> LedgerVerdict {
        do {
            let connection = try open(path)
            defer { connection.close() }
            let integrity = try connection.rows("PRAGMA integrity_check").compactMap { $0.first?.textValue }
            let committed = try connection.rows("SELECT txn FROM txlog ORDER BY txn")
                .compactMap { $0.first?.integerValue }.map { Int($0) }
            let committedSet = Set(committed)
            let counter = try connection.scalar("SELECT n FROM counter WHERE id = 1")?.integerValue
            var items: [Int64: String] = [:]
            for row in try connection.rows("SELECT k, v FROM items") {
                if let key = row[0].integerValue, let value = row[1].textValue { items[key] = value }
            }
            return LedgerVerdict(
                integrityOK: integrity == ["ok"],
                integrityMessage: integrity.prefix(3).joined(separator: "; "),
                committed: committed,
                lost: acknowledged.subtracting(committedSet).sorted(),
                unexpected: committedSet.subtracting(acknowledged).subtracting(inDoubt).sorted(),
                halfApplied: counter != Int64(committed.count) || items != LedgerWorkload.expectedItems(committed),
                inDoubtCommitted: committedSet.intersection(inDoubt).sorted()
            )
        } catch {
            // The file cannot even be read back: everything acknowledged counts as lost.
            return LedgerVerdict(
                integrityOK: false, integrityMessage: "unreadable: \(error)", committed: [],
                lost: acknowledged.sorted(), unexpected: [], halfApplied: true, inDoubtCommitted: []
            )
        }
    }
}
