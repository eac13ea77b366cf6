import Foundation
import SQLiteEngine

/// Applies ordered, named schema migrations, each once, each in its own transaction together with its ledger row.
///
/// The ledger is the table ``ledgerTableName`` (`driverport_migrations`): one row per applied migration. It is an
/// extra table, which MMEX desktop and Android ignore; the migrator never reads or writes `PRAGMA user_version` nor
/// any other table (only your migrations do). A ledger row whose identifier is not registered (written by a newer
/// version of the app, for example) is reported in ``MigrationReport/unknown``, never an error.
///
/// When the connection enforces foreign keys (``Configuration/foreignKeysEnabled``) and ``foreignKeyChecks`` is
/// `.beforeCommit`, each migration runs with `foreign_keys` off (so a table can be rebuilt) and
/// `PRAGMA foreign_key_check` must find no violation before it commits.
public struct DatabaseMigrator: Sendable {
    /// The ledger table's name.
    public static let ledgerTableName = "driverport_migrations"

    /// When foreign keys are checked.
    public enum ForeignKeyChecks: Sendable {
        /// With foreign keys off during a migration, the whole database is checked before it commits (when the
        /// connection enforces foreign keys).
        case beforeCommit
        /// Never checked by the migrator.
        case disabled
    }

    private struct Migration: Sendable {
        let identifier: String
        let migrate: @Sendable (Database) throws -> Void
    }

    private var migrations: [Migration] = []
    /// When foreign keys are checked; `.beforeCommit` by default.
    public var foreignKeyChecks: ForeignKeyChecks = .beforeCommit

    /// An empty migrator: no migration registered, foreign keys checked before each migration commits
    /// (``ForeignKeyChecks/beforeCommit``).
    public init() {}

    /// The registered identifiers, in order.
    public var migrationIdentifiers: [String] { migrations.map(\.identifier) }

    /// Adds a migration after the ones already registered. Identifiers must be unique (a duplicate is a programmer
    /// error and stops the program).
    public mutating func registerMigration(
        _ identifier: String, migrate: @escaping @Sendable (Database) throws -> Void
    ) {
        precondition(
            !migrations.contains { $0.identifier == identifier },
            "migration \(identifier) is registered twice")
        migrations.append(Migration(identifier: identifier, migrate: migrate))
    }

    /// Applies every migration not in the ledger yet, in order.
    @discardableResult
    public func migrate(_ writer: some DatabaseWriter) throws -> MigrationReport {
        try migrate(writer, upTo: migrations.last?.identifier)
    }

    /// Applies the migrations not in the ledger yet, in order, up to and including `target`.
    @discardableResult
    public func migrate(_ writer: some DatabaseWriter, upTo target: String?) throws -> MigrationReport {
        let wanted: ArraySlice<Migration>
        if let target {
            guard let index = migrations.firstIndex(where: { $0.identifier == target }) else {
                throw DatabaseError(
                    kind: .invalidArguments, extendedResultCode: .SQLITE_MISUSE,
                    message: "no migration named \(target) is registered")
            }
            wanted = migrations[...index]
        } else {
            wanted = []
        }
        let checks = foreignKeyChecks
        return try writer.writeWithoutTransaction { db in
            let ledger = try Self.ledger(db)
            var applied: [String] = []
            for migration in wanted where !ledger.contains(migration.identifier) {
                try Self.apply(migration, in: db, checks: checks)
                applied.append(migration.identifier)
            }
            return report(ledger: ledger, appliedNow: applied)
        }
    }

    /// What the ledger says, without changing anything.
    public func report(_ reader: some DatabaseReader) throws -> MigrationReport {
        try reader.read { db in report(ledger: try Self.ledger(db), appliedNow: []) }
    }

    private func report(ledger: [String], appliedNow: [String]) -> MigrationReport {
        let known = Set(migrations.map(\.identifier))
        let done = Set(ledger).union(appliedNow)
        return MigrationReport(
            appliedNow: appliedNow,
            alreadyApplied: migrations.map(\.identifier).filter { ledger.contains($0) },
            pending: migrations.map(\.identifier).filter { !done.contains($0) },
            unknown: ledger.filter { !known.contains($0) })
    }

    /// The identifiers in the ledger, in the order they were applied (empty when there is no ledger yet).
    private static func ledger(_ db: Database) throws -> [String] {
        let exists = try Int64.fetchOne(
            db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?",
            arguments: [ledgerTableName]) ?? 0
        guard exists > 0 else { return [] }
        return try String.fetchAll(
            db, sql: "SELECT identifier FROM \(quoteIdentifier(ledgerTableName)) ORDER BY rowid")
    }

    private static func apply(_ migration: Migration, in db: Database, checks: ForeignKeyChecks) throws {
        let enforced = try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false
        let checkBeforeCommit = enforced && checks == .beforeCommit
        if checkBeforeCommit { try db.execute(sql: "PRAGMA foreign_keys = OFF") }
        defer { if checkBeforeCommit { try? db.execute(sql: "PRAGMA foreign_keys = ON") } }
        try db.inTransaction(.immediate) {
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS \(quoteIdentifier(ledgerTableName)) (
                    identifier TEXT NOT NULL PRIMARY KEY,
                    applied_at TEXT NOT NULL)
                """)
            try migration.migrate(db)
            if checkBeforeCommit { try checkForeignKeys(db, migration: migration.identifier) }
            try db.execute(
                sql: "INSERT INTO \(quoteIdentifier(ledgerTableName)) (identifier, applied_at) VALUES (?, ?)",
                arguments: [migration.identifier, ISO8601DateFormatter().string(from: Date())])
            return .commit
        }
    }

    private static func checkForeignKeys(_ db: Database, migration: String) throws {
        let violations = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
        guard let first = violations.first else { return }
        let table: String = (try? first.decode(forColumn: "table")) ?? "?"
        let parent: String = (try? first.decode(forColumn: "parent")) ?? "?"
        let rowid: Int64? = try? first.decode(forColumn: "rowid")
        let more = violations.count > 1 ? " (and \(violations.count - 1) more)" : ""
        throw DatabaseError(
            kind: .foreignKeyViolation, extendedResultCode: .SQLITE_CONSTRAINT_FOREIGNKEY,
            message: "migration \(migration) left a foreign key violation: a row of \(table)"
                + (rowid.map { " (rowid \($0))" } ?? "") + " references a missing row of \(parent)\(more); "
                + "it was rolled back",
            sql: "PRAGMA foreign_key_check")
    }
}

/// What a migrator found in the ledger and did.
public struct MigrationReport: Sendable, Equatable {
    /// Migrations applied by this call, in order.
    public var appliedNow: [String]
    /// Registered migrations the ledger already held before this call.
    public var alreadyApplied: [String]
    /// Registered migrations still to apply.
    public var pending: [String]
    /// Ledger rows no registered migration matches (for example written by a newer app version).
    public var unknown: [String]
}
