/// An asset (property, car, jewellery...) and how its value changes: `ASSETS_V1`.
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `ASSETID`
/// - `startDate` ← `STARTDATE`
/// - `name` ← `ASSETNAME`
/// - `status` ← `ASSETSTATUS`
/// - `currencyId` ← `CURRENCYID`
/// - `valueChangeMode` ← `VALUECHANGEMODE`
/// - `value` ← `VALUE`
/// - `valueChange` ← `VALUECHANGE`
/// - `notes` ← `NOTES`
/// - `valueChangeRate` ← `VALUECHANGERATE`
/// - `type` ← `ASSETTYPE`
public struct Asset: MMEXRecord {
    public static let tableName = "ASSETS_V1"

    public static let columns: [MMEXColumn] = [
        .id("ASSETID"),
        MMEXColumn("STARTDATE", field: "startDate", .text),
        MMEXColumn("ASSETNAME", field: "name", .text),
        MMEXColumn("ASSETSTATUS", field: "status", .text, nullable: true),
        MMEXColumn("CURRENCYID", field: "currencyId", .integer, nullable: true),
        MMEXColumn("VALUECHANGEMODE", field: "valueChangeMode", .text, nullable: true),
        MMEXColumn("VALUE", field: "value", .numeric, nullable: true),
        MMEXColumn("VALUECHANGE", field: "valueChange", .text, nullable: true),
        MMEXColumn("NOTES", field: "notes", .text, nullable: true),
        MMEXColumn("VALUECHANGERATE", field: "valueChangeRate", .numeric, nullable: true),
        MMEXColumn("ASSETTYPE", field: "type", .text, nullable: true),
    ]

    /// `ASSETID`: Primary key.
    public var id: Int64
    /// `STARTDATE`.
    public var startDate: MMEXDate
    /// `ASSETNAME`: Compared case-insensitively (NOCASE); not unique.
    public var name: String
    /// `ASSETSTATUS`: Open or Closed.
    public var status: String?
    /// `CURRENCYID`.
    public var currencyId: Int64?
    /// `VALUECHANGEMODE`: Percentage or Linear.
    public var valueChangeMode: String?
    /// `VALUE`.
    public var value: Amount?
    /// `VALUECHANGE`: None, Appreciates or Depreciates.
    public var valueChange: String?
    /// `NOTES`.
    public var notes: String?
    /// `VALUECHANGERATE`.
    public var valueChangeRate: Amount?
    /// `ASSETTYPE`: Property, Automobile, Household Object, Art, Jewellery, Cash, Other.
    public var type: String?

    public init(
        id: Int64, startDate: MMEXDate, name: String, status: String? = nil, currencyId: Int64? = nil,
        valueChangeMode: String? = nil, value: Amount? = nil, valueChange: String? = nil, notes: String? = nil,
        valueChangeRate: Amount? = nil, type: String? = nil
    ) {
        self.id = id
        self.startDate = startDate
        self.name = name
        self.status = status
        self.currencyId = currencyId
        self.valueChangeMode = valueChangeMode
        self.value = value
        self.valueChange = valueChange
        self.notes = notes
        self.valueChangeRate = valueChangeRate
        self.type = type
    }
}
