/// A budget year or month (`2024`, `2024-05`): `BUDGETYEAR_V1`.
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `BUDGETYEARID`
/// - `name` ← `BUDGETYEARNAME`
public struct BudgetYear: MMEXRecord {
    public static let tableName = "BUDGETYEAR_V1"

    public static let columns: [MMEXColumn] = [
        .id("BUDGETYEARID"),
        MMEXColumn("BUDGETYEARNAME", field: "name", .text),
    ]

    /// `BUDGETYEARID`: Primary key.
    public var id: Int64
    /// `BUDGETYEARNAME`: Unique.
    public var name: String

    public init(
        id: Int64, name: String
    ) {
        self.id = id
        self.name = name
    }
}
