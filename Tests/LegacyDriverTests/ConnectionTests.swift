import Foundation
import LegacyDriver
import SQLiteEngine
import Testing
import TestSupport

@Suite("Connection: opening, raw SQL, settings, attached databases")
struct ConnectionTests {
    typealias S = Schema

    @Test("opens a file by path (creating it), in memory, and as a temporary database")
    func openLocations() throws {
        let folder = TemporaryDirectory("legacy")
        let path = folder.path("new.sqlite")
        let file = try Connection(path)
        try file.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1)")
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(!file.readonly)
        let memory = try Connection(.inMemory)
        try memory.execute("CREATE TABLE t(x)")
        #expect(memory.location.description == ":memory:")
        let temporary = try Connection(.temporary)
        try temporary.execute("CREATE TABLE t(x); INSERT INTO t VALUES (2)")
        #expect(try temporary.scalar("SELECT x FROM t")?.sqliteValue == .integer(2))
        // Two in-memory connections are separate databases.
        #expect(throws: LegacyError.self) { try Connection().scalar("SELECT * FROM t") }
    }

    @Test("read-only connections read and refuse writes with SQLITE_READONLY; a missing file is SQLITE_CANTOPEN")
    func readOnly() throws {
        let folder = TemporaryDirectory("legacy")
        let path = folder.path("ro.sqlite")
        try Connection(path).execute("CREATE TABLE t(x); INSERT INTO t VALUES (1)")
        let reader = try Connection(path, readonly: true)
        #expect(reader.readonly)
        #expect(try reader.scalar("SELECT count(*) FROM t")?.sqliteValue == .integer(1))
        let error = #expect(throws: LegacyError.self) { try reader.run("INSERT INTO t VALUES (2)") }
        #expect(error?.code == ResultCode.readonly)
        let missing = #expect(throws: LegacyError.self) { try Connection(folder.path("missing.sqlite"), readonly: true) }
        #expect(missing?.code == ResultCode.cantopen)
        #expect(!FileManager.default.fileExists(atPath: folder.path("missing.sqlite")))
    }

    @Test("a file: URI with parameters opens the file as the parameters say")
    func uriLocations() throws {
        let folder = TemporaryDirectory("legacy")
        let path = folder.path("a b#c?.sqlite")
        try Connection(path).execute("CREATE TABLE t(x)")
        let location = Connection.Location.uri(path, parameters: [.mode(.readOnly)])
        #expect(location.description == "file:\(folder.url.path)/a b%23c%3F.sqlite?mode=ro")
        let reader = try Connection(location)
        #expect(try reader.scalar("SELECT count(*) FROM t")?.sqliteValue == .integer(0))
        #expect(throws: LegacyError.self) { try reader.run("INSERT INTO t VALUES (1)") }
        let immutable = Connection.Location.uri("file:/x.db?cache=shared", parameters: [.immutable(true), .vfs("a&b")])
        #expect(immutable.description == "file:/x.db?cache=shared&immutable=1&vfs=a%26b")
    }

    @Test("the VFS option opens through the named VFS, and an unknown one fails the open")
    func vfsOption() throws {
        let folder = TemporaryDirectory("legacy")
        let db = try Connection(folder.path("v.sqlite"), vfs: "unix-none")
        try db.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1)")
        #expect(try db.scalar("SELECT x FROM t")?.sqliteValue == .integer(1))
        let error = #expect(throws: LegacyError.self) { try Connection(folder.path("w.sqlite"), vfs: "no-such-vfs") }
        #expect(error?.sqliteError?.message.contains("no such vfs") == true)
    }

    @Test("the prepare hook runs once on the new engine connection before the driver uses it; its error fails the open")
    func prepareHook() throws {
        let folder = TemporaryDirectory("legacy")
        let path = folder.path("hook.sqlite")
        var seen: [EngineConnection] = []
        let db = try Connection(path) { engine in
            seen.append(engine)
            #expect(engine.isAutocommit)
            try engine.execute("PRAGMA user_version = 77")
        }
        #expect(seen.count == 1)
        #expect(seen.first === db.engine)
        #expect(try db.userVersion == 77)
        let error = #expect(throws: Planned.self) { try Connection(path) { _ in throw Planned() } }
        #expect(error == Planned())
    }

    @Test("execute runs every statement of a script; raw run, prepare and scalar bind values")
    func rawSQL() throws {
        let db = try Connection()
        try db.execute("""
            CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, amount REAL);
            INSERT INTO t(name) VALUES ('a');
            INSERT INTO t(name) VALUES ('b');
            """)
        try db.run("INSERT INTO t(name, amount) VALUES (?, ?)", "c", 1.5)
        try db.run("INSERT INTO t(name, amount) VALUES (?, ?)", ["d", nil])
        try db.run("INSERT INTO t(name, amount) VALUES (:name, :amount)", [":name": "e", "amount": 2])
        #expect(try db.scalar("SELECT count(*) FROM t")?.sqliteValue == .integer(5))
        #expect(try db.scalar("SELECT amount FROM t WHERE name = ?", "c")?.sqliteValue == .real(1.5))
        #expect(try db.scalar("SELECT amount FROM t WHERE name = ?", "d")?.sqliteValue == nil)
        #expect(try db.scalar("SELECT amount FROM t WHERE name = ?", "zzz")?.sqliteValue == nil)
        let statement = try db.prepare("SELECT name, amount FROM t WHERE id > ? ORDER BY id", 3)
        #expect(statement.columnNames == ["name", "amount"])
        #expect(try statement.allValues() == [[.text("d"), .null], [.text("e"), .real(2)]])  // REAL affinity
        let insert = try db.prepare("INSERT INTO t(name) VALUES (?)")
        for name in ["f", "g"] { try insert.run(name) }
        #expect(try db.scalar("SELECT group_concat(name, '') FROM t")?.sqliteValue == .text("abcdefg"))
        // Rows of raw SQL read by expressions named after the result columns.
        let cursor = try db.prepareRowIterator("SELECT id, name, count(*) OVER () FROM t WHERE id <= ?", bindings: 2)
        let rows = try cursor.map { (try $0.get(SQLExpression<Int64>("id")), try $0.get(SQLExpression<String>("name"))) }
        #expect(rows.map(\.0) == [1, 2])
        #expect(rows.map(\.1) == ["a", "b"])
        // A parameter count mismatch is reported, not silently bound as NULL.
        let error = #expect(throws: LegacyError.self) { try db.run("INSERT INTO t(name, amount) VALUES (?, ?)", "x") }
        guard case .invalidQuery? = error else {
            Issue.record("expected invalidQuery, got \(String(describing: error))")
            return
        }
    }

    @Test("a failing script names the statement that failed")
    func scriptErrors() throws {
        let db = try Connection()
        let error = #expect(throws: LegacyError.self) { try db.execute("CREATE TABLE a(x); SELEC 1; CREATE TABLE b(x)") }
        #expect(error?.code == ResultCode.error)
        #expect(error?.sql == "SELEC 1;")
    }

    @Test("changes, totalChanges and lastInsertRowid follow SQLite")
    func changeCounters() throws {
        let db = try S.populated()
        let start = db.totalChanges
        #expect(try db.run(S.users.filter(S.age != nil).update(S.active <- true)) == 3)
        #expect(db.changes == 3)
        let rowid = try db.run(S.posts.insert(S.userId <- 2, S.title <- "t"))
        #expect(db.lastInsertRowid == rowid)
        #expect(db.changes == 1)
        #expect(db.totalChanges == start + 4)
    }

    @Test("userVersion reads and sets PRAGMA user_version")
    func userVersion() throws {
        let db = try Connection()
        #expect(try db.userVersion == 0)
        try db.setUserVersion(21)
        #expect(try db.userVersion == 21)
        #expect(try db.scalar("PRAGMA user_version")?.sqliteValue == .integer(21))
    }

    @Test("busyTimeout: 0 fails at once with SQLITE_BUSY while another connection writes; the setting reads back")
    func busyTimeout() throws {
        let folder = TemporaryDirectory("legacy")
        let path = folder.path("busy.sqlite")
        let writer = try Connection(path)
        try writer.execute("CREATE TABLE t(x)")
        let other = try Connection(path)
        #expect(other.busyTimeout == 0)
        other.busyTimeout = 0.05
        #expect(other.busyTimeout == 0.05)
        other.busyTimeout = 0
        try writer.transaction(.exclusive) {
            let error = #expect(throws: LegacyError.self) { try other.run("INSERT INTO t VALUES (1)") }
            #expect(error?.code == ResultCode.busy)
        }
        try other.run("INSERT INTO t VALUES (1)")
        #expect(try writer.scalar("SELECT count(*) FROM t")?.sqliteValue == .integer(1))
    }

    @Test("attach a database, query and copy across, attach read-only by URI, detach")
    func attachAndDetach() throws {
        let folder = TemporaryDirectory("legacy")
        let importPath = folder.path("import.sqlite")
        let source = try Connection(importPath)
        try source.execute(S.createSQL)
        try source.run(S.users.insert(S.id <- 100, S.name <- "imported"))

        let db = try S.populated()
        try db.attach(.uri(importPath), as: "import")
        let imported = Table("users", database: "import")
        #expect(try db.scalar(imported.count) == 1)
        try db.run(S.users.insert(imported.filter(!exists(S.users.filter(S.users[S.id] == imported[S.id])))))
        #expect(try db.scalar(S.users.count) == 5)
        try db.run(imported.insert(S.name <- "written"))
        try db.detach("import")
        #expect(throws: LegacyError.self) { try db.scalar(imported.count) }

        try db.attach(.uri(importPath, parameters: [.mode(.readOnly)]), as: "ro")
        let readOnly = Table("users", database: "ro")
        #expect(try db.scalar(readOnly.count) == 2)
        let error = #expect(throws: LegacyError.self) { try db.run(readOnly.insert(S.name <- "refused")) }
        #expect(error?.code == ResultCode.readonly)
        try db.detach("ro")
        // The attached file name is bound, so any path is safe.
        #expect(throws: LegacyError.self) { try db.attach(.uri("/nonexistent/'; DROP TABLE users; --"), as: "x") }
        #expect(try db.scalar(S.users.count) == 5)
    }

    @Test("the sqlcipher engine runs the driver's queries too", .enabled(if: (try? SQLiteLibrary.sqlcipher()) != nil))
    func sqlcipherEngine() throws {
        let db = try Connection(.inMemory, library: SQLiteLibrary.sqlcipher())
        try db.execute(S.createSQL)
        try db.run(S.users.insert(S.name <- "x", S.balance <- 1.25))
        #expect(try db.scalar(S.users.select(S.balance.sum)) == 1.25)
        #expect(try db.pluck(S.users)?[S.name] == "x")
        #expect(db.engine.library.kind == .sqlcipher)
    }
}
