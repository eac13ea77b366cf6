import Foundation
@testable import ReaderWriterDriver
import SQLiteEngine
import Synchronization
import Testing

/// A flag a database closure raises and a test awaits.
private final class Signal: Sendable {
    private let raised = Atomic<Bool>(false)
    func raise() { raised.store(true, ordering: .releasing) }
    /// Suspends until raised (hang guard: 60 s).
    func wait() async throws -> Bool {
        for _ in 0..<60_000 {
            if raised.load(ordering: .acquiring) { return true }
            try await Task.sleep(for: .milliseconds(1))
        }
        return false
    }
}

/// A query that never ends by itself: only an interrupt stops it (bounded so a regression cannot hang forever).
private let endlessQuery = """
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000000000) SELECT count(*) FROM n
    """

@Suite("Async accesses and cancellation")
struct AsyncTests {
    @Test("every async access runs and returns its value", arguments: WriterKind.allCases)
    func asyncAccesses(kind: WriterKind) async throws {
        let scratch = Scratch()
        let db = try kind.open(scratch.path)
        try await db.write { try makeTable($0, rows: 5) }
        try await db.writeWithoutTransaction { try $0.execute(sql: "INSERT INTO t(v) VALUES (5)") }
        try await db.barrierWriteWithoutTransaction { try $0.execute(sql: "INSERT INTO t(v) VALUES (6)") }
        #expect(try await db.read { try Int64.fetchOne($0, sql: "SELECT sum(v) FROM t") } == 21)
        #expect(try await db.unsafeRead { try Int64.fetchOne($0, sql: "SELECT count(*) FROM t") } == 7)
        let error = await #expect(throws: DatabaseError.self) {
            try await db.read { try $0.execute(sql: "DELETE FROM t") }
        }
        #expect(error?.kind == .writeInReadAccess)
    }

    @Test("cancelling the task interrupts a long statement with CancellationError", arguments: WriterKind.allCases)
    func cancelInterruptsStatement(kind: WriterKind) async throws {
        let scratch = Scratch()
        let db = try kind.open(scratch.path)
        let started = Signal()
        let task = Task {
            try await db.read { db in
                started.raise()
                return try Int64.fetchOne(db, sql: endlessQuery)
            }
        }
        #expect(try await started.wait())
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        // The connection is usable afterwards.
        #expect(try await db.read { try Int64.fetchOne($0, sql: "SELECT 1") } == 1)
    }

    @Test("a cancelled write rolls back what it did", arguments: WriterKind.allCases)
    func cancelledWriteRollsBack(kind: WriterKind) async throws {
        let scratch = Scratch()
        let db = try kind.open(scratch.path)
        try await db.write { try makeTable($0, rows: 3) }
        let started = Signal()
        let task = Task {
            try await db.write { db in
                try db.execute(sql: "INSERT INTO t(v) VALUES (100)")
                started.raise()
                _ = try Int64.fetchOne(db, sql: endlessQuery)
            }
        }
        #expect(try await started.wait())
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try await db.read { try Int64.fetchOne($0, sql: "SELECT count(*) FROM t") } == 3)
        try await db.write { try $0.execute(sql: "INSERT INTO t(v) VALUES (3)") }
    }

    @Test("cancellation stops a cursor between rows", arguments: WriterKind.allCases)
    func cancelStopsCursor(kind: WriterKind) async throws {
        let scratch = Scratch()
        let db = try kind.open(scratch.path)
        let started = Signal()
        let task = Task {
            try await db.read { db in
                let cursor = try Int64.fetchCursor(
                    db, sql: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n")
                var seen: Int64 = 0
                while let value = try cursor.next() {
                    seen = value
                    if value == 10 { started.raise() }
                    if value > 10 { usleep(100) }
                }
                return seen
            }
        }
        #expect(try await started.wait())
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("an access whose task is already cancelled does not run its closure", arguments: WriterKind.allCases)
    func cancelledBeforeStart(kind: WriterKind) async throws {
        let scratch = Scratch()
        let db = try kind.open(scratch.path)
        try await db.write { try makeTable($0, rows: 0) }
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await db.write { try $0.execute(sql: "INSERT INTO t(v) VALUES (1)") }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try await db.read { try Int64.fetchOne($0, sql: "SELECT count(*) FROM t") } == 0)
    }

    @Test("a read waiting for a free reader stops waiting when cancelled")
    func cancelWhileWaitingForReader() async throws {
        let scratch = Scratch()
        var configuration = Configuration()
        configuration.maximumReaderCount = 1
        let pool = try DatabasePool(path: scratch.path, configuration: configuration)
        let holding = Gate(), release = Gate(), finished = Gate()
        let holderError = Locked<String?>(nil)
        // The waiting read is a task on the cooperative pool, which the suite's other tests keep busy: on a loaded
        // machine it can start minutes later. The holder keeps the only reader longer than the test waits for that
        // read to queue, so a late start is still a read that waits, never one that finds the reader free.
        let waitForQueuedRead = 300.0
        onThread {
            do {
                try pool.read { _ in
                    holding.open()
                    release.wait(seconds: 2 * waitForQueuedRead)
                }
            } catch {
                holderError.withLock { $0 = "\(error)" }
                holding.open() // never leave the test waiting for a read that failed
            }
            finished.open()
        }
        #expect(holding.wait())
        let task = Task(priority: .high) { try await pool.read { _ in 1 } }
        #expect(await waitUntilAsync(seconds: waitForQueuedRead) { pool.readers.waitingReadCount == 1 })
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(pool.readers.waitingReadCount == 0)
        release.open()
        #expect(finished.wait())
        #expect(holderError.withLock { $0 } == nil, "the read holding the only reader failed")
        #expect(try await pool.read { _ in 2 } == 2)
    }

    @Test("a synchronous access inside an async access of the same database throws reentrantAccess",
          arguments: WriterKind.allCases)
    func syncInsideAsyncThrows(kind: WriterKind) async throws {
        let scratch = Scratch()
        let db = try kind.open(scratch.path)
        let error = await #expect(throws: DatabaseError.self) {
            try await db.write { _ in try db.writeWithoutTransaction { _ in 1 } }
        }
        #expect(error?.kind == .reentrantAccess)
    }

    @Test("many async reads and writes interleave without losing a write", arguments: WriterKind.allCases)
    func manyAsyncAccesses(kind: WriterKind) async throws {
        let scratch = Scratch()
        let db = try kind.open(scratch.path)
        try await db.write { try makeTable($0, rows: 0) }
        let totals = try await withThrowingTaskGroup(of: Int64.self) { group in
            for index in 0..<60 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        try await db.write { try $0.execute(sql: "INSERT INTO t(v) VALUES (?)", arguments: [index]) }
                        return 0
                    }
                    return try await db.read { try Int64.fetchOne($0, sql: "SELECT count(*) FROM t") ?? 0 }
                }
            }
            return try await group.reduce(into: [Int64]()) { $0.append($1) }
        }
        #expect(totals.allSatisfy { $0 >= 0 && $0 <= 30 })
        #expect(try await db.read { try Int64.fetchOne($0, sql: "SELECT count(*) FROM t") } == 30)
    }
}
