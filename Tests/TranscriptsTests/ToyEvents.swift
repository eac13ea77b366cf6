import Differential
import Foundation
import SQLiteEngine

/// An event as the toy event log returns it.
struct ToyEvent: Codable, Equatable {
    let id: Int64
    let uuid: String
    let day: String
    let done: Bool
}

/// A toy event log (not MMEX) on `EngineConnection`: `EVENT(ID, UUID, DAY, DONE, TITLE)` and a settings table
/// without rowid, written by a reference implementation (dates as SQLite.swift writes them, `yyyy-MM-dd
/// HH:mm:ss.SSS`; UUIDs upper-case; booleans 0/1) or by one of its ports, each with one porting trap.
final class ToyEvents {
    enum Port: String, CaseIterable {
        /// Writes what the reference writes.
        case reference
        /// Dates with a `T` between day and time (ISO 8601), as GRDB writes them by default.
        case isoDates
        /// UUIDs lower-case, and looks them up lower-case.
        case lowercaseUUIDs
        /// Booleans as the text `true`/`false`.
        case boolAsText
        /// `add` reports an id but writes nothing.
        case losesRow
        /// `add` writes the event twice.
        case extraRow
        /// `remove` leaves the row.
        case keepsRemoved
        /// Opening adds a migrator's ledger table with one row, as GRDB's `DatabaseMigrator` does.
        case ledger
    }

    static let seeded = ["6F9619FF-8B86-D011-B42D-00C04FC964FF", "0E984725-C51C-4BF4-9960-E1C80E27ABA0"]

    let connection: EngineConnection
    let port: Port

    init(path: String, port: Port) throws {
        connection = try EngineConnection(path: path, options: .readWrite)
        self.port = port
        if port == .ledger {
            try connection.execute("CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            try connection.execute("INSERT OR IGNORE INTO grdb_migrations VALUES ('v1')")
        }
    }

    static func makeFile(at path: String) throws {
        let connection = try EngineConnection(path: path, options: .create)
        try connection.execute("""
            CREATE TABLE EVENT(ID INTEGER PRIMARY KEY, UUID TEXT NOT NULL UNIQUE, DAY TEXT NOT NULL, DONE INTEGER NOT NULL,
                               TITLE TEXT);
            CREATE TABLE SETTING(NAME TEXT PRIMARY KEY, VALUE) WITHOUT ROWID;
            INSERT INTO EVENT(UUID, DAY, DONE, TITLE) VALUES
                ('\(seeded[0])', '2026-01-01 09:00:00.000', 0, 'seed one'),
                ('\(seeded[1])', '2026-01-01 10:30:00.000', 1, 'seed two');
            INSERT INTO SETTING VALUES ('theme', 'dark'), ('week-start', 1);
            """)
        connection.close()
    }

    private func uuidText(_ uuid: String) -> String { port == .lowercaseUUIDs ? uuid.lowercased() : uuid.uppercased() }
    private func dayText(_ day: String) -> String { port == .isoDates ? day.replacingOccurrences(of: " ", with: "T") : day }
    private func doneValue(_ done: Bool) -> SQLiteValue {
        port == .boolAsText ? .text(done ? "true" : "false") : .integer(done ? 1 : 0)
    }

    /// Adds an event on `day` (`yyyy-MM-dd HH:mm:ss.SSS`) and returns its id.
    func add(uuid: String, day: String, done: Bool, title: String) throws -> Int64 {
        if port == .losesRow { return connection.lastInsertRowid + 1 }
        let arguments: [SQLiteValue] = [.text(uuidText(uuid)), .text(dayText(day)), doneValue(done), .text(title)]
        try connection.run("INSERT INTO EVENT(UUID, DAY, DONE, TITLE) VALUES (?, ?, ?, ?)", arguments)
        let id = connection.lastInsertRowid
        if port == .extraRow {
            try connection.run(
                "INSERT INTO EVENT(UUID, DAY, DONE, TITLE) VALUES (?, ?, ?, ?)",
                [.text(uuidText(uuid) + "-2"), .text(dayText(day)), doneValue(done), .text(title)]
            )
        }
        return id
    }

    /// The event with that UUID, looked up as this port binds UUIDs.
    func event(uuid: String) throws -> ToyEvent? {
        try connection.rows("SELECT ID, UUID, DAY, DONE FROM EVENT WHERE UUID = ?", [.text(uuidText(uuid))]).first.map(Self.event)
    }

    /// The day of an event as stored.
    func day(id: Int64) throws -> String? {
        guard case .text(let day)? = try connection.scalar("SELECT DAY FROM EVENT WHERE ID = ?", [.integer(id)]) else { return nil }
        return day
    }

    func markDone(id: Int64) throws {
        try connection.run("UPDATE EVENT SET DONE = ? WHERE ID = ?", [doneValue(true), .integer(id)])
    }

    func remove(id: Int64) throws {
        if port == .keepsRemoved { return }
        try connection.run("DELETE FROM EVENT WHERE ID = ?", [.integer(id)])
    }

    func set(_ name: String, _ value: Bool) throws {
        try connection.run("INSERT OR REPLACE INTO SETTING VALUES (?, ?)", [.text(name), doneValue(value)])
    }

    private static func event(_ row: [SQLiteValue]) -> ToyEvent {
        let id = if case .integer(let id) = row[0] { id } else { Int64(-1) }
        let uuid = if case .text(let text) = row[1] { text } else { "" }
        let day = if case .text(let text) = row[2] { text } else { "" }
        let done = switch row[3] {
        case .integer(let value): value != 0
        case .text(let text): text == "true"
        default: false
        }
        return ToyEvent(id: id, uuid: uuid, day: day, done: done)
    }

    func close() { connection.close() }

    static func side(_ port: Port) -> DifferentialSide<ToyEvents> {
        DifferentialSide(name: port.rawValue, open: { try ToyEvents(path: $0, port: port) }, close: { $0.close() })
    }

    typealias Op = DifferentialOperation<ToyEvents>

    static let added = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"

    /// Scenarios that add, look up, mark done, remove and set.
    static let scenarios: [Scenario<ToyEvents>] = [
        Scenario(name: "add and read back", operations: [
            Op("add(added)") { try $0.add(uuid: added, day: "2026-01-02 10:00:00.000", done: false, title: "third") },
            Op("day(3)") { try $0.day(id: 3) },
            Op("event(seeded[0])") { try $0.event(uuid: seeded[0]) },
        ]),
        Scenario(name: "mark done and settings", operations: [
            Op("markDone(1)") { try $0.markDone(id: 1); return true },
            Op("set(compact, true)") { try $0.set("compact", true); return true },
        ]),
        Scenario(name: "remove the second", operations: [
            Op("remove(2)") { try $0.remove(id: 2); return true },
        ]),
    ]
}
