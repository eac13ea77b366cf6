/// A payee and its default category: `PAYEE_V1`.
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `PAYEEID`
/// - `name` ← `PAYEENAME`
/// - `categoryId` ← `CATEGID`
/// - `number` ← `NUMBER`
/// - `website` ← `WEBSITE`
/// - `notes` ← `NOTES`
/// - `active` ← `ACTIVE`
/// - `pattern` ← `PATTERN`
public struct Payee: MMEXRecord {
    public static let tableName = "PAYEE_V1"

    public static let columns: [MMEXColumn] = [
        .id("PAYEEID"),
        MMEXColumn("PAYEENAME", field: "name", .text),
        MMEXColumn("CATEGID", field: "categoryId", .integer, nullable: true),
        MMEXColumn("NUMBER", field: "number", .text, nullable: true),
        MMEXColumn("WEBSITE", field: "website", .text, nullable: true),
        MMEXColumn("NOTES", field: "notes", .text, nullable: true),
        MMEXColumn("ACTIVE", field: "active", .integer, nullable: true),
        MMEXColumn("PATTERN", field: "pattern", .text, nullable: true),
    ]

    /// `PAYEEID`: Primary key.
    public var id: Int64
    /// `PAYEENAME`: Unique, NOCASE.
    public var name: String
    /// `CATEGID`: The default category for new transactions.
    public var categoryId: Int64?
    /// `NUMBER`.
    public var number: String?
    /// `WEBSITE`.
    public var website: String?
    /// `NOTES`.
    public var notes: String?
    /// `ACTIVE`.
    public var active: Int64?
    /// `PATTERN`: Text that matches imported statement lines to this payee (defaults to '').
    public var pattern: String?

    public init(
        id: Int64, name: String, categoryId: Int64? = nil, number: String? = nil, website: String? = nil,
        notes: String? = nil, active: Int64? = nil, pattern: String? = nil
    ) {
        self.id = id
        self.name = name
        self.categoryId = categoryId
        self.number = number
        self.website = website
        self.notes = notes
        self.active = active
        self.pattern = pattern
    }
}
