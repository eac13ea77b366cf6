// SQLite.swift's schema builder as its documentation shows it (`create(table:)`, `addColumn`, `rename`, `drop`,
// indexes), compiled with only the import changed. Each snippet pins the SQL text SQLite.swift 0.15.3 generates for
// it and runs it, then reads back what SQLite stored (`sqlite_master`, `pragma table_info`).
import LegacyDriver
import Testing

@Suite("SQLite.swift schema builder snippets: the generated SQL, run and read back")
struct SchemaSnippets {
    let accounts = Table("accounts")
    let owners = Table("owners")
    let tags = Table("tags")
    let accountId = Expression<Int64>("id")
    let ownerId = Expression<Int64?>("owner_id")
    let ownerKey = Expression<Int64>("id")
    let label = Expression<String>("label")
    let note = Expression<String?>("note")
    let amount = Expression<Double>("amount")
    let open = Expression<Bool>("open")
    let position = Expression<Int>("position")

    /// The SQL SQLite keeps for a table or index.
    func storedSQL(_ db: Connection, _ name: String) throws -> String? {
        try db.scalar("SELECT sql FROM sqlite_master WHERE name = ?", name) as? String
    }

    @Test("create with primary key, unique, plain and nullable columns")
    func createEveryday() throws {
        let db = try Connection(.inMemory)
        let sql = accounts.create { t in
            t.column(accountId, primaryKey: true)
            t.column(label, unique: true)
            t.column(note)
        }
        #expect(sql == #"CREATE TABLE "accounts" ("id" INTEGER PRIMARY KEY NOT NULL, "label" TEXT NOT NULL UNIQUE, "note" TEXT)"#)
        try db.run(sql)
        #expect(try storedSQL(db, "accounts") == sql)
    }

    @Test("ifNotExists, autoincrement, check, default values, collate, temporary")
    func createWithOptions() throws {
        let db = try Connection(.inMemory)
        let sql = accounts.create(ifNotExists: true) { t in
            t.column(accountId, primaryKey: .autoincrement)
            t.column(label, defaultValue: "cash", collate: .nocase)
            t.column(amount, check: amount >= 0, defaultValue: 0.5)
            t.column(open, defaultValue: true)
            t.column(note, defaultValue: "it's")
        }
        #expect(sql == #"CREATE TABLE IF NOT EXISTS "accounts" ("id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "#
            + #""label" TEXT NOT NULL DEFAULT ('cash') COLLATE NOCASE, "#
            + #""amount" REAL NOT NULL CHECK ("amount" >= 0.0) DEFAULT (0.5), "#
            + #""open" INTEGER NOT NULL DEFAULT (1), "note" TEXT DEFAULT ('it''s'))"#)
        try db.run(sql)
        try db.run(sql)  // IF NOT EXISTS: a second run changes nothing
        try db.run(accounts.insert(amount <- 2))
        let row = try #require(try db.pluck(accounts))
        #expect(row[label] == "cash" && row[open] && row[note] == "it's")
        #expect(throws: LegacyError.self) { try db.run(accounts.insert(amount <- -1)) }
        #expect(accounts.create(temporary: true, withoutRowid: true) { $0.column(label, primaryKey: true) }
            == #"CREATE TEMPORARY TABLE "accounts" ("label" TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID"#)
    }

