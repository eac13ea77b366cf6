/// An app usage record (JSON): `USAGE_V1` (absent from desktop and Android files).
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `USAGEID`
/// - `date` ← `USAGEDATE`
/// - `jsonContent` ← `JSONCONTENT`
public struct UsageEntry: MMEXRecord {
    public static let tableName = "USAGE_V1"

    public static let columns: [MMEXColumn] = [
        .id("USAGEID"),
        MMEXColumn("USAGEDATE", field: "date", .text),
        MMEXColumn("JSONCONTENT", field: "jsonContent", .text),
    ]

    /// `USAGEID`: Primary key.
    public var id: Int64
    /// `USAGEDATE`.
    public var date: MMEXDate
    /// `JSONCONTENT`.
    public var jsonContent: String

    public init(
        id: Int64, date: MMEXDate, jsonContent: String
    ) {
        self.id = id
        self.date = date
        self.jsonContent = jsonContent
    }
}
