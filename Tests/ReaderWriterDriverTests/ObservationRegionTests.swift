import Foundation
@testable import ReaderWriterDriver
import SQLiteEngine
import TestSupport
import Testing

/// Values are delivered in order, one per fetch, so a write that made the observation fetch shows as an extra
/// (repeated) value before the next one: comparing the whole sequence pins which writes fetched, with no waiting.
@Suite("ValueObservation tracks the tables its fetch reads: writes to other tables fetch nothing")
struct ObservationRegionTests {
    static let schema = """
        CREATE TABLE player (name TEXT);
        CREATE TABLE team (name TEXT);
        CREATE TABLE log (line TEXT);
        CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
        CREATE TRIGGER team_log AFTER INSERT ON team BEGIN INSERT INTO player VALUES ('captain of ' || new.name); END;
        """

    /// Observes `sql`'s single value and returns every value delivered after running `writes`, the last of which
    /// must change the value to `final`.
    static func deliveries(
        kind: WriterKind, observing sql: String, writes: [String], final: String
    ) async throws -> [String] {
        let scratch = Scratch()
        let writer = try kind.open(scratch.path)
        try await writer.write { try $0.execute(sql: schema) }
        let observation = ValueObservation.tracking { db in try String.fetchOne(db, sql: sql) ?? "" }
        var seen: [String] = []
        for try await value in observation.values(in: writer) {
            seen.append(value)
            if value == final { break }
            if seen.count == 1 {
                for write in writes { try await writer.write { try $0.execute(sql: write) } }
            }
            if seen.count > writes.count + 1 { break }  // more values than writes: stop, the comparison fails
        }
        return seen
    }

    @Test("a write to another table fetches nothing; a write to the observed table fetches once", arguments: WriterKind.allCases)
    func unrelatedWriteIsIgnored(kind: WriterKind) async throws {
        let seen = try await Self.deliveries(
            kind: kind, observing: "SELECT group_concat(name) FROM player",
            writes: ["INSERT INTO log VALUES ('x')", "UPDATE log SET line = 'y'", "INSERT INTO player VALUES ('Arthur')"],
            final: "Arthur")
        #expect(seen == ["", "Arthur"])
    }

    @Test("count(*) and a table read only in a subquery are tracked", arguments: WriterKind.allCases)
    func countAndSubqueryAreTracked(kind: WriterKind) async throws {
        let seen = try await Self.deliveries(
            kind: kind,
            observing: "SELECT (SELECT count(*) FROM player) || '/' || (SELECT count(*) FROM log WHERE line IN (SELECT name FROM team))",
            writes: ["INSERT INTO log VALUES ('A')", "INSERT INTO team VALUES ('A')"],
            final: "1/1")
        // The log insert changes nothing visible yet (no team 'A'), but log is read: it fetches "0/0" again.
        #expect(seen == ["0/0", "0/0", "1/1"])
    }

    @Test("rows a trigger changes in the observed table notify", arguments: WriterKind.allCases)
    func triggerChangesNotify(kind: WriterKind) async throws {
        let seen = try await Self.deliveries(
            kind: kind, observing: "SELECT group_concat(name) FROM player",
            writes: ["INSERT INTO team VALUES ('Reds')"], final: "captain of Reds")
        #expect(seen == ["", "captain of Reds"])
    }

    @Test("a WITHOUT ROWID table and a DELETE without WHERE, which the update hook misses, still notify", arguments: WriterKind.allCases)
    func unhookedChangesNotify(kind: WriterKind) async throws {
        let settings = try await Self.deliveries(
            kind: kind, observing: "SELECT group_concat(value) FROM setting",
            writes: ["INSERT INTO setting VALUES ('theme', 'dark')"], final: "dark")
        #expect(settings == ["", "dark"])
        let scratch = Scratch()
        let writer = try kind.open(scratch.path)
        try await writer.write { try $0.execute(sql: Self.schema + "INSERT INTO player VALUES ('Arthur');") }
        let observation = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM player") ?? -1 }
        var counts: [Int] = []
        for try await count in observation.values(in: writer) {
            counts.append(count)
            if count == 0 || counts.count > 2 { break }
            try await writer.write { try $0.execute(sql: "DELETE FROM player") }
        }
        #expect(counts == [1, 0])
    }

    @Test("a cached statement's tables are recorded too (SQLite prepares it again under the authorizer)")
    func cachedStatementsAreTracked() throws {
        let queue = try DatabaseQueue()
        try queue.write { try $0.execute(sql: Self.schema) }
        let sql = "SELECT count(*) FROM player"
        try queue.read { db in _ = try Int.fetchOne(db.cachedStatement(sql: sql)) }  // compiled before observing
        let tables = try queue.read { db in
            try db.recordingReadTables { try Int.fetchOne(db.cachedStatement(sql: sql)) }.tables
        }
        #expect(tables == ["player"])
    }
}
