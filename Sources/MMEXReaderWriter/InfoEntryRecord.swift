import MMEXModel
import ReaderWriterDriver

/// An `INFOTABLE_V1` row as the reader/writer driver fetches it: a record read by column index.
struct InfoEntryRecord: FetchableRecord {
    static let table = InfoEntry.tableName
    /// The three v21 columns, in the record's order (desktop sync builds add more columns; they are not read).
    static let selection = "SELECT INFOID, INFONAME, INFOVALUE FROM INFOTABLE_V1"

    let entry: InfoEntry

    init(row: Row) throws {
        entry = InfoEntry(
            id: try row.integer(0, table: Self.table, column: "INFOID"),
            name: try row.text(1, table: Self.table, column: "INFONAME"),
            value: try row.text(2, table: Self.table, column: "INFOVALUE")
        )
    }
}

/// A `SETTING_V1` row as the reader/writer driver fetches it.
struct SettingRecord: FetchableRecord {
    static let table = Setting.tableName
    static let selection = "SELECT SETTINGID, SETTINGNAME, SETTINGVALUE FROM SETTING_V1"

    let setting: Setting

    init(row: Row) throws {
        setting = Setting(
            id: try row.integer(0, table: Self.table, column: "SETTINGID"),
            name: try row.text(1, table: Self.table, column: "SETTINGNAME"),
            value: try row.optionalText(2, table: Self.table, column: "SETTINGVALUE")
        )
    }
}
