import Foundation
@testable import ReaderWriterDriver
import SQLiteEngine
import Testing

@Suite("DatabasePool: WAL, snapshots, concurrent readers, serialized writers, barriers")
struct PoolTests {
    /// A pool on a file in `scratch` (which must outlive the pool's use) with a table of `rows` rows.
    private func pool(
        _ scratch: Scratch, rows: Int = 1000, _ configure: (inout Configuration) -> Void = { _ in }
    ) throws -> DatabasePool {
        var configuration = Configuration()
        configure(&configuration)
        let pool = try DatabasePool(path: scratch.path, configuration: configuration)
        try pool.write { try makeTable($0, rows: rows) }
        return pool
    }

    private func count(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT count(*) FROM t") ?? -1
    }

    @Test("a pool switches the file to WAL and its writer to synchronous NORMAL")
    func walAndSynchronous() throws {
        let scratch = Scratch()
        let pool = try pool(scratch, rows: 0)
        #expect(try pool.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
        #expect(try pool.write { try Int64.fetchOne($0, sql: "PRAGMA synchronous") } == 1)
    }

    @Test("a long read keeps seeing 1000 rows while another thread commits the 1001st")
    func snapshotIsolation() throws {
        let scratch = Scratch()
        let pool = try pool(scratch)
        let readHasCounted = Gate()
        let writeCommitted = Gate()
        onThread {
            readHasCounted.wait()
            try? pool.write { try $0.execute(sql: "INSERT INTO t(v) VALUES (1000)") }
            writeCommitted.open()
        }
        let (before, after) = try pool.read { db throws in
            let before = try count(db)
            readHasCounted.open()
            #expect(writeCommitted.wait())
            return (before, try count(db))
        }
        #expect(before == 1000)
        #expect(after == 1000)
        #expect(try pool.read { try count($0) } == 1001)
    }

    @Test("a read started before a commit never sees it, even in its first statement")
    func snapshotTakenAtStart() throws {
        let scratch = Scratch()
        let pool = try pool(scratch)
        let readStarted = Gate()
        let writeCommitted = Gate()
        onThread {
            readStarted.wait()
            try? pool.write { db in
                try db.execute(sql: "INSERT INTO t(v) VALUES (1000)")
                try db.execute(sql: "DELETE FROM t WHERE id = 1")
                try db.execute(sql: "INSERT INTO t(v) VALUES (1001)")
            }
            writeCommitted.open()
        }
        let seen = try pool.read { db throws in
            readStarted.open()
            #expect(writeCommitted.wait())
            return (try count(db), try Int64.fetchOne(db, sql: "SELECT max(v) FROM t"))
        }
        #expect(seen.0 == 1000)
        #expect(seen.1 == 999)
        #expect(try pool.read { try count($0) } == 1001)
    }

    @Test("reads run while a write transaction is open, and see the last commit")
    func readsBesideOpenWrite() throws {
        let scratch = Scratch()
        let pool = try pool(scratch)
        let writeIsOpen = Gate()
        let releaseWrite = Gate()
        let writeDone = Gate()
        onThread {
            try? pool.write { db in
                try db.execute(sql: "INSERT INTO t(v) VALUES (-1)")
                writeIsOpen.open()
                releaseWrite.wait()
            }
            writeDone.open()
        }
        #expect(writeIsOpen.wait())
        let readDone = Gate()
        let seen = Locked<Int64>(0)
        onThread {
            let value = (try? pool.read { try count($0) }) ?? -1
            seen.withLock { $0 = value }
            readDone.open()
        }
        #expect(readDone.wait(), "a read must not wait for the open write transaction")
        #expect(seen.withLock { $0 } == 1000)
        releaseWrite.open()
        #expect(writeDone.wait())
        #expect(try pool.read { try count($0) } == 1001)
    }

    @Test("two reads run at the same time")
    func readsRunConcurrently() throws {
        let scratch = Scratch()
        let pool = try pool(scratch, rows: 10)
        let first = Gate(), second = Gate(), done = Gate()
        let results = EventLog()
        for (mine, other) in [(first, second), (second, first)] {
            onThread {
                let ok = (try? pool.read { _ in
                    mine.open()
                    return other.wait()  // waits for the other read to be running too
                }) ?? false
                results.append(ok ? "met" : "alone")
                done.open()
            }
        }
        #expect(done.wait() && done.wait())
        #expect(results.all == ["met", "met"])
    }

