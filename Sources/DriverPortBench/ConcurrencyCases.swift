import Foundation
import ReaderWriterDriver
import Synchronization

/// Case 5: N reader tasks (Swift concurrency, the drivers' `async` reads) sharing a fixed number of reads, on a
/// queue and on a pool over the same WAL file, without and with a writer task committing small transactions as
/// fast as it can for as long as the readers run.
///
/// Both implementations do the same reads (rows and checksum compared), so the ratio of their times is the inverse
/// of their read throughputs: the report gives `throughputRatioToQueue`. The writer's commits per second are
/// reported as `writerCommitsPerSecond`. On a machine with C cores, a pool can at best run min(N, C) reads at once.
enum ConcurrencyCases {
    static let family = BenchFamily.concurrency.rawValue
    static let writerTable = "w"

    static func run(_ context: BenchContext) throws -> [BenchResult] {
        let configuration = context.configuration
        let tableRows = max(configuration.fetchRows, configuration.rowsPerRead)
        let path = context.path("concurrency.sqlite")
        try FetchCases.makeFile(path, rows: tableRows)
        let setup = try RawC(path: path)
        try setup.execute(IntegerTable.createSQL(writerTable))
        var options = Configuration()
        options.label = "bench-concurrency"
        options.maximumReaderCount = max(configuration.readerCounts.max() ?? 1, 1)
        let queue = try DatabaseQueue(path: path, configuration: options)
        try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = NORMAL") }
        let pool = try DatabasePool(path: path, configuration: options)
        defer {
            try? queue.close()
            try? pool.close()
        }
        let work = Workload(
            reads: configuration.concurrentReads, rowsPerRead: configuration.rowsPerRead, tableRows: tableRows)
        var results: [BenchResult] = []
        for readers in configuration.readerCounts {
            for withWriter in [false, true] {
                let name = "concurrency-\(readers)-reader\(readers == 1 ? "" : "s")" + (withWriter ? "-with-writer" : "")
                let benchCase = BenchCase(
                    name: name, family: family, baseline: DriverSet.queueName, baselineIsRawC: false,
                    implementations: [
                        .init(DriverSet.queueName) { try work.run(on: queue, readers: readers, writer: withWriter) },
                        .init(DriverSet.poolName) { try work.run(on: pool, readers: readers, writer: withWriter) },
                    ])
                results += try context.measure(benchCase).map(withThroughputRatio)
            }
        }
        return results
    }

    /// Adds the throughput ratio to the queue (the inverse of the time ratio: both do the same reads).
    static func withThroughputRatio(_ result: BenchResult) -> BenchResult {
        var result = result
        if let ratio = result.ratioToBaseline, ratio > 0 {
            result.extra = (result.extra ?? [:]).merging(["throughputRatioToQueue": 1 / ratio]) { $1 }
        }
        return result
    }

    /// The reads of one run: `reads` reads of `rowsPerRead` consecutive rows each, spread over the table and dealt
    /// round-robin to the reader tasks.
    struct Workload: Sendable {
        let reads: Int
        let rowsPerRead: Int
        let tableRows: Int

        func run(on database: some DatabaseWriter, readers: Int, writer: Bool) throws -> BenchOutcome {
            let result = try runBlocking { try await self.runAsync(on: database, readers: readers, writer: writer) }
            return BenchOutcome(rows: result.rows, checksum: result.checksum, figures: result.figures)
        }

        /// What one run read, and the writer's figure.
        struct RunResult: Sendable {
            var rows: Int
            var checksum: Int64
            var figures: [String: Double]
        }

        func runAsync(on database: some DatabaseWriter, readers: Int, writer: Bool) async throws -> RunResult {
            let stop = StopSignal()
            let start = ContinuousClock.now
            async let commits = writer ? Self.writeUntilStopped(database, stop: stop) : 0
            let (rows, sum): (Int, Int64)
            do {
                (rows, sum) = try await withThrowingTaskGroup(of: (Int, Int64).self) { group in
                    for task in 0..<readers {
                        group.addTask { try await self.readerTask(database, task: task, of: readers) }
                    }
                    var rows = 0
                    var sum: Int64 = 0
                    for try await (taskRows, taskSum) in group {
                        rows += taskRows
                        sum &+= taskSum
                    }
                    return (rows, sum)
                }
            } catch {
                stop.signal()
                _ = try? await commits
                throw error
            }
            stop.signal()
            let written = try await commits
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let figures = writer ? ["writerCommitsPerSecond": Double(written) / max(seconds, 1e-9)] : [:]
            return RunResult(rows: rows, checksum: sum, figures: figures)
        }

        func readerTask(_ database: some DatabaseReader, task: Int, of readers: Int) async throws -> (Int, Int64) {
            var rows = 0
            var sum: Int64 = 0
            let ranges = max(tableRows / rowsPerRead, 1)
            for read in stride(from: task, to: reads, by: readers) {
                let first = (read % ranges) * rowsPerRead
                let count = rowsPerRead
                let (readRows, readSum) = try await database.read { db in try Self.readRange(db, first: first, count: count) }
                rows += readRows
                sum &+= readSum
            }
            return (rows, sum)
        }

        static let rangeSQL = "SELECT \(IntegerTable.columnList(IntegerTable.columns)) FROM \(FetchCases.table) "
            + "WHERE rowid > ? AND rowid <= ?"

        static func readRange(_ db: Database, first: Int, count: Int) throws -> (Int, Int64) {
            let cursor = try Row.fetchCursor(db, sql: rangeSQL, arguments: [first, first + count])
            var rows = 0
            var sum: Int64 = 0
            while let row = try cursor.next() {
                for index in 0..<IntegerTable.columns { sum &+= row[index] as Int64 }
                rows += 1
            }
            return (rows, sum)
        }

        /// Commits transactions of ten rows until `stop` is signalled; returns how many.
        static func writeUntilStopped(_ database: some DatabaseWriter, stop: StopSignal) async throws -> Int {
            var commits = 0
            let sql = IntegerTable.insertSQL(writerTable)
            while !stop.isSignalled {
                let base = commits
                try await database.write { db in
                    let statement = try db.cachedStatement(sql: sql)
                    for row in 0..<10 {
                        for column in 0..<IntegerTable.columns {
                            try statement.bind(IntegerTable.value(row: base * 10 + row, column: column), at: column + 1)
                        }
                        try statement.execute()
                    }
                }
                commits += 1
            }
            return commits
        }
    }
}

/// A one-way flag a task raises to stop another.
final class StopSignal: Sendable {
    private let flag = Atomic<Bool>(false)
    func signal() { flag.store(true, ordering: .releasing) }
    var isSignalled: Bool { flag.load(ordering: .acquiring) }
}

/// Runs async work from synchronous code (the runner's implementations), blocking the calling thread until it
/// finishes. Call it from a thread outside Swift's cooperative pool (the CLI's main thread, a test's own thread).
func runBlocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do {
            box.set(.success(try await body()))
        } catch {
            box.set(.failure(error))
        }
        done.signal()
    }
    done.wait()
    return try box.get()
}

/// The result of async work handed to the waiting thread.
final class ResultBox<T: Sendable>: Sendable {
    /// The result once set (guarded by the mutex itself).
    private let result = Mutex<Result<T, any Error>?>(nil)

    func set(_ value: Result<T, any Error>) { result.withLock { $0 = value } }

    func get() throws -> T {
        guard let result = result.withLock({ $0 }) else { throw BenchDataError.missing("async result") }
        return try result.get()
    }
}
