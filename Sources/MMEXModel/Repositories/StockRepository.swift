/// Reads stocks (`STOCK_V1`) and their price history (`STOCKHISTORY_V1`). Slice 4.
public protocol StockReading {
    /// The stocks held in an investment account (`nil`: all), by `STOCKNAME` (NOCASE) then `STOCKID`.
    func stocks(accountId: Int64?) throws -> [Stock]
    func stock(id: Int64) throws -> Stock?
    /// A symbol's prices (exact symbol), by `DATE` then `HISTID`.
    func history(symbol: String) throws -> [StockHistory]
    /// The latest price on or before `day` (the first ten characters of `DATE` compared as text).
    func price(symbol: String, on day: CalendarDay) throws -> Amount?
}

/// Writes stocks and prices.
public protocol StockRepository: StockReading {
    @discardableResult func insert(_ stock: Stock) throws -> Stock
    func update(_ stock: Stock) throws
    /// Deletes a stock with its translinks (`LINKTYPE` `Stock`) and attachments (`REFTYPE` `Stock`); its symbol's
    /// price history goes too when no other stock holds that symbol.
    @discardableResult func deleteStock(id: Int64) throws -> Bool
    /// Inserts or replaces the price of a symbol on a day (unique per symbol and date): an existing row for the
    /// same `SYMBOL` and `DATE` keeps its id and takes the value and update type.
    @discardableResult func setPrice(_ entry: StockHistory) throws -> StockHistory
}

/// Names stocks and their price history in the MMEX contexts: `context.stocks` reads them in a read unit of work, and
/// reads and writes them in a write unit of work.
public enum StockRepositoryKey: ReadableRepositoryKey {
    public typealias Reading = any StockReading
    public typealias Writing = any StockRepository
}

extension ReadRepositories {
    /// The reading side of ``StockRepositoryKey``'s repository, in this unit of work.
    public var stocks: any StockReading { repository(StockRepositoryKey.self) }
}

extension WriteRepositories {
    /// ``StockRepositoryKey``'s repository, reads and writes, in this unit of work.
    public var stocks: any StockRepository { repository(StockRepositoryKey.self) }
}
