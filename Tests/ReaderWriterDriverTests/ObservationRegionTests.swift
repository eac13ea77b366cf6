import Foundation
@testable import ReaderWriterDriver
import SQLiteEngine
import TestSupport
import Testing

/// Each step is one write. The observation decides on the writer, before the write returns, whether to fetch: the
/// count of fetches asked for says at once whether it did. A fetched value is awaited before the next step runs,
/// so it shows the state of that step. Nothing depends on timing.
@Suite("ValueObservation tracks the tables its fetch reads: writes to other tables fetch nothing")
struct ObservationRegionTests {
    static let schema = """
        CREATE TABLE player (name TEXT);
        CREATE TABLE team (name TEXT);
        CREATE TABLE log (line TEXT);
        CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
        CREATE TRIGGER team_log AFTER INSERT ON team BEGIN INSERT INTO player VALUES ('captain of ' || new.name); END;
        INSERT INTO player VALUES ('Arthur');
        """

    enum Step {
        /// A write that must not fetch.
        case ignored(String)
        /// A write that must fetch once, delivering this value.
        case fetches(String, String)
    }

    /// Observes `sql`'s single value through `steps`; returns every value delivered (the first one included).
    static func observe(_ kind: WriterKind, _ sql: String, _ steps: [Step]) async throws -> [String] {
        let scratch = Scratch()
        let writer = try kind.open(scratch.path)
        try await writer.write { try $0.execute(sql: schema) }
        let registry = try #require(ObservationRegistry.of(writer))
        let observation = ValueObservation.tracking { db in try String.fetchOne(db, sql: sql) ?? "" }
        var iterator = observation.values(in: writer).makeAsyncIterator()
        var seen = [try #require(try await iterator.next())]
        for step in steps {
            switch step {
            case .ignored(let write):
                let before = registry.requestedFetchCount
                try await writer.write { try $0.execute(sql: write) }
                #expect(registry.requestedFetchCount == before, "\(write) made the observation fetch")
            case .fetches(let write, _):
                let before = registry.requestedFetchCount
                try await writer.write { try $0.execute(sql: write) }
                try #require(registry.requestedFetchCount == before + 1, "\(write) did not make the observation fetch once")
                seen.append(try #require(try await iterator.next()))
            }
        }
        return seen
    }

    static func expected(_ first: String, _ steps: [Step]) -> [String] {
        [first] + steps.compactMap { if case .fetches(_, let value) = $0 { value } else { nil } }
    }

    @Test("a write to another table fetches nothing; a write to the observed table fetches once", arguments: WriterKind.allCases)
    func unrelatedWriteIsIgnored(kind: WriterKind) async throws {
        let steps: [Step] = [
            .ignored("INSERT INTO log VALUES ('x')"), .ignored("UPDATE log SET line = 'y'"),
            .fetches("INSERT INTO player VALUES ('Barbara')", "Arthur,Barbara"),
            .ignored("DELETE FROM log WHERE line = 'y'"),
        ]
        #expect(try await Self.observe(kind, "SELECT group_concat(name) FROM player", steps) == Self.expected("Arthur", steps))
    }

    @Test("count(*), a subquery and a trigger's rows in the observed table are tracked", arguments: WriterKind.allCases)
    func countSubqueryAndTrigger(kind: WriterKind) async throws {
        let steps: [Step] = [
            .fetches("INSERT INTO log VALUES ('Reds')", "1/0"),
            .fetches("INSERT INTO team VALUES ('Reds')", "2/1"),
        ]
        let sql = "SELECT (SELECT count(*) FROM player) || '/' || (SELECT count(*) FROM log WHERE line IN (SELECT name FROM team))"
        #expect(try await Self.observe(kind, sql, steps) == Self.expected("1/0", steps))
    }

    @Test("a WITHOUT ROWID table and a DELETE without WHERE, which the update hook misses, still fetch", arguments: WriterKind.allCases)
    func unhookedChangesFetch(kind: WriterKind) async throws {
        let settings: [Step] = [.fetches("INSERT INTO setting VALUES ('theme', 'dark')", "dark")]
        #expect(try await Self.observe(kind, "SELECT group_concat(value) FROM setting", settings) == Self.expected("", settings))
        let truncate: [Step] = [.fetches("DELETE FROM player", "0")]
        #expect(try await Self.observe(kind, "SELECT count(*) FROM player", truncate) == Self.expected("1", truncate))
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