    @Test("references, table constraints and foreign keys with actions")
    func createWithConstraints() throws {
        let db = try Connection(.inMemory)
        try db.run(owners.create { t in t.column(ownerKey, primaryKey: true) })
        let sql = accounts.create { t in
            t.column(accountId)
            t.column(ownerId, references: owners, ownerKey)
            t.column(label)
            t.column(position)
            t.primaryKey(accountId, label)
            t.unique(label, position)
            t.check(position > 0)
            t.foreignKey(ownerId, references: owners, ownerKey, update: .cascade, delete: .setNull)
        }
        #expect(sql == #"CREATE TABLE "accounts" ("id" INTEGER NOT NULL, "owner_id" INTEGER REFERENCES "owners" ("id"), "#
            + #""label" TEXT NOT NULL, "position" INTEGER NOT NULL, PRIMARY KEY ("id", "label"), "#
            + #"UNIQUE ("label", "position"), CHECK (("position" > 0)), "#
            + #"FOREIGN KEY ("owner_id") REFERENCES "owners" ("id") ON UPDATE CASCADE ON DELETE SET NULL)"#)
        try db.run(sql)
        try db.execute("PRAGMA foreign_keys = ON")
        try db.run(owners.insert(ownerKey <- 7))
        try db.run(accounts.insert(accountId <- 1, ownerId <- 7, label <- "a", position <- 1))
        try db.run(owners.delete())
        #expect(try db.scalar(accounts.select(ownerId)) == nil)  // ON DELETE SET NULL
        #expect(throws: LegacyError.self) {
            try db.run(accounts.insert(accountId <- 2, label <- "b", position <- 0))  // CHECK
        }
    }

    @Test("addColumn, rename and drop as SQLite.swift writes them")
    func alterAndDrop() throws {
        let db = try Connection(.inMemory)
        try db.run(accounts.create { t in t.column(accountId, primaryKey: true) })
        let addNote = accounts.addColumn(note)
        let addOpen = accounts.addColumn(open, defaultValue: false)
        let addLabel = accounts.addColumn(label, defaultValue: "", collate: .rtrim)
        let addOwner = accounts.addColumn(ownerId, references: owners, ownerKey)
        #expect(addNote == #"ALTER TABLE "accounts" ADD COLUMN "note" TEXT"#)
        #expect(addOpen == #"ALTER TABLE "accounts" ADD COLUMN "open" INTEGER NOT NULL DEFAULT (0)"#)
        #expect(addLabel == #"ALTER TABLE "accounts" ADD COLUMN "label" TEXT NOT NULL DEFAULT ('') COLLATE RTRIM"#)
        #expect(addOwner == #"ALTER TABLE "accounts" ADD COLUMN "owner_id" INTEGER REFERENCES "owners" ("id")"#)
        for statement in [addNote, addOpen, addLabel, addOwner] { try db.run(statement) }
        let columns = try db.prepare("SELECT name FROM pragma_table_info('accounts')").map { $0[0] as? String }
        #expect(columns == ["id", "note", "open", "label", "owner_id"])
        let renamed = Table("ledger")
        #expect(accounts.rename(renamed) == #"ALTER TABLE "accounts" RENAME TO "ledger""#)
        try db.run(accounts.rename(renamed))
        #expect(renamed.drop() == #"DROP TABLE "ledger""#)
        #expect(renamed.drop(ifExists: true) == #"DROP TABLE IF EXISTS "ledger""#)
        try db.run(renamed.drop(ifExists: true))
        try db.run(renamed.drop(ifExists: true))
        #expect(try storedSQL(db, "ledger") == nil)
        #expect(Table("t", database: "aux").drop() == #"DROP TABLE "aux"."t""#)
    }

    @Test("createIndex and dropIndex name the index as SQLite.swift does")
    func indexes() throws {
        let db = try Connection(.inMemory)
        try db.run(accounts.create { t in
            t.column(accountId, primaryKey: true)
            t.column(label)
            t.column(position)
        })
        let create = accounts.createIndex(label, position, unique: true, ifNotExists: true)
        #expect(create == #"CREATE UNIQUE INDEX IF NOT EXISTS "index_accounts_on_label_position" ON "accounts" ("label", "position")"#)
        try db.run(create)
        #expect(try storedSQL(db, "index_accounts_on_label_position") != nil)
        #expect(accounts.createIndex(label.lowercaseString) == #"CREATE INDEX "index_accounts_on_lower_label_" ON "accounts" (lower("label"))"#)
        #expect(accounts.dropIndex(label, position) == #"DROP INDEX "index_accounts_on_label_position""#)
        try db.run(accounts.dropIndex(label, position, ifExists: true))
        #expect(try storedSQL(db, "index_accounts_on_label_position") == nil)
    }

    @Test("create table as a query")
    func createAsSelect() throws {
        let db = try Connection(.inMemory)
        try db.run(tags.create { t in t.column(label) })
        try db.run(tags.insert(label <- "x"))
        let copy = Table("tag_copy")
        let sql = copy.create(tags.filter(label != "y"))
        #expect(sql == #"CREATE TABLE "tag_copy" AS SELECT * FROM "tags" WHERE ("label" != 'y')"#)
        try db.run(sql)
        #expect(try db.scalar(copy.count) == 1)
    }
}
