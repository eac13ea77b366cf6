import MMEXModel
import MMEXSessionSupport
import ReaderWriterDriver

/// `STOCK_V1` and `STOCKHISTORY_V1` on the reader/writer driver: SQL on the unit's `db`, rows fetched as records.
struct ReaderWriterStockRepository: StockRepository {
    let unit: ReaderWriterUnit
    private typealias Stocks = StoredRecordSQL<Stock>
    private typealias Prices = StoredRecordSQL<StockHistory>

    func stocks(accountId: Int64?) throws -> [Stock] {
        try unit.run { db in
            if let accountId {
                return try Stocks.fetchAll(
                    db, Stocks.selection + " WHERE HELDAT = ? ORDER BY STOCKNAME COLLATE NOCASE, STOCKID", [accountId]
                )
            }
            return try Stocks.fetchAll(db, Stocks.selection + " ORDER BY STOCKNAME COLLATE NOCASE, STOCKID")
        }
    }

    func stock(id: Int64) throws -> Stock? {
        try unit.run { db in try Stocks.find(db, id: id) }
    }

    func history(symbol: String) throws -> [StockHistory] {
        try unit.run { db in
            try Prices.fetchAll(db, Prices.selection + " WHERE SYMBOL = ? ORDER BY DATE, HISTID", [symbol])
        }
    }

    func price(symbol: String, on day: CalendarDay) throws -> Amount? {
        try unit.run { db in
            try Prices.fetchOne(
                db, Prices.selection + " WHERE SYMBOL = ? AND DATE < ? ORDER BY DATE DESC, HISTID DESC LIMIT 1",
                [symbol, DayBounds.after(day)]
            )?.value
        }
    }

    func insert(_ stock: Stock) throws -> Stock {
        try unit.run { db in try Stocks.insert(db, stock, minter: unit.minter) }
    }

    func update(_ stock: Stock) throws {
        try unit.run { db in _ = try Stocks.update(db, stock) }
    }

    func deleteStock(id: Int64) throws -> Bool {
        try unit.run { db in
            guard let stock = try Stocks.find(db, id: id) else { return false }
            try db.execute(sql: "DELETE FROM STOCK_V1 WHERE STOCKID = ?", arguments: [id])
            try ReaderWriterDependants.deleteLinksAndAttachments(db, kind: "Stock", id: id)
            if let symbol = stock.symbol {
                let others = try Int64.fetchOne(db, sql: "SELECT count(*) FROM STOCK_V1 WHERE SYMBOL = ?", arguments: [symbol])
                if others == 0 {
                    try db.execute(sql: "DELETE FROM STOCKHISTORY_V1 WHERE SYMBOL = ?", arguments: [symbol])
                }
            }
            return true
        }
    }

    func setPrice(_ entry: StockHistory) throws -> StockHistory {
        try unit.run { db in
            let existing = try Prices.fetchOne(
                db, Prices.selection + " WHERE SYMBOL = ? AND DATE = ? ORDER BY HISTID LIMIT 1",
                [entry.symbol, entry.date.rawValue]
            )
            if let existing {
                var stored = entry
                stored.id = existing.id
                try Prices.update(db, stored)
                return stored
            }
            return try Prices.insert(db, entry, minter: unit.minter)
        }
    }
}

/// The rows that hang off an asset or a stock in the tables shared with transactions.
enum ReaderWriterDependants {
    /// Deletes `TRANSLINK_V1` rows (`LINKTYPE` = kind) and `ATTACHMENT_V1` rows (`REFTYPE` = kind) of a record.
    static func deleteLinksAndAttachments(_ db: Database, kind: String, id: Int64) throws {
        try db.execute(sql: "DELETE FROM TRANSLINK_V1 WHERE LINKTYPE = ? AND LINKRECORDID = ?", arguments: [kind, id])
        try db.execute(sql: "DELETE FROM ATTACHMENT_V1 WHERE REFTYPE = ? AND REFID = ?", arguments: [kind, id])
    }
}

/// Vends the repository in reader/writer units of work (`context.stocks`).
extension StockRepositoryKey: ReaderWriterReadableRepositoryKey {
    package static func reading(in unit: ReaderWriterUnit) -> any StockReading {
        ReaderWriterStockRepository(unit: unit)
    }
    package static func writing(in unit: ReaderWriterUnit) -> any StockRepository {
        ReaderWriterStockRepository(unit: unit)
    }
}
