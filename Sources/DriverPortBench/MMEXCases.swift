import Foundation
import CSQLite
import MMEXModel

/// Cases 3 and 6: MMEX work on generated fixtures, written per driver directly (the repositories of these slices are
/// not ported yet), each with a raw C version: load every transaction into `AccountTransaction` values, account
/// balances, monthly income vs expense, and point lookups by id. Load and reports run at every fixture size (scale);
/// the lookups at the main size.
///
/// Each size runs on a private copy of the cached fixture, in WAL mode, with all four implementations open on it.
enum MMEXCases {
    static func run(_ context: BenchContext) throws -> [BenchResult] {
        let configuration = context.configuration
        var sizes = Set(configuration.scaleTransactions)
        sizes.insert(configuration.mmexTransactions)
        var results: [BenchResult] = []
        for size in sizes.sorted() {
            let long = size >= 1_000_000
            let runner = long ? configuration.longRunner : configuration.runner
            let lookups = size == configuration.mmexTransactions ? configuration.lookups : nil
            results += try run(context, transactions: size, lookups: lookups, runner: runner)
        }
        return results
    }

    static func run(
        _ context: BenchContext, transactions: Int, lookups: Int?, runner: BenchRunner
    ) throws -> [BenchResult] {
        let label = sizeLabel(transactions)
        let path = try context.fixtureCopy(transactions: transactions, name: "mmex-\(label).mmb")
        defer { removeDatabase(path) }
        let drivers = try DriverSet(path: path, label: "mmex-\(label)")
        defer { drivers.close() }
        var results: [BenchResult] = []
        results += try context.measure(load(drivers, name: "mmex-load-\(label)"), with: runner)
        results += try context.measure(balances(drivers, name: "mmex-balances-\(label)"), with: runner)
        results += try context.measure(monthly(drivers, name: "mmex-monthly-\(label)"), with: runner)
        if let lookups {
            let ids = MMEXWork.lookupIDs(from: try transactionIDs(drivers.raw), count: lookups)
            results += try context.measure(lookUp(drivers, ids: ids, name: "mmex-lookups-\(sizeLabel(lookups))-of-\(label)"), with: runner)
        }
        return results
    }

    static let family = BenchFamily.mmex.rawValue

    static func load(_ drivers: DriverSet, name: String) -> BenchCase {
        BenchCase(name: name, family: family, implementations: [
            .init(RawC.name) { MMEXWork.outcome(try drivers.raw.loadTransactions()) },
            .init(DriverSet.legacyName) { MMEXWork.outcome(try MMEXLegacyWork.load(drivers.legacy)) },
            .init(DriverSet.queueName) { MMEXWork.outcome(try drivers.queue.read(MMEXReaderWriterWork.load)) },
            .init(DriverSet.poolName) { MMEXWork.outcome(try drivers.pool.read(MMEXReaderWriterWork.load)) },
        ])
    }

    static func balances(_ drivers: DriverSet, name: String) -> BenchCase {
        BenchCase(name: name, family: family, implementations: [
            .init(RawC.name) { try drivers.raw.balances().outcome },
            .init(DriverSet.legacyName) { try MMEXLegacyWork.balances(drivers.legacy).outcome },
            .init(DriverSet.queueName) { try drivers.queue.read(MMEXReaderWriterWork.balances).outcome },
            .init(DriverSet.poolName) { try drivers.pool.read(MMEXReaderWriterWork.balances).outcome },
        ])
    }

    static func monthly(_ drivers: DriverSet, name: String) -> BenchCase {
        BenchCase(name: name, family: family, implementations: [
            .init(RawC.name) { MMEXWork.outcome(try drivers.raw.monthlyTotals()) },
            .init(DriverSet.legacyName) { MMEXWork.outcome(try MMEXLegacyWork.monthly(drivers.legacy)) },
            .init(DriverSet.queueName) { MMEXWork.outcome(try drivers.queue.read(MMEXReaderWriterWork.monthly)) },
            .init(DriverSet.poolName) { MMEXWork.outcome(try drivers.pool.read(MMEXReaderWriterWork.monthly)) },
        ])
    }

    /// Point lookups, all in one read transaction per run, so what differs is the per-statement cost: compiling
    /// (or finding the cached statement), binding, stepping and decoding.
    static func lookUp(_ drivers: DriverSet, ids: [Int64], name: String) -> BenchCase {
        BenchCase(name: name, family: family, implementations: [
            .init(RawC.name) { MMEXWork.outcome(try drivers.raw.lookUpTransactions(ids)) },
            .init(DriverSet.legacyName) { MMEXWork.outcome(try MMEXLegacyWork.lookUp(drivers.legacy, ids)) },
            .init(DriverSet.queueName) { MMEXWork.outcome(try drivers.queue.read { try MMEXReaderWriterWork.lookUp($0, ids) }) },
            .init(DriverSet.poolName) { MMEXWork.outcome(try drivers.pool.read { try MMEXReaderWriterWork.lookUp($0, ids) }) },
        ])
    }

    /// Every transaction id, in order.
    static func transactionIDs(_ raw: RawC) throws -> [Int64] {
        let statement = try raw.prepare("SELECT TRANSID FROM CHECKINGACCOUNT_V1 ORDER BY TRANSID")
        defer { sqlite3_finalize(statement) }
        var ids: [Int64] = []
        while sqlite3_step(statement) == SQLITE_ROW { ids.append(sqlite3_column_int64(statement, 0)) }
        return ids
    }

    /// Removes a scratch database and its sidecars.
    static func removeDatabase(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }
}
