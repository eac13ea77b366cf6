/// A tag: `TAG_V1`.
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `TAGID`
/// - `name` ← `TAGNAME`
/// - `active` ← `ACTIVE`
public struct Tag: MMEXRecord {
    public static let tableName = "TAG_V1"

    public static let columns: [MMEXColumn] = [
        .id("TAGID"),
        MMEXColumn("TAGNAME", field: "name", .text),
        MMEXColumn("ACTIVE", field: "active", .integer, nullable: true),
    ]

    /// `TAGID`: Primary key.
    public var id: Int64
    /// `TAGNAME`: Unique, NOCASE.
    public var name: String
    /// `ACTIVE`.
    public var active: Int64?

    public init(
        id: Int64, name: String, active: Int64? = nil
    ) {
        self.id = id
        self.name = name
        self.active = active
    }
}
