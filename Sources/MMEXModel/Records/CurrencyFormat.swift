/// A currency and how to format it: `CURRENCYFORMATS_V1`.
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `CURRENCYID`
/// - `name` ← `CURRENCYNAME`
/// - `prefixSymbol` ← `PFX_SYMBOL`
/// - `suffixSymbol` ← `SFX_SYMBOL`
/// - `decimalPoint` ← `DECIMAL_POINT`
/// - `groupSeparator` ← `GROUP_SEPARATOR`
/// - `unitName` ← `UNIT_NAME`
/// - `centName` ← `CENT_NAME`
/// - `scale` ← `SCALE`
/// - `baseConversionRate` ← `BASECONVRATE`
/// - `symbol` ← `CURRENCY_SYMBOL`
/// - `type` ← `CURRENCY_TYPE`
public struct CurrencyFormat: MMEXRecord {
    public static let tableName = "CURRENCYFORMATS_V1"

    public static let columns: [MMEXColumn] = [
        .id("CURRENCYID"),
        MMEXColumn("CURRENCYNAME", field: "name", .text),
        MMEXColumn("PFX_SYMBOL", field: "prefixSymbol", .text, nullable: true),
        MMEXColumn("SFX_SYMBOL", field: "suffixSymbol", .text, nullable: true),
        MMEXColumn("DECIMAL_POINT", field: "decimalPoint", .text, nullable: true),
        MMEXColumn("GROUP_SEPARATOR", field: "groupSeparator", .text, nullable: true),
        MMEXColumn("UNIT_NAME", field: "unitName", .text, nullable: true),
        MMEXColumn("CENT_NAME", field: "centName", .text, nullable: true),
        MMEXColumn("SCALE", field: "scale", .integer, nullable: true),
        MMEXColumn("BASECONVRATE", field: "baseConversionRate", .numeric, nullable: true),
        MMEXColumn("CURRENCY_SYMBOL", field: "symbol", .text),
        MMEXColumn("CURRENCY_TYPE", field: "type", .text),
    ]

    /// `CURRENCYID`: Primary key.
    public var id: Int64
    /// `CURRENCYNAME`: Unique, NOCASE.
    public var name: String
    /// `PFX_SYMBOL`.
    public var prefixSymbol: String?
    /// `SFX_SYMBOL`.
    public var suffixSymbol: String?
    /// `DECIMAL_POINT`.
    public var decimalPoint: String?
    /// `GROUP_SEPARATOR`.
    public var groupSeparator: String?
    /// `UNIT_NAME`.
    public var unitName: String?
    /// `CENT_NAME`.
    public var centName: String?
    /// `SCALE`: Minor units per unit (100 for cents).
    public var scale: Int64?
    /// `BASECONVRATE`: The rate to the base currency when no history applies.
    public var baseConversionRate: Amount?
    /// `CURRENCY_SYMBOL`: The ISO code (`USD`); unique, NOCASE.
    public var symbol: String
    /// `CURRENCY_TYPE`: Fiat or Crypto.
    public var type: String

    public init(
        id: Int64, name: String, prefixSymbol: String? = nil, suffixSymbol: String? = nil,
        decimalPoint: String? = nil, groupSeparator: String? = nil, unitName: String? = nil, centName: String? = nil,
        scale: Int64? = nil, baseConversionRate: Amount? = nil, symbol: String, type: String
    ) {
        self.id = id
        self.name = name
        self.prefixSymbol = prefixSymbol
        self.suffixSymbol = suffixSymbol
        self.decimalPoint = decimalPoint
        self.groupSeparator = groupSeparator
        self.unitName = unitName
        self.centName = centName
        self.scale = scale
        self.baseConversionRate = baseConversionRate
        self.symbol = symbol
        self.type = type
    }
}
