/// A user report (SQL, Lua and an HTML template): `REPORT_V1`.
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `REPORTID`
/// - `name` ← `REPORTNAME`
/// - `groupName` ← `GROUPNAME`
/// - `active` ← `ACTIVE`
/// - `sqlContent` ← `SQLCONTENT`
/// - `luaContent` ← `LUACONTENT`
/// - `templateContent` ← `TEMPLATECONTENT`
/// - `description` ← `DESCRIPTION`
public struct Report: MMEXRecord {
    public static let tableName = "REPORT_V1"

    public static let columns: [MMEXColumn] = [
        .id("REPORTID"),
        MMEXColumn("REPORTNAME", field: "name", .text),
        MMEXColumn("GROUPNAME", field: "groupName", .text, nullable: true),
        MMEXColumn("ACTIVE", field: "active", .integer, nullable: true),
        MMEXColumn("SQLCONTENT", field: "sqlContent", .text, nullable: true),
        MMEXColumn("LUACONTENT", field: "luaContent", .text, nullable: true),
        MMEXColumn("TEMPLATECONTENT", field: "templateContent", .text, nullable: true),
        MMEXColumn("DESCRIPTION", field: "description", .text, nullable: true),
    ]

    /// `REPORTID`: Primary key.
    public var id: Int64
    /// `REPORTNAME`: Unique, NOCASE.
    public var name: String
    /// `GROUPNAME`.
    public var groupName: String?
    /// `ACTIVE`.
    public var active: Int64?
    /// `SQLCONTENT`: The query the report runs (read-only).
    public var sqlContent: String?
    /// `LUACONTENT`.
    public var luaContent: String?
    /// `TEMPLATECONTENT`.
    public var templateContent: String?
    /// `DESCRIPTION`.
    public var description: String?

    public init(
        id: Int64, name: String, groupName: String? = nil, active: Int64? = nil, sqlContent: String? = nil,
        luaContent: String? = nil, templateContent: String? = nil, description: String? = nil
    ) {
        self.id = id
        self.name = name
        self.groupName = groupName
        self.active = active
        self.sqlContent = sqlContent
        self.luaContent = luaContent
        self.templateContent = templateContent
        self.description = description
    }
}
