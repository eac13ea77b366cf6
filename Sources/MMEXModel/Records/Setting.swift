/// An app setting: `SETTING_V1` (absent from desktop and Android files).
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `SETTINGID`
/// - `name` ← `SETTINGNAME`
/// - `value` ← `SETTINGVALUE`
public struct Setting: MMEXRecord {
    public static let tableName = "SETTING_V1"

    public static let columns: [MMEXColumn] = [
        .id("SETTINGID"),
        MMEXColumn("SETTINGNAME", field: "name", .text),
        MMEXColumn("SETTINGVALUE", field: "value", .text, nullable: true),
    ]

    /// `SETTINGID`: Primary key.
    public var id: Int64
    /// `SETTINGNAME`: Unique, NOCASE.
    public var name: String
    /// `SETTINGVALUE`.
    public var value: String?

    public init(
        id: Int64, name: String, value: String? = nil
    ) {
        self.id = id
        self.name = name
        self.value = value
    }
}
