import Differential
import Foundation
import SQLiteEngine
import TestSupport

/// A tiny store over `VALUE_T(ID, V untyped)` and `PARENT`/`CHILD` with a foreign key, whose two sides differ in
/// exactly one way a real port can: the form of the value it stores, foreign-key enforcement, WAL left behind, a
/// migrator's ledger table, or how it decodes a stored date.
final class TrapToy {
    struct Habits {
        /// What `put` stores.
        var stored: SQLiteValue = .integer(1)
        /// `PRAGMA foreign_keys = ON` after opening.
        var foreignKeys = false
        /// Switches to WAL with a persistent `-wal` (left beside the file after closing).
        var leavesWAL = false
        /// Creates GRDB's ledger table on open, as a `DatabaseMigrator` does.
        var createsLedger = false
        /// How `dates()` decodes a stored date: `nil` takes any text; a format refuses text of another form.
        var dateSeparator: Character?
        /// Creates an index on `VALUE_T(V)` on open, as GRDB's `.indexed()` does.
        var indexesValues = false
        /// Refuses to open a file with rows breaking a foreign key (`PRAGMA foreign_key_check`), as a migrator that
        /// checks foreign keys does.
        var checksForeignKeysOnOpen = false
        /// `parsedDate()` drops the fraction of a second, as a parser of another format does.
        var parsesWithoutFraction = false
        /// `parsedDate()` traps on a date it cannot parse, as SQLite.swift's force unwrap does.
        var trapsOnUnparsedDate = false
        /// `setValue` answers whether a value changed (reads it first in a write transaction, writes only when it
        /// differs), as GRDB's `updateChanges` does; otherwise it answers whether the `UPDATE` matched a row.
        var answersValueChanged = false
        /// `setValue`'s `UPDATE` misses its row (a port's wrong key): nothing is written, `false` is answered.
        var updatesWrongRow = false
    }

    let connection: EngineConnection
    let habits: Habits

