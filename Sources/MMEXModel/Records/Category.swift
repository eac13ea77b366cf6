/// A category; subcategories point at their parent (`-1` for a top-level one): `CATEGORY_V1`.
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `CATEGID`
/// - `name` ← `CATEGNAME`
/// - `active` ← `ACTIVE`
/// - `parentId` ← `PARENTID`
public struct Category: MMEXRecord {
    public static let tableName = "CATEGORY_V1"

    public static let columns: [MMEXColumn] = [
        .id("CATEGID"),
        MMEXColumn("CATEGNAME", field: "name", .text),
        MMEXColumn("ACTIVE", field: "active", .integer, nullable: true),
        MMEXColumn("PARENTID", field: "parentId", .integer, nullable: true),
    ]

    /// `CATEGID`: Primary key.
    public var id: Int64
    /// `CATEGNAME`: Compared case-insensitively (NOCASE); unique together with the parent.
    public var name: String
    /// `ACTIVE`.
    public var active: Int64?
    /// `PARENTID`: The parent category, `-1` for a top-level category.
    public var parentId: Int64?

    public init(
        id: Int64, name: String, active: Int64? = nil, parentId: Int64? = nil
    ) {
        self.id = id
        self.name = name
        self.active = active
        self.parentId = parentId
    }
}
