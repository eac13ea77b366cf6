/// Reads currencies (`CURRENCYFORMATS_V1`) and their rate history (`CURRENCYHISTORY_V1`). Slice 1.
public protocol CurrencyReading {
    /// Every currency, in `CURRENCYID` order.
    func currencies() throws -> [CurrencyFormat]
    func currency(id: Int64) throws -> CurrencyFormat?
    /// By ISO code (`CURRENCY_SYMBOL`, NOCASE).
    func currency(symbol: String) throws -> CurrencyFormat?
    /// The base currency named by `INFOTABLE_V1.BASECURRENCYID`, or `nil` when unset or dangling.
    func baseCurrency() throws -> CurrencyFormat?
    /// A currency's rate history, by date.
    func history(currencyId: Int64) throws -> [CurrencyHistory]
    /// Units of base currency per unit of the currency on `day`: the latest history rate on or before the day, else
    /// `BASECONVRATE`; exactly 1 for the base currency; `nil` when nothing is known.
    func rate(currencyId: Int64, on day: CalendarDay) throws -> Amount?
    /// `amount` of `currencyId` converted into `targetCurrencyId` at the rates of `day` (`nil` when a rate is missing).
    func convert(_ amount: Amount, from currencyId: Int64, to targetCurrencyId: Int64, on day: CalendarDay) throws -> Amount?
}

/// Writes currencies and rates.
public protocol CurrencyRepository: CurrencyReading {
    /// Inserts a currency; an id of 0 is replaced by a minted one. Returns the stored record.
    @discardableResult func insert(_ currency: CurrencyFormat) throws -> CurrencyFormat
    func update(_ currency: CurrencyFormat) throws
    /// Deletes a currency that no account, asset or history row uses; returns whether it existed.
    @discardableResult func deleteCurrency(id: Int64) throws -> Bool
    func setBaseCurrency(id: Int64) throws
    /// Inserts or replaces the rate of a currency on a day (unique per currency and date).
    @discardableResult func setRate(_ entry: CurrencyHistory) throws -> CurrencyHistory
    @discardableResult func deleteRate(id: Int64) throws -> Bool
}

/// Names currencies and their rate history in the MMEX contexts: `context.currencies` reads them in a read unit of
/// work, and reads and writes them in a write unit of work.
public enum CurrencyRepositoryKey: ReadableRepositoryKey {
    public typealias Reading = any CurrencyReading
    public typealias Writing = any CurrencyRepository
}

extension ReadRepositories {
    /// The reading side of ``CurrencyRepositoryKey``'s repository, in this unit of work.
    public var currencies: any CurrencyReading { repository(CurrencyRepositoryKey.self) }
}

extension WriteRepositories {
    /// ``CurrencyRepositoryKey``'s repository, reads and writes, in this unit of work.
    public var currencies: any CurrencyRepository { repository(CurrencyRepositoryKey.self) }
}
