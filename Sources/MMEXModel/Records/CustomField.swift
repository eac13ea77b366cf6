/// A user-defined field for one kind of record: `CUSTOMFIELD_V1`.
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `FIELDID`
/// - `refType` ← `REFTYPE`
/// - `description` ← `DESCRIPTION`
/// - `type` ← `TYPE`
/// - `properties` ← `PROPERTIES`
public struct CustomField: MMEXRecord {
    public static let tableName = "CUSTOMFIELD_V1"

    public static let columns: [MMEXColumn] = [
        .id("FIELDID"),
        MMEXColumn("REFTYPE", field: "refType", .text),
        MMEXColumn("DESCRIPTION", field: "description", .text, nullable: true),
        MMEXColumn("TYPE", field: "type", .text),
        MMEXColumn("PROPERTIES", field: "properties", .text),
    ]

    /// `FIELDID`: Primary key.
    public var id: Int64
    /// `REFTYPE`: The kind of record it applies to.
    public var refType: String
    /// `DESCRIPTION`.
    public var description: String?
    /// `TYPE`: String, Integer, Decimal, Boolean, Date, Time, SingleChoice, MultiChoice.
    public var type: String
    /// `PROPERTIES`: JSON.
    public var properties: String

    public init(
        id: Int64, refType: String, description: String? = nil, type: String, properties: String
    ) {
        self.id = id
        self.refType = refType
        self.description = description
        self.type = type
        self.properties = properties
    }
}