    @Test("no more than maximumReaderCount reads run at once; the next one waits")
    func readerLimit() throws {
        let scratch = Scratch()
        let pool = try pool(scratch, rows: 10) { $0.maximumReaderCount = 2 }
        let holding = Gate(), release = Gate(), finished = Gate()
        for _ in 0..<3 {
            onThread {
                _ = try? pool.read { _ in
                    holding.open()
                    release.wait()
                }
                finished.open()
            }
        }
        #expect(holding.wait() && holding.wait())
        #expect(waitUntil { pool.readers.waitingReadCount == 1 })
        #expect(pool.readers.runningReadCount == 2)
        release.open(); release.open(); release.open()
        #expect(finished.wait() && finished.wait() && finished.wait())
        #expect(pool.readers.peakRunningReadCount == 2)
        #expect(pool.readers.createdCount == 2)
    }

    @Test("many concurrent writers never lose an update")
    func writersAreSerialized() async throws {
        let scratch = Scratch()
        let pool = try DatabasePool(path: scratch.path)
        try await pool.write { try $0.execute(sql: "CREATE TABLE counter(n); INSERT INTO counter VALUES (0)") }
        let increment: @Sendable (Database) throws -> Void = { db in
            let n = try Int64.fetchOne(db, sql: "SELECT n FROM counter") ?? 0
            try db.execute(sql: "UPDATE counter SET n = ?", arguments: [n + 1])
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<120 {
                group.addTask {
                    if index.isMultiple(of: 3) {
                        try await pool.writeWithoutTransaction { db in
                            try db.inTransaction(.immediate) { try increment(db); return .commit }
                        }
                    } else {
                        try await pool.write(increment)
                    }
                }
            }
            let threadsDone = Gate()
            for _ in 0..<4 {
                onThread {
                    for _ in 0..<20 { try? pool.write(increment) }
                    threadsDone.open()
                }
            }
            try await group.waitForAll()
            for _ in 0..<4 { #expect(threadsDone.wait()) }
        }
        #expect(try await pool.read { try Int64.fetchOne($0, sql: "SELECT n FROM counter") } == 200)
    }

    @Test("barrierWriteWithoutTransaction waits for a running read and holds back new ones")
    func barrierWaitsForReads() throws {
        let scratch = Scratch()
        let pool = try pool(scratch, rows: 10)
        let log = EventLog()
        let readRunning = Gate(), releaseRead = Gate(), barrierDone = Gate(), lateReadDone = Gate()
        onThread {
            _ = try? pool.read { _ in
                readRunning.open()
                releaseRead.wait()
                log.append("read-end")
            }
        }
        #expect(readRunning.wait())
        onThread {
            _ = try? pool.barrierWriteWithoutTransaction { db in
                log.append("barrier")
                try db.execute(sql: "INSERT INTO t(v) VALUES (10)")
            }
            barrierDone.open()
        }
        #expect(waitUntil { pool.readers.isBarrierWaiting })
        #expect(log.all.isEmpty, "the barrier must not start while a read runs")
        onThread {
            _ = try? pool.read { db in log.append("late-read \(try count(db))") }
            lateReadDone.open()
        }
        #expect(waitUntil { pool.readers.waitingReadCount == 1 })
        releaseRead.open()
        #expect(barrierDone.wait() && lateReadDone.wait())
        #expect(log.all == ["read-end", "barrier", "late-read 11"])
    }

    @Test("invalidateReadOnlyConnections makes the next reads open new connections")
    func invalidateReaders() throws {
        let opened = EventLog()
        let scratch = Scratch()
        let pool = try pool(scratch, rows: 3) { configuration in
            configuration.prepareDatabase { db in opened.append(db.configuration.label ?? "") }
        }
        #expect(opened.all.count == 1)  // the writer
        _ = try pool.read { try count($0) }
        #expect(opened.all.count == 2)
        _ = try pool.read { try count($0) }
        #expect(opened.all.count == 2, "an idle reader is reused")
        try pool.barrierWriteWithoutTransaction { _ in pool.invalidateReadOnlyConnections() }
        #expect(try pool.read { try count($0) } == 3)
        #expect(opened.all.count == 3, "the next read opened a new connection")
        #expect(pool.readers.createdCount == 1)
    }

    @Test("with restoresJournalModeOnClose a rollback-journal file leaves the pool as it came")
    func restoresJournalMode() throws {
        let scratch = Scratch()
        let path = try SQLiteEngineFixtureSupport.make(scratch.path, journal: "delete")
        #expect(SQLiteEngineFixtureSupport.headerJournalBytes(path) == [1, 1])
        var configuration = Configuration()
        configuration.restoresJournalModeOnClose = true
        let pool = try DatabasePool(path: path, configuration: configuration)
        try pool.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") }
        _ = try pool.read { try count($0) }
        #expect(SQLiteEngineFixtureSupport.headerJournalBytes(path) == [2, 2])
        try pool.close()
        #expect(SQLiteEngineFixtureSupport.headerJournalBytes(path) == [1, 1])
        #expect(scratch.files() == ["test.sqlite"])
        let check = try EngineConnection(path: path, options: .readOnly)
        #expect(try check.pragma("journal_mode") == .text("delete"))
        #expect(try check.scalar("SELECT count(*) FROM t") == .integer(1))
    }

    @Test("with restoresJournalModeOnClose a pool that only read leaves no sidecars after a read-only use")
    func noSidecarsAfterReadOnlyUse() throws {
        let scratch = Scratch()
        let path = try SQLiteEngineFixtureSupport.make(scratch.path, journal: "delete")
        var configuration = Configuration()
        configuration.restoresJournalModeOnClose = true
        let pool = try DatabasePool(path: path, configuration: configuration)
        _ = try pool.read { try count($0) }
        #expect(scratch.files().contains("test.sqlite-wal"))
        try pool.close()
        #expect(scratch.files() == ["test.sqlite"])
        #expect(SQLiteEngineFixtureSupport.headerJournalBytes(path) == [1, 1])
    }

    @Test("without restoresJournalModeOnClose the file stays in WAL")
    func keepsWALByDefault() throws {
        let scratch = Scratch()
        let path = try SQLiteEngineFixtureSupport.make(scratch.path, journal: "delete")
        let pool = try DatabasePool(path: path)
        try pool.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") }
        try pool.close()
        #expect(SQLiteEngineFixtureSupport.headerJournalBytes(path) == [2, 2])
    }

    @Test("a pool refuses memory, a non-WAL journal mode and zero readers")
    func invalidConfigurations() throws {
        let scratch = Scratch()
        #expect(throws: DatabaseError.self) { try DatabasePool(path: ":memory:") }
        var rollback = Configuration()
        rollback.journalMode = .delete
        let modeError = #expect(throws: DatabaseError.self) { try DatabasePool(path: scratch.path, configuration: rollback) }
        #expect(modeError?.kind == .invalidConfiguration)
        var noReaders = Configuration()
        noReaders.maximumReaderCount = 0
        #expect(throws: DatabaseError.self) { try DatabasePool(path: scratch.path, configuration: noReaders) }
    }

    @Test("a read-only pool leaves the journal mode alone and refuses writes")
    func readonlyPool() throws {
        let scratch = Scratch()
        let path = try SQLiteEngineFixtureSupport.make(scratch.path, journal: "delete")
        var configuration = Configuration()
        configuration.readonly = true
        let pool = try DatabasePool(path: path, configuration: configuration)
        #expect(try pool.read { try count($0) } == 0)
        #expect(throws: DatabaseError.self) { try pool.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") } }
        try pool.close()
        #expect(SQLiteEngineFixtureSupport.headerJournalBytes(path) == [1, 1])
        #expect(scratch.files() == ["test.sqlite"])
    }

    @Test("close waits for a running read")
    func closeWaitsForReads() throws {
        let scratch = Scratch()
        let pool = try pool(scratch, rows: 10)
        let log = EventLog()
        let readRunning = Gate(), releaseRead = Gate(), closed = Gate()
        onThread {
            _ = try? pool.read { _ in
                readRunning.open()
                releaseRead.wait()
                log.append("read-end")
            }
        }
        #expect(readRunning.wait())
        onThread {
            try? pool.close()
            log.append("closed")
            closed.open()
        }
        #expect(waitUntil { pool.readers.isBarrierWaiting })
        releaseRead.open()
        #expect(closed.wait())
        #expect(log.all == ["read-end", "closed"])
    }
}
