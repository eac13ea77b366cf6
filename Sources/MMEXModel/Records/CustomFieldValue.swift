/// One record's value of a custom field: `CUSTOMFIELDDATA_V1` (the id column really is `FIELDATADID`).
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `FIELDATADID`
/// - `fieldId` ← `FIELDID`
/// - `refId` ← `REFID`
/// - `content` ← `CONTENT`
public struct CustomFieldValue: MMEXRecord {
    public static let tableName = "CUSTOMFIELDDATA_V1"

    public static let columns: [MMEXColumn] = [
        .id("FIELDATADID"),
        MMEXColumn("FIELDID", field: "fieldId", .integer),
        MMEXColumn("REFID", field: "refId", .integer),
        MMEXColumn("CONTENT", field: "content", .text, nullable: true),
    ]

    /// `FIELDATADID`: Primary key.
    public var id: Int64
    /// `FIELDID`: Unique together with ``refId``.
    public var fieldId: Int64
    /// `REFID`.
    public var refId: Int64
    /// `CONTENT`.
    public var content: String?

    public init(
        id: Int64, fieldId: Int64, refId: Int64, content: String? = nil
    ) {
        self.id = id
        self.fieldId = fieldId
        self.refId = refId
        self.content = content
    }
}
