import ReaderWriterDriver

/// The query interface and record persistence of the reader/writer driver, against the same raw C work as the
/// `fetch` and `insert` families: `IntegerRecord.fetchAll(db)` reads what `fetch-*-records` reads, and
/// `record.insert(db)` writes what `insert-*` writes.
enum RecordCases {
    static func run(_ context: BenchContext) throws -> [BenchResult] {
        var results: [BenchResult] = []
        let fetchCount = context.configuration.fetchRows
        let fetchPath = context.path("records-fetch.sqlite")
        try FetchCases.makeFile(fetchPath, rows: fetchCount)
        let fetchDrivers = try DriverSet(path: fetchPath, label: "records-fetch")
        defer { fetchDrivers.close() }
        results += try context.measure(queryFetch(fetchDrivers, name: "records-fetch-\(sizeLabel(fetchCount))-query"))
        results += try context.measure(filteredFetch(fetchDrivers, name: "records-fetch-\(sizeLabel(fetchCount))-filter"))

        let insertCount = context.configuration.insertRows
        let insertPath = context.path("records-insert.sqlite")
        let setup = try RawC(path: insertPath)
        try setup.execute(IntegerTable.createSQL(InsertCases.table))
        let insertDrivers = try DriverSet(path: insertPath, label: "records-insert")
        defer { insertDrivers.close() }
        results += try context.measure(recordInsert(insertDrivers, count: insertCount, name: "records-insert-\(sizeLabel(insertCount))"))
        return results
    }

    /// `Record.fetchAll(db)`: `SELECT * FROM t` built by the query interface, decoded by index.
    static func queryFetch(_ drivers: DriverSet, name: String) -> BenchCase {
        BenchCase(name: name, family: BenchFamily.records.rawValue, implementations: [
            .init(RawC.name) { FetchCases.outcome(try drivers.raw.fetchIntegerRecords(table: FetchCases.table)) },
            .init(DriverSet.queueName) { FetchCases.outcome(try drivers.queue.read { try IntegerRecord.fetchAll($0) }) },
            .init(DriverSet.poolName) { FetchCases.outcome(try drivers.pool.read { try IntegerRecord.fetchAll($0) }) },
        ])
    }

    /// A filtered, ordered request that selects every row (`c0 >= 0 ORDER BY rowid`): the cost of building and
    /// binding the request's SQL, against the raw C full scan.
    static func filteredFetch(_ drivers: DriverSet, name: String) -> BenchCase {
        let request = IntegerRecord.filter(Column("c0") >= 0).order(Column.rowID)
        return BenchCase(name: name, family: BenchFamily.records.rawValue, implementations: [
            .init(RawC.name) { FetchCases.outcome(try drivers.raw.fetchIntegerRecords(table: FetchCases.table)) },
            .init(DriverSet.queueName) { FetchCases.outcome(try drivers.queue.read { try request.fetchAll($0) }) },
            .init(DriverSet.poolName) { FetchCases.outcome(try drivers.pool.read { try request.fetchAll($0) }) },
        ])
    }

    /// `record.insert(db)` for every row in one write, against the raw C prepared INSERT.
    static func recordInsert(_ drivers: DriverSet, count: Int, name: String) -> BenchCase {
        let reset = {
            try drivers.raw.execute("DELETE FROM \(InsertCases.table)")
            try drivers.truncateWAL()
        }
        return BenchCase(name: name, family: BenchFamily.records.rawValue, implementations: [
            .init(RawC.name, setUp: reset) {
                InsertCases.verified(
                    try drivers.raw.insertIntegers(table: InsertCases.table, columns: IntegerTable.columns, count: count),
                    drivers)
            },
            .init(DriverSet.queueName, setUp: reset) {
                InsertCases.verified(try drivers.queue.write { try insertRecords($0, count: count) }, drivers)
            },
            .init(DriverSet.poolName, setUp: reset) {
                InsertCases.verified(try drivers.pool.write { try insertRecords($0, count: count) }, drivers)
            },
        ])
    }

    static func insertRecords(_ db: Database, count: Int) throws -> Int {
        for row in 0..<count {
            let record = IntegerRecord(
                c0: IntegerTable.value(row: row, column: 0), c1: IntegerTable.value(row: row, column: 1),
                c2: IntegerTable.value(row: row, column: 2), c3: IntegerTable.value(row: row, column: 3),
                c4: IntegerTable.value(row: row, column: 4), c5: IntegerTable.value(row: row, column: 5),
                c6: IntegerTable.value(row: row, column: 6), c7: IntegerTable.value(row: row, column: 7),
                c8: IntegerTable.value(row: row, column: 8), c9: IntegerTable.value(row: row, column: 9))
            try record.insert(db)
        }
        return count
    }
}

/// The bench tables are all named `t`.
extension IntegerRecord: PersistableRecord {
    static var databaseTableName: String { FetchCases.table }

    /// Hand-written encoding: the fast record protocol for inserts.
    func encode(to container: inout PersistenceContainer) {
        container["c0"] = c0; container["c1"] = c1; container["c2"] = c2; container["c3"] = c3; container["c4"] = c4
        container["c5"] = c5; container["c6"] = c6; container["c7"] = c7; container["c8"] = c8; container["c9"] = c9
    }
}
