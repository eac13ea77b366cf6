import Foundation
@testable import ReaderWriterDriver
import Testing

/// Long concurrency soak, off by default: `DRIVERPORT_SOAK=1 swift test --filter ReaderWriterDriverTests.SoakTests`
/// (also worth running under `--sanitize=thread`).
@Suite("Soak", .enabled(if: ProcessInfo.processInfo.environment["DRIVERPORT_SOAK"] == "1"))
struct SoakTests {
    @Test("transfers, reads and barriers from many threads and tasks keep the total balance")
    func transfersKeepTotal() async throws {
        let scratch = Scratch()
        var configuration = Configuration()
        configuration.maximumReaderCount = 3
        configuration.busyMode = .timeout(seconds: 30)
        let pool = try DatabasePool(path: scratch.path, configuration: configuration)
        try await pool.write { @Sendable db in
            try db.execute(sql: "CREATE TABLE account(id INTEGER PRIMARY KEY, balance INTEGER NOT NULL)")
            for id in 1...20 { try db.execute(sql: "INSERT INTO account VALUES (?, 1000)", arguments: [id]) }
        }
        let transfer: @Sendable (Int) -> @Sendable (Database) throws -> Void = { seed in
            { db in
                let from = seed % 20 + 1, to = (seed * 7) % 20 + 1, amount = seed % 50
                try db.execute(sql: "UPDATE account SET balance = balance - ? WHERE id = ?", arguments: [amount, from])
                try db.execute(sql: "UPDATE account SET balance = balance + ? WHERE id = ?", arguments: [amount, to])
            }
        }
        let total: @Sendable (Database) throws -> Int64 = { db in
            try Int64.fetchOne(db, sql: "SELECT sum(balance) FROM account") ?? -1
        }
        let badTotals = Locked<Int>(0)
        // Every access must succeed (the busy timeout is 30 s): an error is recorded, never swallowed.
        let errors = Locked<[String]>([])
        let record: @Sendable (String, () throws -> Void) -> Void = { what, access in
            do { try access() } catch { errors.withLock { $0.append("\(what): \(error)") } }
        }
        let iterations = Int(ProcessInfo.processInfo.environment["DRIVERPORT_SOAK_ITERATIONS"] ?? "") ?? 20_000
        let threadsDone = Gate()
        for thread in 0..<3 {
            onThread {
                for index in 0..<iterations {
                    switch (index + thread) % 4 {
                    case 0: record("write") { try pool.write(transfer(index * 3 + thread)) }
                    case 1: record("read") { if try pool.read(total) != 20_000 { badTotals.withLock { $0 += 1 } } }
                    case 2: record("writeWithoutTransaction") {
                        try pool.writeWithoutTransaction { db in
                            try db.inTransaction(.immediate) { try transfer(index)(db); return .commit }
                        }
                    }
                    default:
                        if index % 100 == 0 {
                            record("barrier") { _ = try pool.barrierWriteWithoutTransaction { try total($0) } }
                        } else {
                            record("unsafeRead") { if try pool.unsafeRead(total) != 20_000 { badTotals.withLock { $0 += 1 } } }
                        }
                    }
                }
                threadsDone.open()
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for index in 0..<iterations / 2 {
                        if index.isMultiple(of: 2) {
                            try await pool.write(transfer(index + task))
                        } else if try await pool.read(total) != 20_000 {
                            badTotals.withLock { $0 += 1 }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        for _ in 0..<3 { #expect(threadsDone.wait(seconds: 600)) }
        #expect(badTotals.withLock { $0 } == 0)
        let failed = errors.withLock { $0 }
        #expect(failed.isEmpty, "\(failed.count) accesses failed, first: \(failed.prefix(3))")
        #expect(try await pool.read(total) == 20_000)
        #expect(pool.readers.peakRunningReadCount <= 3)
    }
}
