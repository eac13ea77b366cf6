/// A tag on a record: `TAGLINK_V1` (the declared foreign key to `TAG_V1` is not enforced by MMEX).
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `TAGLINKID`
/// - `refType` ← `REFTYPE`
/// - `refId` ← `REFID`
/// - `tagId` ← `TAGID`
public struct TagLink: MMEXRecord {
    public static let tableName = "TAGLINK_V1"

    public static let columns: [MMEXColumn] = [
        .id("TAGLINKID"),
        MMEXColumn("REFTYPE", field: "refType", .text),
        MMEXColumn("REFID", field: "refId", .integer),
        MMEXColumn("TAGID", field: "tagId", .integer),
    ]

    /// `TAGLINKID`: Primary key.
    public var id: Int64
    /// `REFTYPE`: The kind of record tagged (Transaction, TransactionSplit, ...).
    public var refType: String
    /// `REFID`.
    public var refId: Int64
    /// `TAGID`: `TAG_V1.TAGID`.
    public var tagId: Int64

    public init(
        id: Int64, refType: String, refId: Int64, tagId: Int64
    ) {
        self.id = id
        self.refType = refType
        self.refId = refId
        self.tagId = tagId
    }
}
