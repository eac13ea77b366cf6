import LegacyDriver
import ReaderWriterDriver

/// Case 2: insert rows of ten INTEGER columns in one transaction, with the raw C API, the legacy driver, a queue
/// and a pool, all into the same table of one WAL file; and the legacy driver's floor, the app's setters with raw C
/// doing the insert.
///
/// Before each timed run (untimed) the table is emptied and the WAL checkpointed and truncated, so every run
/// inserts into an empty table and no run's commit pays for checkpointing another run's pages.
enum InsertCases {
    static let table = "t"

    static func run(_ context: BenchContext) throws -> [BenchResult] {
        let count = context.configuration.insertRows
        let path = context.path("insert.sqlite")
        let setup = try RawC(path: path)
        try setup.execute(IntegerTable.createSQL(table))
        let drivers = try DriverSet(path: path, label: "insert")
        defer { drivers.close() }
        return try context.measure(insert(drivers, count: count, name: "insert-\(sizeLabel(count))"))
    }

    static let insertSQL = IntegerTable.insertSQL(table)

    static func insert(_ drivers: DriverSet, count: Int, name: String) -> BenchCase {
        let reset = {
            try drivers.raw.execute("DELETE FROM \(table)")
            try drivers.truncateWAL()
        }
        return BenchCase(name: name, family: BenchFamily.insert.rawValue, implementations: [
            .init(RawC.name, setUp: reset) {
                verified(try drivers.raw.insertIntegers(table: table, columns: IntegerTable.columns, count: count), drivers)
            },
            .init(DriverSet.legacyName, setUp: reset) {
                // The query builder: `table.insert(c0 <- v, ...)`, one statement compiled per shape.
                let t = FetchCases.legacyTable
                try drivers.legacy.transaction(.immediate) {
                    for row in 0..<count { try drivers.legacy.run(legacyInsert(into: t, row: row)) }
                }
                return verified(count, drivers)
            },
            .init(DriverSet.queueName, setUp: reset) {
                verified(try drivers.queue.write { try insertRows($0, count: count) }, drivers)
            },
            .init(DriverSet.poolName, setUp: reset) {
                verified(try drivers.pool.write { try insertRows($0, count: count) }, drivers)
            },
            .init(settersFloorName, setUp: reset) {
                let t = FetchCases.legacyTable
                let sink = InsertSink()
                return verified(try drivers.raw.insertIntegers(table: table, columns: IntegerTable.columns, count: count) {
                    sink.keep(legacyInsert(into: t, row: $0))
                }, drivers)
            },
        ])
    }

    /// Not a driver: the work an app's `table.insert(c0 <- v, ...)` does before any driver sees it (building the ten
    /// setters and the insert, then freeing them), with the row inserted by the raw C baseline. Its ratio to raw C is
    /// the floor of any driver that takes SQLite.swift's insert API: the legacy driver's own share is the rest.
    static let settersFloorName = "setters + raw C"

    /// Row `row` as the app writes it on the legacy driver: `t.insert(c0 <- v, ..., c9 <- v)`.
    @inline(__always)
    static func legacyInsert(into t: Table, row: Int) -> Insert {
        typealias C = FetchCases.Legacy
        return t.insert(
            C.c0 <- IntegerTable.value(row: row, column: 0), C.c1 <- IntegerTable.value(row: row, column: 1),
            C.c2 <- IntegerTable.value(row: row, column: 2), C.c3 <- IntegerTable.value(row: row, column: 3),
            C.c4 <- IntegerTable.value(row: row, column: 4), C.c5 <- IntegerTable.value(row: row, column: 5),
            C.c6 <- IntegerTable.value(row: row, column: 6), C.c7 <- IntegerTable.value(row: row, column: 7),
            C.c8 <- IntegerTable.value(row: row, column: 8), C.c9 <- IntegerTable.value(row: row, column: 9))
    }

    /// The rows inserted, with a checksum of what the table holds afterwards (read after the clock stopped), so an
    /// implementation that writes other values, or fewer rows, is caught.
    static func verified(_ rows: Int, _ drivers: DriverSet) -> BenchOutcome {
        BenchOutcome(rows: rows, checksum: {
            var sum: Int64 = 0
            let stored = (try? drivers.raw.fetchIntegers(table: table, columns: IntegerTable.columns, checksum: &sum)) ?? -1
            return sum &+ Int64(stored)
        })
    }

    /// The reader/writer driver's fastest documented way: a cached statement, `bind(_:at:)` per column, `execute()`.
    static func insertRows(_ db: Database, count: Int) throws -> Int {
        let statement = try db.cachedStatement(sql: insertSQL)
        for row in 0..<count {
            for column in 0..<IntegerTable.columns {
                try statement.bind(IntegerTable.value(row: row, column: column), at: column + 1)
            }
            try statement.execute()
        }
        return count
    }
}

/// Keeps the last insert the setters floor built, so each one is built on the heap and freed when the next replaces
/// it, as on the legacy driver (an insert nobody keeps could be built on the stack, which no driver call allows).
final class InsertSink {
    private var last: Insert?

    @inline(never)
    func keep(_ insert: consuming Insert) { last = insert }
}
