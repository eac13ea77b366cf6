/// A stock's price on a day: `STOCKHISTORY_V1`.
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `HISTID`
/// - `symbol` ← `SYMBOL`
/// - `date` ← `DATE`
/// - `value` ← `VALUE`
/// - `updateType` ← `UPDTYPE`
public struct StockHistory: MMEXRecord {
    public static let tableName = "STOCKHISTORY_V1"

    public static let columns: [MMEXColumn] = [
        .id("HISTID"),
        MMEXColumn("SYMBOL", field: "symbol", .text),
        MMEXColumn("DATE", field: "date", .text),
        MMEXColumn("VALUE", field: "value", .numeric),
        MMEXColumn("UPDTYPE", field: "updateType", .integer, nullable: true),
    ]

    /// `HISTID`: Primary key.
    public var id: Int64
    /// `SYMBOL`: Unique together with ``date``.
    public var symbol: String
    /// `DATE`.
    public var date: MMEXDate
    /// `VALUE`.
    public var value: Amount
    /// `UPDTYPE`.
    public var updateType: Int64?

    public init(
        id: Int64, symbol: String, date: MMEXDate, value: Amount, updateType: Int64? = nil
    ) {
        self.id = id
        self.symbol = symbol
        self.date = date
        self.value = value
        self.updateType = updateType
    }
}
