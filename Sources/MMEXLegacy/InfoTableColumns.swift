import LegacyDriver

/// `INFOTABLE_V1` as the legacy app declares it for the query builder.
enum InfoTableColumns {
    static let name = "INFOTABLE_V1"
    static let table = Table(name)
    static let id = SQLExpression<Int64>("INFOID")
    static let infoName = SQLExpression<String>("INFONAME")
    static let value = SQLExpression<String>("INFOVALUE")
}

/// `SETTING_V1` as the legacy app declares it for the query builder (`SETTINGVALUE` is nullable).
enum SettingColumns {
    static let name = "SETTING_V1"
    static let table = Table(name)
    static let id = SQLExpression<Int64>("SETTINGID")
    static let settingName = SQLExpression<String>("SETTINGNAME")
    static let value = SQLExpression<String?>("SETTINGVALUE")
}

/// `sqlite_master`, for asking whether an optional MMEX table exists.
enum SchemaColumns {
    static let table = Table("sqlite_master")
    static let type = SQLExpression<String>("type")
    static let name = SQLExpression<String>("name")
}
