/// One split line of a scheduled transaction: `BUDGETSPLITTRANSACTIONS_V1` (the table name is historical).
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `SPLITTRANSID`
/// - `scheduledId` ← `TRANSID`
/// - `categoryId` ← `CATEGID`
/// - `amount` ← `SPLITTRANSAMOUNT`
/// - `notes` ← `NOTES`
public struct ScheduledSplit: MMEXRecord {
    public static let tableName = "BUDGETSPLITTRANSACTIONS_V1"

    public static let columns: [MMEXColumn] = [
        .id("SPLITTRANSID"),
        MMEXColumn("TRANSID", field: "scheduledId", .integer),
        MMEXColumn("CATEGID", field: "categoryId", .integer, nullable: true),
        MMEXColumn("SPLITTRANSAMOUNT", field: "amount", .numeric, nullable: true),
        MMEXColumn("NOTES", field: "notes", .text, nullable: true),
    ]

    /// `SPLITTRANSID`: Primary key.
    public var id: Int64
    /// `TRANSID`: `BILLSDEPOSITS_V1.BDID`.
    public var scheduledId: Int64
    /// `CATEGID`.
    public var categoryId: Int64?
    /// `SPLITTRANSAMOUNT`.
    public var amount: Amount?
    /// `NOTES`.
    public var notes: String?

    public init(
        id: Int64, scheduledId: Int64, categoryId: Int64? = nil, amount: Amount? = nil, notes: String? = nil
    ) {
        self.id = id
        self.scheduledId = scheduledId
        self.categoryId = categoryId
        self.amount = amount
        self.notes = notes
    }
}
