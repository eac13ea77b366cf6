import Foundation
@testable import ReaderWriterDriver
import SQLiteEngine
import Testing

@Suite("Configuration: prepareDatabase, foreign keys, busy modes, VFS, label")
struct ConfigurationTests {
    @Test("prepareDatabase runs on every new connection before the driver's first statement")
    func prepareDatabaseRunsFirst() throws {
        let scratch = Scratch()
        let path = try SQLiteEngineFixtureSupport.make(scratch.path, journal: "delete")
        let seen = EventLog()
        var configuration = Configuration()
        configuration.maximumReaderCount = 2
        configuration.prepareDatabase { db in
            // The driver's own set-up has not run yet: foreign keys are still SQLite's default (off) and the
            // pool's writer has not switched the file to WAL.
            let foreignKeys = try Int64.fetchOne(db, sql: "PRAGMA foreign_keys") ?? -1
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "?"
            seen.append("fk=\(foreignKeys) mode=\(mode)")
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        #expect(seen.all == ["fk=0 mode=delete"])
        let first = Gate(), second = Gate(), done = Gate()
        let errors = EventLog()
        for (mine, other) in [(first, second), (second, first)] {
            onThread {
                do {
                    try pool.read { _ in mine.open(); other.wait() }
                } catch {
                    // A failed read is reported, never swallowed: it once hid SQLITE_BUSY_RECOVERY as a 60 s hang.
                    errors.append("\(error)")
                    mine.open()
                }
                done.open()
            }
        }
        #expect(done.wait() && done.wait(), "the reads did not end within 60 s")
        #expect(errors.all == [])
        #expect(seen.all == ["fk=0 mode=delete", "fk=0 mode=wal", "fk=0 mode=wal"])
        #expect(try pool.read { try Int64.fetchOne($0, sql: "PRAGMA foreign_keys") } == 1)
    }

    @Test("an error thrown by prepareDatabase fails the open")
    func prepareDatabaseErrorFailsOpen() throws {
        struct WrongKey: Error {}
        var configuration = Configuration()
        configuration.prepareDatabase { _ in throw WrongKey() }
        #expect(throws: WrongKey.self) { try DatabaseQueue(configuration: configuration) }
    }

    @Test("foreignKeysEnabled turns enforcement on and off", arguments: [true, false])
    func foreignKeys(enabled: Bool) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = enabled
        let queue = try DatabaseQueue(configuration: configuration)
        try queue.write { try $0.execute(sql: "CREATE TABLE p(id INTEGER PRIMARY KEY); CREATE TABLE c(p REFERENCES p(id))") }
        let insert = { try queue.write { try $0.execute(sql: "INSERT INTO c VALUES (42)") } }
        if enabled {
            let error = #expect(throws: DatabaseError.self) { try insert() }
            #expect(error?.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY)
        } else {
            try insert()
        }
    }

    /// Another connection holding the write lock of `path`.
    private func lockHolder(_ path: String) throws -> EngineConnection {
        let holder = try EngineConnection(path: path, options: .readWrite)
        try holder.execute("BEGIN IMMEDIATE; INSERT INTO t VALUES (0)")
        return holder
    }

    @Test("busyMode immediateError fails at once with SQLITE_BUSY")
    func busyImmediate() throws {
        let scratch = Scratch()
        let path = try SQLiteEngineFixtureSupport.make(scratch.path, journal: "delete")
        let queue = try DatabaseQueue(path: path)
        let holder = try lockHolder(path)
        let error = #expect(throws: DatabaseError.self) { try queue.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") } }
        #expect(error?.resultCode == .SQLITE_BUSY)
        try holder.execute("ROLLBACK")
    }

    @Test("busyMode callback is asked, and giving up fails with SQLITE_BUSY")
    func busyCallback() throws {
        let scratch = Scratch()
        let path = try SQLiteEngineFixtureSupport.make(scratch.path, journal: "delete")
        let calls = Locked<[Int]>([])
        var configuration = Configuration()
        configuration.busyMode = .callback { retries in
            calls.withLock { $0.append(retries) }
            return retries < 3
        }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        let holder = try lockHolder(path)
        let error = #expect(throws: DatabaseError.self) { try queue.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") } }
        #expect(error?.resultCode == .SQLITE_BUSY)
        #expect(calls.withLock { $0 } == [0, 1, 2, 3])
        try holder.execute("ROLLBACK")
    }

