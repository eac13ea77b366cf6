/// One split line of a transaction: `SPLITTRANSACTIONS_V1`.
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `SPLITTRANSID`
/// - `transactionId` ← `TRANSID`
/// - `categoryId` ← `CATEGID`
/// - `amount` ← `SPLITTRANSAMOUNT`
/// - `notes` ← `NOTES`
public struct TransactionSplit: MMEXRecord {
    public static let tableName = "SPLITTRANSACTIONS_V1"

    public static let columns: [MMEXColumn] = [
        .id("SPLITTRANSID"),
        MMEXColumn("TRANSID", field: "transactionId", .integer),
        MMEXColumn("CATEGID", field: "categoryId", .integer, nullable: true),
        MMEXColumn("SPLITTRANSAMOUNT", field: "amount", .numeric, nullable: true),
        MMEXColumn("NOTES", field: "notes", .text, nullable: true),
    ]

    /// `SPLITTRANSID`: Primary key.
    public var id: Int64
    /// `TRANSID`: `CHECKINGACCOUNT_V1.TRANSID`.
    public var transactionId: Int64
    /// `CATEGID`.
    public var categoryId: Int64?
    /// `SPLITTRANSAMOUNT`.
    public var amount: Amount?
    /// `NOTES`.
    public var notes: String?

    public init(
        id: Int64, transactionId: Int64, categoryId: Int64? = nil, amount: Amount? = nil, notes: String? = nil
    ) {
        self.id = id
        self.transactionId = transactionId
        self.categoryId = categoryId
        self.amount = amount
        self.notes = notes
    }
}
