/// A link from a transaction to the asset or stock it bought or sold: `TRANSLINK_V1`.
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `TRANSLINKID`
/// - `transactionId` ← `CHECKINGACCOUNTID`
/// - `linkType` ← `LINKTYPE`
/// - `linkRecordId` ← `LINKRECORDID`
public struct TransactionLink: MMEXRecord {
    public static let tableName = "TRANSLINK_V1"

    public static let columns: [MMEXColumn] = [
        .id("TRANSLINKID"),
        MMEXColumn("CHECKINGACCOUNTID", field: "transactionId", .integer),
        MMEXColumn("LINKTYPE", field: "linkType", .text),
        MMEXColumn("LINKRECORDID", field: "linkRecordId", .integer),
    ]

    /// `TRANSLINKID`: Primary key.
    public var id: Int64
    /// `CHECKINGACCOUNTID`: `CHECKINGACCOUNT_V1.TRANSID`.
    public var transactionId: Int64
    /// `LINKTYPE`: Asset or Stock.
    public var linkType: String
    /// `LINKRECORDID`.
    public var linkRecordId: Int64

    public init(
        id: Int64, transactionId: Int64, linkType: String, linkRecordId: Int64
    ) {
        self.id = id
        self.transactionId = transactionId
        self.linkType = linkType
        self.linkRecordId = linkRecordId
    }
}
