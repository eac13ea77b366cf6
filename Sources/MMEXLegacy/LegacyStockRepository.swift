import LegacyDriver
import MMEXModel
import MMEXSessionSupport

/// `STOCK_V1` and `STOCKHISTORY_V1` on the legacy driver (query builder on the retained connection).
struct LegacyStockRepository: StockRepository {
    let unit: LegacyUnit
    private let stocksTable = LegacyRecordTable<Stock>()
    private let prices = LegacyRecordTable<StockHistory>()

    private var heldAt: SQLExpression<Int64?> { stocksTable.column("HELDAT") }
    private var stockName: SQLExpression<String> { stocksTable.column("STOCKNAME") }
    private var stockSymbol: SQLExpression<String?> { stocksTable.column("SYMBOL") }
    private var symbol: SQLExpression<String> { prices.column("SYMBOL") }
    private var date: SQLExpression<String> { prices.column("DATE") }

    func stocks(accountId: Int64?) throws -> [Stock] {
        try unit.run {
            var query = stocksTable.selection.order(stockName.collate(.nocase), stocksTable.id)
            if let accountId { query = query.filter(heldAt == accountId) }
            return try unit.db.prepare(query).map(stocksTable.record)
        }
    }

    func stock(id: Int64) throws -> Stock? {
        try unit.run { try unit.db.pluck(stocksTable.selection.filter(stocksTable.id == id)).map(stocksTable.record) }
    }

    func history(symbol name: String) throws -> [StockHistory] {
        try unit.run {
            try unit.db.prepare(prices.selection.filter(symbol == name).order(date, prices.id)).map(prices.record)
        }
    }

    func price(symbol name: String, on day: CalendarDay) throws -> Amount? {
        try unit.run {
            let query = prices.selection.filter(symbol == name && date < DayBounds.after(day))
                .order(date.desc, prices.id.desc).limit(1)
            return try unit.db.pluck(query).map(prices.record)?.value
        }
    }

    func insert(_ stock: Stock) throws -> Stock {
        try unit.run { try stocksTable.insert(stock, unit) }
    }

    func update(_ stock: Stock) throws {
        try unit.run { _ = try stocksTable.update(stock, unit) }
    }

    func deleteStock(id: Int64) throws -> Bool {
        try unit.run {
            guard let stock = try unit.db.pluck(stocksTable.selection.filter(stocksTable.id == id)).map(stocksTable.record)
            else { return false }
            try unit.db.run(stocksTable.table.filter(stocksTable.id == id).delete())
            try LegacyDependants.deleteLinksAndAttachments(kind: "Stock", id: id, unit)
            if let held = stock.symbol {
                let others = try unit.db.scalar(stocksTable.table.filter(stockSymbol == held).count)
                if others == 0 { try unit.db.run(prices.table.filter(symbol == held).delete()) }
            }
            return true
        }
    }

    func setPrice(_ entry: StockHistory) throws -> StockHistory {
        try unit.run {
            let same = prices.selection.filter(symbol == entry.symbol && date == entry.date.rawValue).order(prices.id).limit(1)
            if let existing = try unit.db.pluck(same).map(prices.record) {
                var stored = entry
                stored.id = existing.id
                try prices.update(stored, unit)
                return stored
            }
            return try prices.insert(entry, unit)
        }
    }
}

/// The rows that hang off an asset or a stock in the tables shared with transactions.
enum LegacyDependants {
    /// Deletes `TRANSLINK_V1` rows (`LINKTYPE` = kind) and `ATTACHMENT_V1` rows (`REFTYPE` = kind) of a record.
    static func deleteLinksAndAttachments(kind: String, id: Int64, _ unit: LegacyUnit) throws {
        let links = Table("TRANSLINK_V1")
        try unit.db.run(
            links.filter(SQLExpression<String>("LINKTYPE") == kind && SQLExpression<Int64>("LINKRECORDID") == id).delete()
        )
        let attachments = Table("ATTACHMENT_V1")
        try unit.db.run(
            attachments.filter(SQLExpression<String>("REFTYPE") == kind && SQLExpression<Int64>("REFID") == id).delete()
        )
    }
}

/// Vends the repository in legacy units of work (`context.stocks`).
extension StockRepositoryKey: LegacyReadableRepositoryKey {
    package static func reading(in unit: LegacyUnit) -> any StockReading { LegacyStockRepository(unit: unit) }
    package static func writing(in unit: LegacyUnit) -> any StockRepository { LegacyStockRepository(unit: unit) }
}
