/// A currency's exchange rate to the base currency on a day: `CURRENCYHISTORY_V1`.
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `CURRHISTID`
/// - `currencyId` ← `CURRENCYID`
/// - `date` ← `CURRDATE`
/// - `value` ← `CURRVALUE`
/// - `updateType` ← `CURRUPDTYPE`
public struct CurrencyHistory: MMEXRecord {
    public static let tableName = "CURRENCYHISTORY_V1"

    public static let columns: [MMEXColumn] = [
        .id("CURRHISTID"),
        MMEXColumn("CURRENCYID", field: "currencyId", .integer),
        MMEXColumn("CURRDATE", field: "date", .text),
        MMEXColumn("CURRVALUE", field: "value", .numeric),
        MMEXColumn("CURRUPDTYPE", field: "updateType", .integer, nullable: true),
    ]

    /// `CURRHISTID`: Primary key.
    public var id: Int64
    /// `CURRENCYID`: Unique together with ``date``.
    public var currencyId: Int64
    /// `CURRDATE`.
    public var date: MMEXDate
    /// `CURRVALUE`: Units of base currency per unit of this currency.
    public var value: Amount
    /// `CURRUPDTYPE`: How the rate was obtained (manual or online).
    public var updateType: Int64?

    public init(
        id: Int64, currencyId: Int64, date: MMEXDate, value: Amount, updateType: Int64? = nil
    ) {
        self.id = id
        self.currencyId = currencyId
        self.date = date
        self.value = value
        self.updateType = updateType
    }
}
