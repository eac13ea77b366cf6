import LegacyDriver
import MMEXModel

/// `CURRENCYFORMATS_V1` as the legacy app declares it for the query builder.
enum CurrencyColumns {
    static let table = Table(CurrencyFormat.tableName)
    static let id = SQLExpression<Int64>("CURRENCYID")
    static let name = SQLExpression<String>("CURRENCYNAME")
    static let prefixSymbol = SQLExpression<String?>("PFX_SYMBOL")
    static let suffixSymbol = SQLExpression<String?>("SFX_SYMBOL")
    static let decimalPoint = SQLExpression<String?>("DECIMAL_POINT")
    static let groupSeparator = SQLExpression<String?>("GROUP_SEPARATOR")
    static let unitName = SQLExpression<String?>("UNIT_NAME")
    static let centName = SQLExpression<String?>("CENT_NAME")
    static let scale = SQLExpression<Int64?>("SCALE")
    static let baseConversionRate = SQLExpression<Amount?>("BASECONVRATE")
    static let symbol = SQLExpression<String>("CURRENCY_SYMBOL")
    static let type = SQLExpression<String>("CURRENCY_TYPE")

    /// Every v21 column, in the record's order (desktop sync builds add columns that are not read).
    static var selection: Table {
        table.select(
            id, name, prefixSymbol, suffixSymbol, decimalPoint, groupSeparator, unitName, centName, scale,
            baseConversionRate, symbol, type
        )
    }

    static func setters(_ currency: CurrencyFormat) -> [Setter] {
        [
            name <- currency.name, prefixSymbol <- currency.prefixSymbol, suffixSymbol <- currency.suffixSymbol,
            decimalPoint <- currency.decimalPoint, groupSeparator <- currency.groupSeparator,
            unitName <- currency.unitName, centName <- currency.centName, scale <- currency.scale,
            baseConversionRate <- currency.baseConversionRate, symbol <- currency.symbol, type <- currency.type,
        ]
    }
}

/// `CURRENCYHISTORY_V1` as the legacy app declares it for the query builder.
enum CurrencyHistoryColumns {
    static let table = Table(CurrencyHistory.tableName)
    static let id = SQLExpression<Int64>("CURRHISTID")
    static let currencyId = SQLExpression<Int64>("CURRENCYID")
    static let date = SQLExpression<MMEXDate>("CURRDATE")
    static let value = SQLExpression<Amount>("CURRVALUE")
    static let updateType = SQLExpression<Int64?>("CURRUPDTYPE")

    static var selection: Table { table.select(id, currencyId, date, value, updateType) }
}

/// `ACCOUNTLIST_V1.CURRENCYID` and `ASSETS_V1.CURRENCYID`: who uses a currency.
enum CurrencyUserColumns {
    static let accounts = Table(Account.tableName)
    static let assets = Table(Asset.tableName)
    static let currencyId = SQLExpression<Int64?>("CURRENCYID")
}
