/// A file attached to a transaction, stock, asset, account or payee: `ATTACHMENT_V1`.
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `ATTACHMENTID`
/// - `refType` ← `REFTYPE`
/// - `refId` ← `REFID`
/// - `description` ← `DESCRIPTION`
/// - `fileName` ← `FILENAME`
public struct Attachment: MMEXRecord {
    public static let tableName = "ATTACHMENT_V1"

    public static let columns: [MMEXColumn] = [
        .id("ATTACHMENTID"),
        MMEXColumn("REFTYPE", field: "refType", .text),
        MMEXColumn("REFID", field: "refId", .integer),
        MMEXColumn("DESCRIPTION", field: "description", .text, nullable: true),
        MMEXColumn("FILENAME", field: "fileName", .text),
    ]

    /// `ATTACHMENTID`: Primary key.
    public var id: Int64
    /// `REFTYPE`: What ``refId`` points at (Transaction, Stock, Asset, BankAccount, ...).
    public var refType: String
    /// `REFID`.
    public var refId: Int64
    /// `DESCRIPTION`.
    public var description: String?
    /// `FILENAME`: Relative to the attachments folder.
    public var fileName: String

    public init(
        id: Int64, refType: String, refId: Int64, description: String? = nil, fileName: String
    ) {
        self.id = id
        self.refType = refType
        self.refId = refId
        self.description = description
        self.fileName = fileName
    }
}
