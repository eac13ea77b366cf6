/// A stock holding in an investment account: `STOCK_V1`.
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `STOCKID`
/// - `accountId` ← `HELDAT`
/// - `purchaseDate` ← `PURCHASEDATE`
/// - `name` ← `STOCKNAME`
/// - `symbol` ← `SYMBOL`
/// - `shares` ← `NUMSHARES`
/// - `purchasePrice` ← `PURCHASEPRICE`
/// - `notes` ← `NOTES`
/// - `currentPrice` ← `CURRENTPRICE`
/// - `value` ← `VALUE`
/// - `commission` ← `COMMISSION`
public struct Stock: MMEXRecord {
    public static let tableName = "STOCK_V1"

    public static let columns: [MMEXColumn] = [
        .id("STOCKID"),
        MMEXColumn("HELDAT", field: "accountId", .integer, nullable: true),
        MMEXColumn("PURCHASEDATE", field: "purchaseDate", .text),
        MMEXColumn("STOCKNAME", field: "name", .text),
        MMEXColumn("SYMBOL", field: "symbol", .text, nullable: true),
        MMEXColumn("NUMSHARES", field: "shares", .numeric, nullable: true),
        MMEXColumn("PURCHASEPRICE", field: "purchasePrice", .numeric),
        MMEXColumn("NOTES", field: "notes", .text, nullable: true),
        MMEXColumn("CURRENTPRICE", field: "currentPrice", .numeric),
        MMEXColumn("VALUE", field: "value", .numeric, nullable: true),
        MMEXColumn("COMMISSION", field: "commission", .numeric, nullable: true),
    ]

    /// `STOCKID`: Primary key.
    public var id: Int64
    /// `HELDAT`: The investment account (`ACCOUNTLIST_V1.ACCOUNTID`).
    public var accountId: Int64?
    /// `PURCHASEDATE`.
    public var purchaseDate: MMEXDate
    /// `STOCKNAME`: NOCASE; not unique.
    public var name: String
    /// `SYMBOL`.
    public var symbol: String?
    /// `NUMSHARES`.
    public var shares: Amount?
    /// `PURCHASEPRICE`.
    public var purchasePrice: Amount
    /// `NOTES`.
    public var notes: String?
    /// `CURRENTPRICE`.
    public var currentPrice: Amount
    /// `VALUE`.
    public var value: Amount?
    /// `COMMISSION`.
    public var commission: Amount?

    public init(
        id: Int64, accountId: Int64? = nil, purchaseDate: MMEXDate, name: String, symbol: String? = nil,
        shares: Amount? = nil, purchasePrice: Amount, notes: String? = nil, currentPrice: Amount,
        value: Amount? = nil, commission: Amount? = nil
    ) {
        self.id = id
        self.accountId = accountId
        self.purchaseDate = purchaseDate
        self.name = name
        self.symbol = symbol
        self.shares = shares
        self.purchasePrice = purchasePrice
        self.notes = notes
        self.currentPrice = currentPrice
        self.value = value
        self.commission = commission
    }
}