    init(path: String, habits: Habits) throws {
        connection = try EngineConnection(path: path, options: .readWrite)
        self.habits = habits
        if habits.foreignKeys { try connection.execute("PRAGMA foreign_keys = ON") }
        if habits.leavesWAL {
            var persist: Int32 = 1
            try connection.fileControl(operation: 10, argument: &persist)  // SQLITE_FCNTL_PERSIST_WAL
            _ = try connection.pragma("journal_mode = WAL")
        }
        if habits.indexesValues {
            try connection.execute("CREATE INDEX IF NOT EXISTS value_v ON VALUE_T(V)")
        }
        if habits.checksForeignKeysOnOpen, !(try connection.rows("PRAGMA foreign_key_check")).isEmpty {
            connection.close()
            throw ForeignKeyViolation()
        }
        if habits.createsLedger {
            try connection.execute("CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            try connection.run("INSERT OR IGNORE INTO grdb_migrations VALUES (?)", [.text("v1")])
        }
    }

    static func makeFile(at path: String) throws {
        let connection = try EngineConnection(path: path, options: .create)
        try connection.execute(
            """
            CREATE TABLE VALUE_T(ID INTEGER PRIMARY KEY, V);
            CREATE TABLE PARENT(ID INTEGER PRIMARY KEY);
            CREATE TABLE CHILD(ID INTEGER PRIMARY KEY, PARENT INTEGER REFERENCES PARENT(ID));
            INSERT INTO PARENT(ID) VALUES (1);
            """
        )
        connection.close()
    }

    /// Stores this side's value; both sides return the same.
    func put() throws -> Bool {
        try connection.run("INSERT INTO VALUE_T(V) VALUES (?)", [habits.stored])
        return true
    }

    /// Sets row `id`'s value to `value` in one write transaction; answers as ``Habits/answersValueChanged`` says.
    func setValue(_ id: Int64, to value: Int64) throws -> Bool {
        try connection.execute("BEGIN IMMEDIATE")
        do {
            if habits.answersValueChanged {
                let statement = try connection.prepare("SELECT V FROM VALUE_T WHERE ID = ?")
                try statement.bind([.integer(id)])
                if try statement.step(), statement.int64(at: 0) == value {
                    try connection.execute("COMMIT")
                    return false
                }
            }
            let key = habits.updatesWrongRow ? id + 1000 : id
            try connection.run("UPDATE VALUE_T SET V = ? WHERE ID = ?", [.integer(value), .integer(key)])
            let matched = connection.changes > 0
            try connection.execute("COMMIT")
            return matched
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// Adds a child of parent 42, which does not exist.
    func addOrphan() throws -> Int64 {
        try connection.run("INSERT INTO CHILD(PARENT) VALUES (?)", [.integer(42)])
        return connection.lastInsertRowid
    }

    /// Every stored date, decoded as this side decodes them: with a separator set, text of another form throws.
    func dates() throws -> [String] {
        let statement = try connection.prepare("SELECT V FROM VALUE_T ORDER BY ID")
        var result: [String] = []
        while try statement.step() {
            let text = statement.string(at: 0)
            if let separator = habits.dateSeparator {
                let characters = Array(text)
                guard characters.count > 10, characters[10] == separator else { throw UndecodableDate(text: text) }
            }
            result.append(text)
        }
        return result
    }

    /// How many stored values equal `value` (a lookup by the legacy side's form).
    func count(of value: SQLiteValue) throws -> Int64 {
        let statement = try connection.prepare("SELECT count(*) FROM VALUE_T WHERE V = ?")
        try statement.bind([value])
        _ = try statement.step()
        return statement.int64(at: 0)
    }

    /// The first stored date as seconds since 1970, parsed as this side parses it.
    struct ParsedDate: Encodable { let createdAt: Double }
    func parsedDate() throws -> ParsedDate {
        let statement = try connection.prepare("SELECT V FROM VALUE_T ORDER BY ID LIMIT 1")
        guard try statement.step() else { return ParsedDate(createdAt: 0) }
        let text = statement.string(at: 0)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate,
                                   .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        guard let date = formatter.date(from: text + "Z") else {
            if habits.trapsOnUnparsedDate { fatalError("Unexpectedly found nil while parsing '\(text)'") }
            return ParsedDate(createdAt: 0)
        }
        let seconds = date.timeIntervalSince1970
        return ParsedDate(createdAt: habits.parsesWithoutFraction ? seconds.rounded(.down) : seconds)
    }

    func close() {
        connection.close()
    }
}

/// A file whose rows break a foreign key, refused on open.
struct ForeignKeyViolation: Error, CustomStringConvertible {
    var description: String { "FOREIGN KEY constraint violation in the file" }
}

/// A stored date in a form the side does not decode.
struct UndecodableDate: Error, CustomStringConvertible {
    let text: String
    var description: String { "cannot decode a date from '\(text)'" }
}

/// Runs one scenario through a baseline and a candidate toy with the given habits, on a fresh toy file.
func runTrapToys(
    baseline: TrapToy.Habits, candidate: TrapToy.Habits, operations: [DifferentialOperation<TrapToy>],
    readBack: [DifferentialOperation<TrapToy>] = [], configure: (inout DifferentialHarness<TrapToy>) -> Void = { _ in }
) throws -> ScenarioReport {
    let folder = TemporaryDirectory.inMemory("traps")
    let source = folder.path("toy.db")
    try TrapToy.makeFile(at: source)
    var harness = DifferentialHarness<TrapToy>(
        baseline: DifferentialSide(name: "legacy", open: { try TrapToy(path: $0, habits: baseline) }, close: { $0.close() }),
        candidate: DifferentialSide(name: "port", open: { try TrapToy(path: $0, habits: candidate) }, close: { $0.close() }),
        workDirectory: folder.url, shrinkBudget: 0, readBack: readBack
    )
    configure(&harness)
    defer { harness.removeWorkingCopies() }
    return try harness.run(Scenario(name: "trap", operations: operations), on: source)
}

enum TrapOperations {
    static var put: DifferentialOperation<TrapToy> { DifferentialOperation("put") { try $0.put() } }
    static var addOrphan: DifferentialOperation<TrapToy> { DifferentialOperation("addOrphan") { try $0.addOrphan() } }
    static var dates: DifferentialOperation<TrapToy> { DifferentialOperation("dates") { try $0.dates() } }
    static func count(_ value: SQLiteValue) -> DifferentialOperation<TrapToy> {
        DifferentialOperation("count(\(value))") { try $0.count(of: value) }
    }
    static var parsedDate: DifferentialOperation<TrapToy> { DifferentialOperation("parsedDate") { try $0.parsedDate() } }
    static func setValue(_ id: Int64, to value: Int64) -> DifferentialOperation<TrapToy> {
        DifferentialOperation("setValue(\(id), to: \(value))") { try $0.setValue(id, to: value) }
    }
}