    @Test("busyMode timeout waits for the other connection to let go")
    func busyTimeout() throws {
        let scratch = Scratch()
        let path = try SQLiteEngineFixtureSupport.make(scratch.path, journal: "delete")
        var configuration = Configuration()
        configuration.busyMode = .timeout(seconds: 60)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        let locked = Gate(), released = Gate()
        onThread {
            guard let holder = try? EngineConnection(path: path, options: .readWrite) else { return }
            try? holder.execute("BEGIN IMMEDIATE")
            locked.open()
            usleep(200_000)
            try? holder.execute("COMMIT")
            released.open()
        }
        #expect(locked.wait())
        try queue.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") }
        #expect(released.wait())
        #expect(try queue.read { try Int64.fetchOne($0, sql: "SELECT count(*) FROM t") } == 1)
    }

    @Test("a pool's readers wait up to 10 s on a lock whatever busyMode says; its writer and a queue take busyMode")
    func poolReadersWaitAsGRDBs() throws {
        let scratch = Scratch()
        let timeout = "PRAGMA busy_timeout"
        let pool = try DatabasePool(path: scratch.path)
        #expect(try pool.read { try Int.fetchOne($0, sql: timeout) } == 10_000)
        #expect(try pool.write { try Int.fetchOne($0, sql: timeout) } == 0)
        var configuration = Configuration()
        configuration.busyMode = .timeout(3)
        let waiting = try DatabasePool(path: scratch.path("b.sqlite"), configuration: configuration)
        #expect(try waiting.read { try Int.fetchOne($0, sql: timeout) } == 10_000, "busyMode does not shorten it")
        #expect(try waiting.write { try Int.fetchOne($0, sql: timeout) } == 3_000)
        let queue = try DatabaseQueue(path: scratch.path("c.sqlite"))
        #expect(try queue.read { try Int.fetchOne($0, sql: timeout) } == 0)
        try queue.close()
        configuration = Configuration()
        configuration.readonly = true
        let readonlyQueue = try DatabaseQueue(path: scratch.path("c.sqlite"), configuration: configuration)
        #expect(try readonlyQueue.read { try Int.fetchOne($0, sql: timeout) } == 0, "a read-only queue takes busyMode")
    }

    @Test("a pool reader meeting a lock asks readonlyBusyMode, and reads once the lock is gone")
    func poolReaderBusyModeIsAsked() throws {
        let scratch = Scratch()
        let calls = Locked<[Int]>([])
        var configuration = Configuration()
        configuration.readonlyBusyMode = .callback { retries in
            calls.withLock { $0.append(retries) }
            return retries < 2
        }
        let made = try DatabasePool(path: scratch.path, configuration: configuration)
        try made.write { try makeTable($0, rows: 3) }
        #expect(try made.read { try Int.fetchOne($0, sql: "PRAGMA busy_timeout") } == 0, "a callback, not a timeout")
        try made.close()
        // A connection in exclusive locking mode keeps its lock after its write: every other connection is locked out
        // (one of SQLite's cases where a WAL reader meets SQLITE_BUSY). A read-only pool opens without reading.
        let holder = try EngineConnection(path: scratch.path, options: .readWrite)
        try holder.execute("PRAGMA locking_mode = EXCLUSIVE; INSERT INTO t(v) VALUES (4)")
        configuration.readonly = true
        let pool = try DatabasePool(path: scratch.path, configuration: configuration)
        let count = "SELECT count(*) FROM t"
        let error = #expect(throws: DatabaseError.self) { try pool.read { try Int.fetchOne($0, sql: count) } }
        #expect(error?.resultCode == .SQLITE_BUSY)
        #expect(calls.withLock { $0 } == [0, 1, 2], "asked until it gave up")
        holder.close()
        #expect(try pool.read { try Int.fetchOne($0, sql: count) } == 4)
    }

    @Test("connections open through the named VFS, and an unknown VFS fails", arguments: WriterKind.allCases)
    func namedVFS(kind: WriterKind) throws {
        let scratch = Scratch()
        var configuration = Configuration()
        configuration.vfs = "unix-excl"
        let db = try kind.open(scratch.path, configuration)
        try db.write { try makeTable($0, rows: 2) }
        #expect(try db.read { try Int64.fetchOne($0, sql: "SELECT count(*) FROM t") } == 2)
        try db.close()
        configuration.vfs = "no-such-vfs"
        #expect(throws: DatabaseError.self) { try kind.open(scratch.path, configuration) }
    }

    @Test("a read-only queue refuses writes and never creates a file")
    func readonlyQueue() throws {
        let scratch = Scratch()
        var configuration = Configuration()
        configuration.readonly = true
        #expect(throws: DatabaseError.self) { try DatabaseQueue(path: scratch.path, configuration: configuration) }
        #expect(scratch.files().isEmpty)
        _ = try SQLiteEngineFixtureSupport.make(scratch.path, journal: "delete")
        let queue = try DatabaseQueue(path: scratch.path, configuration: configuration)
        #expect(throws: DatabaseError.self) { try queue.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") } }
        #expect(try queue.read { try Int64.fetchOne($0, sql: "SELECT count(*) FROM t") } == 0)
    }
}
