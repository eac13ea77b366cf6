import Foundation
@testable import ReaderWriterDriver
import SQLiteEngine
import Testing

@Suite("Accesses: transactions, read-only reads, reentrancy")
struct AccessTests {
    @Test("write commits on return and read sees it", arguments: WriterKind.allCases)
    func writeCommits(kind: WriterKind) throws {
        let scratch = Scratch()
        let db = try kind.open(scratch.path)
        try db.write { try makeTable($0, rows: 3) }
        #expect(try db.read { try Int64.fetchOne($0, sql: "SELECT count(*) FROM t") } == 3)
    }

    @Test("write rolls back every change when its closure throws", arguments: WriterKind.allCases)
    func writeRollsBackOnThrow(kind: WriterKind) throws {
        struct Planned: Error {}
        let scratch = Scratch()
        let db = try kind.open(scratch.path)
        try db.write { try makeTable($0, rows: 3) }
        #expect(throws: Planned.self) {
            try db.write { db throws in
                try db.execute(sql: "INSERT INTO t(v) VALUES (99)")
                try db.execute(sql: "DELETE FROM t WHERE id = 1")
                throw Planned()
            }
        }
        #expect(try db.read { try Int64.fetchAll($0, sql: "SELECT v FROM t ORDER BY id") } == [0, 1, 2])
    }

    @Test("write runs in an IMMEDIATE transaction", arguments: WriterKind.allCases)
    func writeIsInsideTransaction(kind: WriterKind) throws {
        let scratch = Scratch()
        let db = try kind.open(scratch.path)
        #expect(try db.write { $0.isInsideTransaction })
        #expect(try db.writeWithoutTransaction { $0.isInsideTransaction } == false)
        #expect(try db.read { $0.isInsideTransaction })
        #expect(try db.unsafeRead { $0.isInsideTransaction } == false)
    }

    @Test("a statement that writes inside read fails with writeInReadAccess", arguments: WriterKind.allCases)
    func writeInsideReadFails(kind: WriterKind) throws {
        let scratch = Scratch()
        let db = try kind.open(scratch.path)
        try db.write { try makeTable($0, rows: 1) }
        for sql in ["INSERT INTO t(v) VALUES (1)", "CREATE TABLE other(x)", "DELETE FROM t"] {
            let error = #expect(throws: DatabaseError.self) {
                try db.read { try $0.execute(sql: sql) }
            }
            #expect(error?.kind == .writeInReadAccess)
            #expect(error?.resultCode == .SQLITE_READONLY)
            #expect(error?.message.contains("use write") == true)
            #expect(throws: DatabaseError.self) { try db.unsafeRead { try $0.execute(sql: sql) } }
        }
        // The read-only guard ends with the read: writes work again and nothing was written.
        try db.write { try $0.execute(sql: "INSERT INTO t(v) VALUES (5)") }
        #expect(try db.read { try Int64.fetchOne($0, sql: "SELECT count(*) FROM t") } == 2)
    }

    @Test("a queue's read turns query_only on and off again")
    func queueReadUsesQueryOnly() throws {
        let queue = try DatabaseQueue()
        #expect(try queue.read { try Int64.fetchOne($0, sql: "PRAGMA query_only") } == 1)
        #expect(try queue.write { try Int64.fetchOne($0, sql: "PRAGMA query_only") } == 0)
    }

    @Test("an in-memory queue works and keeps its data for its lifetime")
    func inMemoryQueue() throws {
        let queue = try DatabaseQueue()
        try queue.write { try makeTable($0, rows: 10) }
        #expect(try queue.read { try Int64.fetchOne($0, sql: "SELECT sum(v) FROM t") } == 45)
        #expect(queue.path == ":memory:")
    }

    @Test("a write inside a write of the same database throws reentrantAccess", arguments: WriterKind.allCases)
    func nestedWriteThrows(kind: WriterKind) throws {
        let scratch = Scratch()
        let db = try kind.open(scratch.path, { var c = Configuration(); c.label = "books"; return c }())
        try db.write { try makeTable($0, rows: 1) }
        let error = #expect(throws: DatabaseError.self) {
            try db.write { outer in
                try outer.execute(sql: "INSERT INTO t(v) VALUES (7)")
                try db.write { try $0.execute(sql: "INSERT INTO t(v) VALUES (8)") }
            }
        }
        #expect(error?.kind == .reentrantAccess)
        #expect(error?.resultCode == .SQLITE_MISUSE)
        #expect(error?.message.contains("books") == true)
        // The outer write rolled back (its closure threw), and the database is still usable.
        #expect(try db.read { try Int64.fetchOne($0, sql: "SELECT count(*) FROM t") } == 1)
    }

    @Test("every access kind nested in another of the same database throws", arguments: WriterKind.allCases)
    func everyNestingThrows(kind: WriterKind) throws {
        let scratch = Scratch()
        let db = try kind.open(scratch.path)
        let inner: [(String, (any DatabaseWriter) throws -> Void)] = [
            ("read", { _ = try $0.read { _ in 1 } }),
            ("unsafeRead", { _ = try $0.unsafeRead { _ in 1 } }),
            ("write", { _ = try $0.write { _ in 1 } }),
            ("writeWithoutTransaction", { _ = try $0.writeWithoutTransaction { _ in 1 } }),
            ("barrier", { _ = try $0.barrierWriteWithoutTransaction { _ in 1 } }),
            ("close", { try $0.close() }),
        ]
        for (name, access) in inner {
            var caught: (any Error)?
            _ = try? db.read { _ in
                do { try access(db) } catch { caught = error }
            }
            #expect(caught.map { DatabaseError.isKind(.reentrantAccess, $0) } == true, "\(name) in read")
            caught = nil
            _ = try? db.writeWithoutTransaction { _ in
                do { try access(db) } catch { caught = error }
            }
            #expect(
                caught.map { DatabaseError.isKind(.reentrantAccess, $0) } == true, "\(name) in writeWithoutTransaction")
        }
    }

    @Test("accesses of two different databases nest freely")
    func differentDatabasesNest() throws {
        let scratch = Scratch()
        let first = try DatabasePool(path: scratch.path("a.sqlite"))
        let second = try DatabaseQueue(path: scratch.path("b.sqlite"))
        try second.write { try makeTable($0, rows: 2) }
        try first.write { db throws in
            try db.execute(sql: "CREATE TABLE t(v)")
            let values = try second.read { try Int64.fetchAll($0, sql: "SELECT v FROM t") }
            for value in values { try db.execute(sql: "INSERT INTO t(v) VALUES (?)", arguments: [value]) }
        }
        #expect(try first.read { try Int64.fetchAll($0, sql: "SELECT v FROM t") } == [0, 1])
    }

    @Test("savepoints nest: an inner rollback keeps the outer changes", arguments: WriterKind.allCases)
    func savepointsNest(kind: WriterKind) throws {
        struct Planned: Error {}
        let scratch = Scratch()
        let db = try kind.open(scratch.path)
        try db.write { db throws in
            try db.execute(sql: "CREATE TABLE t(v)")
            try db.inSavepoint {
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                try db.inSavepoint {
                    try db.execute(sql: "INSERT INTO t VALUES (2)")
                    return .rollback
                }
                try? db.inSavepoint {
                    try db.execute(sql: "INSERT INTO t VALUES (3)")
                    throw Planned()
                }
                try db.inSavepoint {
                    try db.execute(sql: "INSERT INTO t VALUES (4)")
                    try db.inSavepoint {
                        try db.execute(sql: "INSERT INTO t VALUES (5)")
                        return .commit
                    }
                    return .commit
                }
                return .commit
            }
            try db.inSavepoint {
                try db.execute(sql: "INSERT INTO t VALUES (6)")
                return .rollback
            }
        }
        #expect(try db.read { try Int64.fetchAll($0, sql: "SELECT v FROM t ORDER BY v") } == [1, 4, 5])
    }

    @Test("a savepoint outside any transaction commits on release", arguments: WriterKind.allCases)
    func savepointWithoutTransaction(kind: WriterKind) throws {
        let scratch = Scratch()
        let db = try kind.open(scratch.path)
        try db.writeWithoutTransaction { db throws in
            try db.execute(sql: "CREATE TABLE t(v)")
            try db.inSavepoint {
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                return .commit
            }
            #expect(db.isInsideTransaction == false)
        }
        #expect(try db.read { try Int64.fetchOne($0, sql: "SELECT count(*) FROM t") } == 1)
    }

    @Test("inTransaction commits, rolls back, and rolls back on throw", arguments: WriterKind.allCases)
    func inTransaction(kind: WriterKind) throws {
        struct Planned: Error {}
        let scratch = Scratch()
        let db = try kind.open(scratch.path)
        try db.writeWithoutTransaction { db throws in
            try db.execute(sql: "CREATE TABLE t(v)")
            try db.inTransaction(.immediate) {
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                return .commit
            }
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                return .rollback
            }
            #expect(throws: Planned.self) {
                try db.inTransaction {
                    try db.execute(sql: "INSERT INTO t VALUES (3)")
                    throw Planned()
                }
            }
        }
        #expect(try db.read { try Int64.fetchAll($0, sql: "SELECT v FROM t") } == [1])
    }

    @Test("a transaction left open by writeWithoutTransaction is rolled back and reported", arguments: WriterKind.allCases)
    func transactionLeftOpen(kind: WriterKind) throws {
        let scratch = Scratch()
        let db = try kind.open(scratch.path)
        try db.write { try $0.execute(sql: "CREATE TABLE t(v)") }
        let error = #expect(throws: DatabaseError.self) {
            try db.writeWithoutTransaction { db throws in
                try db.execute(sql: "BEGIN; INSERT INTO t VALUES (1)")
            }
        }
        #expect(error?.kind == .transactionLeftOpen)
        #expect(try db.read { try Int64.fetchOne($0, sql: "SELECT count(*) FROM t") } == 0)
        try db.write { try $0.execute(sql: "INSERT INTO t VALUES (2)") }
    }

    @Test("after close every access throws closed, and closing twice is harmless", arguments: WriterKind.allCases)
    func closedDatabase(kind: WriterKind) throws {
        let scratch = Scratch()
        let db = try kind.open(scratch.path)
        try db.write { try makeTable($0, rows: 1) }
        try db.close()
        try db.close()
        let readError = #expect(throws: DatabaseError.self) { try db.read { _ in 1 } }
        #expect(readError?.kind == .closed)
        let writeError = #expect(throws: DatabaseError.self) { try db.write { _ in 1 } }
        #expect(writeError?.kind == .closed)
    }

    @Test("a queue leaves a file's journal mode as it found it")
    func queueLeavesJournalMode() throws {
        let scratch = Scratch()
        let rollback = scratch.path("rollback.sqlite")
        let wal = scratch.path("wal.sqlite")
        _ = try SQLiteEngineFixtureSupport.make(rollback, journal: "delete")
        _ = try SQLiteEngineFixtureSupport.make(wal, journal: "wal")
        for (path, expected) in [(rollback, "delete"), (wal, "wal")] {
            let queue = try DatabaseQueue(path: path)
            try queue.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") }
            #expect(try queue.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == expected)
            try queue.close()
        }
        var configuration = Configuration()
        configuration.journalMode = .memory
        let queue = try DatabaseQueue(path: rollback, configuration: configuration)
        #expect(try queue.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "memory")
    }
}

