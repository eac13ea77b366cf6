/// A scheduled (recurring) transaction, bill or deposit: `BILLSDEPOSITS_V1`.
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `BDID`
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
/// - `followUpId` ← `FOLLOWUPID`
/// - `toAmount` ← `TOTRANSAMOUNT`
/// - `repeats` ← `REPEATS`
/// - `nextOccurrenceDate` ← `NEXTOCCURRENCEDATE`
/// - `occurrences` ← `NUMOCCURRENCES`
/// - `color` ← `COLOR`
public struct ScheduledTransaction: MMEXRecord {
    public static let tableName = "BILLSDEPOSITS_V1"

    public static let columns: [MMEXColumn] = [
        .id("BDID"),
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
        MMEXColumn("FOLLOWUPID", field: "followUpId", .integer, nullable: true),
        MMEXColumn("TOTRANSAMOUNT", field: "toAmount", .numeric, nullable: true),
        MMEXColumn("REPEATS", field: "repeats", .integer, nullable: true),
        MMEXColumn("NEXTOCCURRENCEDATE", field: "nextOccurrenceDate", .text, nullable: true),
        MMEXColumn("NUMOCCURRENCES", field: "occurrences", .integer, nullable: true),
        MMEXColumn("COLOR", field: "color", .integer, nullable: true),
    ]

    /// `BDID`: Primary key.
    public var id: Int64
    /// `ACCOUNTID`.
    public var accountId: Int64
    /// `TOACCOUNTID`: The receiving account of a transfer.
    public var toAccountId: Int64?
    /// `PAYEEID`.
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
    /// `CATEGID`.
    public var categoryId: Int64?
    /// `TRANSDATE`.
    public var date: MMEXDate?
    /// `FOLLOWUPID`.
    public var followUpId: Int64?
    /// `TOTRANSAMOUNT`: The amount a transfer puts into ``toAccountId`` (in its currency).
    public var toAmount: Amount?
    /// `REPEATS`: The repeat kind (MMEX's code, plus auto-execute flags).
    public var repeats: Int64?
    /// `NEXTOCCURRENCEDATE`.
    public var nextOccurrenceDate: MMEXDate?
    /// `NUMOCCURRENCES`: How many occurrences are left (-1 or NULL: unlimited).
    public var occurrences: Int64?
    /// `COLOR`: Defaults to -1 in the schema.
    public var color: Int64?

    public init(
        id: Int64, accountId: Int64, toAccountId: Int64? = nil, payeeId: Int64, code: TransactionCode,
        amount: Amount, status: TransactionStatus? = nil, number: String? = nil, notes: String? = nil,
        categoryId: Int64? = nil, date: MMEXDate? = nil, followUpId: Int64? = nil, toAmount: Amount? = nil,
        repeats: Int64? = nil, nextOccurrenceDate: MMEXDate? = nil, occurrences: Int64? = nil, color: Int64? = nil
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
        self.followUpId = followUpId
        self.toAmount = toAmount
        self.repeats = repeats
        self.nextOccurrenceDate = nextOccurrenceDate
        self.occurrences = occurrences
        self.color = color
    }
}
