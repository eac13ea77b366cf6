/// The share details of an investment transaction: `SHAREINFO_V1`.
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `SHAREINFOID`
/// - `transactionId` ← `CHECKINGACCOUNTID`
/// - `shares` ← `SHARENUMBER`
/// - `price` ← `SHAREPRICE`
/// - `commission` ← `SHARECOMMISSION`
/// - `lot` ← `SHARELOT`
public struct ShareInfo: MMEXRecord {
    public static let tableName = "SHAREINFO_V1"

    public static let columns: [MMEXColumn] = [
        .id("SHAREINFOID"),
        MMEXColumn("CHECKINGACCOUNTID", field: "transactionId", .integer),
        MMEXColumn("SHARENUMBER", field: "shares", .numeric, nullable: true),
        MMEXColumn("SHAREPRICE", field: "price", .numeric, nullable: true),
        MMEXColumn("SHARECOMMISSION", field: "commission", .numeric, nullable: true),
        MMEXColumn("SHARELOT", field: "lot", .text, nullable: true),
    ]

    /// `SHAREINFOID`: Primary key.
    public var id: Int64
    /// `CHECKINGACCOUNTID`: `CHECKINGACCOUNT_V1.TRANSID`.
    public var transactionId: Int64
    /// `SHARENUMBER`.
    public var shares: Amount?
    /// `SHAREPRICE`.
    public var price: Amount?
    /// `SHARECOMMISSION`.
    public var commission: Amount?
    /// `SHARELOT`.
    public var lot: String?

    public init(
        id: Int64, transactionId: Int64, shares: Amount? = nil, price: Amount? = nil, commission: Amount? = nil,
        lot: String? = nil
    ) {
        self.id = id
        self.transactionId = transactionId
        self.shares = shares
        self.price = price
        self.commission = commission
        self.lot = lot
    }
}
