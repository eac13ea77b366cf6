/// A transaction in an account: `CHECKINGACCOUNT_V1`.
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `TRANSID`
/// - `accountId` ← `ACCOUNTID`
/// - `toAccountId` ← `TOACCOUNTID`
/// - `payeeId` ← `PAYEEID`
/// - `code` ← `TRANSCODE`
/// - `amount` ← `TRANSAMOUNT`
/// - `status` ← `STATUS`
/// - `number` ← `TRANSACTIONNUMBER`
/// - `notes` ← `NOTES`
/// - `categoryId` ← `CATEGID`
/// - `date` ← `TRANSDATE`
/// - `lastUpdatedTime` ← `LASTUPDATEDTIME`
/// - `deletedTime` ← `DELETEDTIME`
/// - `followUpId` ← `FOLLOWUPID`
/// - `toAmount` ← `TOTRANSAMOUNT`
/// - `color` ← `COLOR`
public struct AccountTransaction: MMEXRecord {
    public static let tableName = "CHECKINGACCOUNT_V1"

    public static let columns: [MMEXColumn] = [
        .id("TRANSID"),
        MMEXColumn("ACCOUNTID", field: "accountId", .integer),
        MMEXColumn("TOACCOUNTID", field: "toAccountId", .integer, nullable: true),
        MMEXColumn("PAYEEID", field: "payeeId", .integer),
        MMEXColumn("TRANSCODE", field: "code", .text),
        MMEXColumn("TRANSAMOUNT", field: "amount", .numeric),
        MMEXColumn("STATUS", field: "status", .text, nullable: true),
        MMEXColumn("TRANSACTIONNUMBER", field: "number", .text, nullable: true),
        MMEXColumn("NOTES", field: "notes", .text, nullable: true),
        MMEXColumn("CATEGID", field: "categoryId", .integer, nullable: true),
        MMEXColumn("TRANSDATE", field: "date", .text, nullable: true),
        MMEXColumn("LASTUPDATEDTIME", field: "lastUpdatedTime", .text, nullable: true),
        MMEXColumn("DELETEDTIME", field: "deletedTime", .text, nullable: true),
        MMEXColumn("FOLLOWUPID", field: "followUpId", .integer, nullable: true),
        MMEXColumn("TOTRANSAMOUNT", field: "toAmount", .numeric, nullable: true),
        MMEXColumn("COLOR", field: "color", .integer, nullable: true),
    ]

    /// `TRANSID`: Primary key.
    public var id: Int64
    /// `ACCOUNTID`.
    public var accountId: Int64
    /// `TOACCOUNTID`: The receiving account of a transfer.
    public var toAccountId: Int64?
    /// `PAYEEID`: The payee (for a transfer MMEX stores -1 or 0).
    public var payeeId: Int64
    /// `TRANSCODE`.
    public var code: TransactionCode
    /// `TRANSAMOUNT`.
    public var amount: Amount
    /// `STATUS`.
    public var status: TransactionStatus?
    /// `TRANSACTIONNUMBER`.
    public var number: String?
    /// `NOTES`.
    public var notes: String?
    /// `CATEGID`: NULL or -1 when the transaction has splits.
    public var categoryId: Int64?
    /// `TRANSDATE`: As stored (`2024-04-16` or `2024-04-16T00:00:00`).
    public var date: MMEXDate?
    /// `LASTUPDATEDTIME`.
    public var lastUpdatedTime: MMEXDate?
    /// `DELETEDTIME`: Set when the transaction is in the trash.
    public var deletedTime: MMEXDate?
    /// `FOLLOWUPID`.
    public var followUpId: Int64?
    /// `TOTRANSAMOUNT`: The amount a transfer puts into ``toAccountId`` (in its currency).
    public var toAmount: Amount?
    /// `COLOR`: Defaults to -1 in the schema.
    public var color: Int64?

    public init(
        id: Int64, accountId: Int64, toAccountId: Int64? = nil, payeeId: Int64, code: TransactionCode,
        amount: Amount, status: TransactionStatus? = nil, number: String? = nil, notes: String? = nil,
        categoryId: Int64? = nil, date: MMEXDate? = nil, lastUpdatedTime: MMEXDate? = nil,
        deletedTime: MMEXDate? = nil, followUpId: Int64? = nil, toAmount: Amount? = nil, color: Int64? = nil
    ) {
        self.id = id
        self.accountId = accountId
        self.toAccountId = toAccountId
        self.payeeId = payeeId
        self.code = code
        self.amount = amount
        self.status = status
        self.number = number
        self.notes = notes
        self.categoryId = categoryId
        self.date = date
        self.lastUpdatedTime = lastUpdatedTime
        self.deletedTime = deletedTime
        self.followUpId = followUpId
        self.toAmount = toAmount
        self.color = color
    }
}
