import CSQLite
import LegacyDriver
import ReaderWriterDriver

/// Case 1: fetch every row of a table of ten INTEGER columns, by index, by column name and into records, with the
/// raw C API, the legacy driver, a queue and a pool. Every implementation sums what it read (the checksum the
/// runner compares).
enum FetchCases {
    static let table = "t"

    static func run(_ context: BenchContext) throws -> [BenchResult] {
        let count = context.configuration.fetchRows
        let path = context.path("fetch.sqlite")
        try makeFile(path, rows: count)
        let drivers = try DriverSet(path: path, label: "fetch")
        defer { drivers.close() }
        let label = sizeLabel(count)
        var results: [BenchResult] = []
        results += try context.measure(byIndex(drivers, name: "fetch-\(label)-by-index"))
        results += try context.measure(byName(drivers, name: "fetch-\(label)-by-name"))
        results += try context.measure(intoRecords(drivers, name: "fetch-\(label)-records"))
        return results
    }

    /// A WAL-mode file holding `rows` rows in table `t`.
    static func makeFile(_ path: String, rows: Int) throws {
        let raw = try RawC(path: path)
        try raw.execute("PRAGMA journal_mode = WAL")
        try raw.execute(IntegerTable.createSQL(table))
        _ = try raw.insertIntegers(table: table, columns: IntegerTable.columns, count: rows)
        try raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    static let selectSQL = "SELECT \(IntegerTable.columnList(IntegerTable.columns)) FROM \(table)"

    /// The legacy driver's view of the table: `Table("t")` and one `Expression<Int64>` per column, each a constant
    /// of its own as SQLite.swift apps declare them (reading `row[c0]` borrows the expression; taking expressions
    /// out of an array would copy each one per read and measure the array, not the driver).
    static let legacyTable = Table(table)
    enum Legacy {
        typealias Column = LegacyDriver.Expression<Int64>
        static let c0 = Column("c0"), c1 = Column("c1"), c2 = Column("c2"), c3 = Column("c3"), c4 = Column("c4")
        static let c5 = Column("c5"), c6 = Column("c6"), c7 = Column("c7"), c8 = Column("c8"), c9 = Column("c9")
        static var all: [Column] { [c0, c1, c2, c3, c4, c5, c6, c7, c8, c9] }

        /// The row's columns, each read by its expression.
        @inline(__always)
        static func record(_ row: LegacyDriver.Row) throws -> IntegerRecord {
            IntegerRecord(
                c0: try row.get(c0), c1: try row.get(c1), c2: try row.get(c2), c3: try row.get(c3), c4: try row.get(c4),
                c5: try row.get(c5), c6: try row.get(c6), c7: try row.get(c7), c8: try row.get(c8), c9: try row.get(c9))
        }
    }

    // MARK: By index

    static func byIndex(_ drivers: DriverSet, name: String) -> BenchCase {
        BenchCase(name: name, family: BenchFamily.fetch.rawValue, implementations: [
            .init(RawC.name) {
                var sum: Int64 = 0
                let rows = try drivers.raw.fetchIntegers(table: table, columns: IntegerTable.columns, checksum: &sum)
                return BenchOutcome(rows: rows, checksum: sum)
            },
            .init(DriverSet.legacyName) {
                // SQLite.swift's raw-statement iteration: each row is an array of values, read by position.
                let statement = try drivers.legacy.prepare(selectSQL)
                var rows = 0
                var sum: Int64 = 0
                while let values = try statement.next() {
                    for index in 0..<IntegerTable.columns {
                        guard case .integer(let value) = values[index] else { throw BenchDataError.unexpected(selectSQL) }
                        sum &+= value
                    }
                    rows += 1
                }
                return BenchOutcome(rows: rows, checksum: sum)
            },
            .init(DriverSet.queueName) { try drivers.queue.read { try readByIndex($0) } },
            .init(DriverSet.poolName) { try drivers.pool.read { try readByIndex($0) } },
        ])
    }

    static func readByIndex(_ db: Database) throws -> BenchOutcome {
        let cursor = try ReaderWriterDriver.Row.fetchCursor(db, sql: selectSQL)
        var rows = 0
        var sum: Int64 = 0
        while let row = try cursor.next() {
            for index in 0..<IntegerTable.columns { sum &+= row[index] as Int64 }
            rows += 1
        }
        return BenchOutcome(rows: rows, checksum: sum)
    }

    // MARK: By column name

    static func byName(_ drivers: DriverSet, name: String) -> BenchCase {
        BenchCase(name: name, family: BenchFamily.fetch.rawValue, implementations: [
            .init(RawC.name) {
                var sum: Int64 = 0
                let rows = try drivers.raw.fetchIntegers(table: table, columns: IntegerTable.columns, checksum: &sum)
                return BenchOutcome(rows: rows, checksum: sum)
            },
            .init(DriverSet.legacyName) {
                // The query builder: each column read by its typed expression.
                let cursor = try drivers.legacy.prepare(legacyTable.select(Legacy.all))
                var rows = 0
                var sum: Int64 = 0
                while let row = try cursor.next() {
                    sum &+= try row.get(Legacy.c0) &+ row.get(Legacy.c1) &+ row.get(Legacy.c2) &+ row.get(Legacy.c3) &+ row.get(Legacy.c4)
                    sum &+= try row.get(Legacy.c5) &+ row.get(Legacy.c6) &+ row.get(Legacy.c7) &+ row.get(Legacy.c8) &+ row.get(Legacy.c9)
                    rows += 1
                }
                return BenchOutcome(rows: rows, checksum: sum)
            },
            .init(DriverSet.queueName) { try drivers.queue.read { try readByName($0) } },
            .init(DriverSet.poolName) { try drivers.pool.read { try readByName($0) } },
        ])
    }

    static func readByName(_ db: Database) throws -> BenchOutcome {
        let cursor = try ReaderWriterDriver.Row.fetchCursor(db, sql: selectSQL)
        var rows = 0
        var sum: Int64 = 0
        while let row = try cursor.next() {
            sum &+= (row["c0"] as Int64) &+ (row["c1"] as Int64) &+ (row["c2"] as Int64) &+ (row["c3"] as Int64)
            sum &+= (row["c4"] as Int64) &+ (row["c5"] as Int64) &+ (row["c6"] as Int64) &+ (row["c7"] as Int64)
            sum &+= (row["c8"] as Int64) &+ (row["c9"] as Int64)
            rows += 1
        }
        return BenchOutcome(rows: rows, checksum: sum)
    }

    // MARK: Into records

    static func intoRecords(_ drivers: DriverSet, name: String) -> BenchCase {
        BenchCase(name: name, family: BenchFamily.fetch.rawValue, implementations: [
            .init(RawC.name) { outcome(try drivers.raw.fetchIntegerRecords(table: table)) },
            .init(DriverSet.legacyName) {
                outcome(try drivers.legacy.prepare(legacyTable.select(Legacy.all)).map(Legacy.record))
            },
            .init(DriverSet.queueName) { outcome(try drivers.queue.read { try IntegerRecord.fetchAll($0, sql: selectSQL) }) },
            .init(DriverSet.poolName) { outcome(try drivers.pool.read { try IntegerRecord.fetchAll($0, sql: selectSQL) }) },
        ])
    }

    /// The records' count, and their checksum computed after the clock stopped.
    static func outcome(_ records: [IntegerRecord]) -> BenchOutcome {
        BenchOutcome(rows: records.count, checksum: { IntegerRecord.checksum(records) })
    }
}

extension IntegerRecord: FetchableRecord {
    /// Hand-written decoding by index: the reader/writer driver's fast record protocol.
    init(row: ReaderWriterDriver.Row) throws {
        c0 = row[0]; c1 = row[1]; c2 = row[2]; c3 = row[3]; c4 = row[4]
        c5 = row[5]; c6 = row[6]; c7 = row[7]; c8 = row[8]; c9 = row[9]
    }
}

/// A bench database that does not hold what the case expects.
enum BenchDataError: Error, CustomStringConvertible {
    case unexpected(String)
    case missing(String)

    var description: String {
        switch self {
        case .unexpected(let what): "unexpected value reading: \(what)"
        case .missing(let what): "missing: \(what)"
        }
    }
}
