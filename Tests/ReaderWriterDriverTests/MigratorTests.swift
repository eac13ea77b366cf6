import Foundation
@testable import ReaderWriterDriver
import SQLiteEngine
import Testing

@Suite("DatabaseMigrator: order, ledger, isolation, foreign keys, unknown rows")
struct MigratorTests {
    private var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 accounts") { db in
            try db.execute(sql: "CREATE TABLE account(id INTEGER PRIMARY KEY, name TEXT)")
        }
        migrator.registerMigration("v2 entries") { db in
            try db.execute(sql: "CREATE TABLE entry(id INTEGER PRIMARY KEY, account REFERENCES account(id))")
        }
        migrator.registerMigration("v3 seed") { db in
            try db.execute(sql: "INSERT INTO account(name) VALUES ('Cash')")
        }
        return migrator
    }

    @Test("migrations apply once, in order, each with its ledger row", arguments: WriterKind.allCases)
    func appliesInOrderOnce(kind: WriterKind) throws {
        let scratch = Scratch()
        let db = try kind.open(scratch.path)
        let first = try migrator.migrate(db)
        #expect(first.appliedNow == ["v1 accounts", "v2 entries", "v3 seed"])
        #expect(first.pending.isEmpty && first.unknown.isEmpty)
        let second = try migrator.migrate(db)
        #expect(second.appliedNow.isEmpty)
        #expect(second.alreadyApplied == ["v1 accounts", "v2 entries", "v3 seed"])
        try db.read { db throws in
            #expect(try String.fetchAll(db, sql: "SELECT identifier FROM driverport_migrations ORDER BY rowid")
                == ["v1 accounts", "v2 entries", "v3 seed"])
            #expect(try Int64.fetchOne(db, sql: "SELECT count(*) FROM account") == 1)
        }
    }

    @Test("migrate(upTo:) stops at the named migration and the report lists the rest as pending")
    func upTo() throws {
        let queue = try DatabaseQueue()
        let report = try migrator.migrate(queue, upTo: "v2 entries")
        #expect(report.appliedNow == ["v1 accounts", "v2 entries"])
        #expect(report.pending == ["v3 seed"])
        #expect(try migrator.report(queue).pending == ["v3 seed"])
        #expect(throws: DatabaseError.self) { try migrator.migrate(queue, upTo: "v9") }
    }

    @Test("a failing migration rolls back itself and its ledger row; earlier ones stay")
    func failingMigrationIsIsolated() throws {
        struct Broken: Error {}
        let queue = try DatabaseQueue()
        var migrator = migrator
        migrator.registerMigration("v4 broken") { db in
            try db.execute(sql: "CREATE TABLE half(x)")
            throw Broken()
        }
        #expect(throws: Broken.self) { try migrator.migrate(queue) }
        try queue.read { db throws in
            #expect(try String.fetchAll(db, sql: "SELECT identifier FROM driverport_migrations")
                == ["v1 accounts", "v2 entries", "v3 seed"])
            #expect(try Int64.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name = 'half'") == 0)
        }
        #expect(try migrator.report(queue).pending == ["v4 broken"])
    }

    @Test("a migration that leaves a foreign key violation is rolled back before it commits")
    func foreignKeyCheckBeforeCommit() throws {
        let queue = try DatabaseQueue()
        var migrator = migrator
        migrator.registerMigration("v4 orphan") { db in
            try db.execute(sql: "INSERT INTO entry(account) VALUES (999)")
        }
        let error = #expect(throws: DatabaseError.self) { try migrator.migrate(queue) }
        #expect(error?.kind == .foreignKeyViolation)
        #expect(error?.message.contains("v4 orphan") == true)
        #expect(try queue.read { try Int64.fetchOne($0, sql: "SELECT count(*) FROM entry") } == 0)
        // Foreign keys are enforced again after the migrator ran.
        #expect(try queue.read { try Int64.fetchOne($0, sql: "PRAGMA foreign_keys") } == 1)
    }

    @Test("a migration may rebuild a referenced table while foreign keys are deferred to the check")
    func tableRebuild() throws {
        let queue = try DatabaseQueue()
        var migrator = migrator
        migrator.registerMigration("v4 entries with rows") { db in
            try db.execute(sql: "INSERT INTO entry(account) VALUES (1)")
        }
        migrator.registerMigration("v5 rebuild account") { db in
            try db.execute(sql: """
                CREATE TABLE account_new(id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '');
                INSERT INTO account_new SELECT id, name FROM account;
                DROP TABLE account;
                ALTER TABLE account_new RENAME TO account;
                """)
        }
        try migrator.migrate(queue)
        #expect(try queue.read { try Int64.fetchOne($0, sql: "SELECT count(*) FROM entry") } == 1)
    }

    @Test("ledger rows no migration knows are reported, not fatal")
    func unknownLedgerRows() throws {
        let queue = try DatabaseQueue()
        try migrator.migrate(queue)
        try queue.write { db in
            try db.execute(
                sql: "INSERT INTO driverport_migrations VALUES (?, ?)", arguments: ["v9 from a newer app", "2030"])
        }
        var extended = migrator
        extended.registerMigration("v4 more") { db in try db.execute(sql: "CREATE TABLE more(x)") }
        let report = try extended.migrate(queue)
        #expect(report.unknown == ["v9 from a newer app"])
        #expect(report.appliedNow == ["v4 more"])
    }

    @Test("the migrator never changes user_version and keeps its ledger in its own table")
    func userVersionUntouched() throws {
        let queue = try DatabaseQueue()
        try queue.write { try $0.execute(sql: "PRAGMA user_version = 21") }
        try migrator.migrate(queue)
        try queue.read { db throws in
            #expect(try Int64.fetchOne(db, sql: "PRAGMA user_version") == 21)
            #expect(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
                == ["account", "driverport_migrations", "entry"])
        }
        #expect(DatabaseMigrator.ledgerTableName == "driverport_migrations")
    }

    @Test("reporting on a database without a ledger changes nothing")
    func reportWithoutLedger() throws {
        let queue = try DatabaseQueue()
        let report = try migrator.report(queue)
        #expect(report.pending == ["v1 accounts", "v2 entries", "v3 seed"])
        #expect(try queue.read { try Int64.fetchOne($0, sql: "SELECT count(*) FROM sqlite_master") } == 0)
    }
}
