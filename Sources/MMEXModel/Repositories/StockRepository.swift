/// Reads stocks (`STOCK_V1`) and their price history (`STOCKHISTORY_V1`). Slice 4.
public protocol StockReading {
    /// The stocks held in an investment account (`nil`: all).
    func stocks(accountId: Int64?) throws -> [Stock]
    func stock(id: Int64) throws -> Stock?
    func history(symbol: String) throws -> [StockHistory]
    /// The latest price on or before `day`.
    func price(symbol: String, on day: CalendarDay) throws -> Amount?
}

/// Writes stocks and prices.
public protocol StockRepository: StockReading {
    @discardableResult func insert(_ stock: Stock) throws -> Stock
    func update(_ stock: Stock) throws
    @discardableResult func deleteStock(id: Int64) throws -> Bool
    /// Inserts or replaces the price of a symbol on a day (unique per symbol and date).
    @discardableResult func setPrice(_ entry: StockHistory) throws -> StockHistory
}
