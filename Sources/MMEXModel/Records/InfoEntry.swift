/// A file-level name/value entry (`DATAVERSION`, `BASECURRENCYID`, ...): `INFOTABLE_V1`.
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `INFOID`
/// - `name` ← `INFONAME`
/// - `value` ← `INFOVALUE`
public struct InfoEntry: MMEXRecord {
    public static let tableName = "INFOTABLE_V1"

    public static let columns: [MMEXColumn] = [
        .id("INFOID"),
        MMEXColumn("INFONAME", field: "name", .text),
        MMEXColumn("INFOVALUE", field: "value", .text),
    ]

    /// `INFOID`: Primary key.
    public var id: Int64
    /// `INFONAME`: Unique, compared case-insensitively (NOCASE).
    public var name: String
    /// `INFOVALUE`.
    public var value: String

    public init(
        id: Int64, name: String, value: String
    ) {
        self.id = id
        self.name = name
        self.value = value
    }
}