/// Files made with the engine directly, outside the driver.
enum SQLiteEngineFixtureSupport {
    static func make(_ path: String, journal: String) throws -> String {
        let connection = try EngineConnection(path: path, options: .create)
        _ = try connection.scalar("PRAGMA journal_mode = \(journal)")
        try connection.execute("CREATE TABLE t(v)")
        connection.close()
        return path
    }

    /// Bytes 18 and 19 of the header: 1 for a rollback journal, 2 for WAL.
    static func headerJournalBytes(_ path: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path), data.count >= 20 else { return [] }
        return [data[18], data[19]]
    }
}

@Suite("Connection lifetime")
struct ConnectionLifetimeTests {
    @Test("closing a connection from its own queue closes at once instead of deadlocking")
    func closeOnOwnQueue() throws {
        let owner = AccessOwner()
        let connection = SerializedConnection(queueLabel: "test", label: "test") {
            try ConnectionOpener.open(
                path: ":memory:", configuration: Configuration(), role: .queue, label: "test", owner: owner.id)
        }
        try connection.sync { _ in }
        // A database released while one of its own jobs is disposed closes from that job's queue.
        try connection.sync { _ in try connection.close() }
        let error = #expect(throws: DatabaseError.self) { try connection.sync { _ in } }
        #expect(error?.kind == .closed)
    }
}
