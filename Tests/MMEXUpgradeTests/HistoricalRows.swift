import Foundation
import MMEXFiles
import SQLiteEngine

/// Rows written with the columns a table had at an old version (read from `PRAGMA table_info` of that file, never
/// from today's model), and what the upgrade scripts must make of every row.
enum HistoricalRows {
    /// Inserts `perTable` rows into every table of the file's current shape; values are chosen per column by its
    /// declared type and name, with a few rows that trigger the scripts' documented data changes.
    static func insert(into connection: EngineConnection, version: Int64, perTable: Int = 3) throws {
        for table in try TableDumper.tableNames(connection) {
            let info = try connection.rows("PRAGMA table_info(\(quoteIdentifier(table)))")
            let columns = info.map { (name: $0[1].textValue ?? "", type: ($0[2].textValue ?? "").uppercased(),
                                      notNull: $0[3] == .integer(1), primaryKey: $0[5] != .integer(0)) }
            let upperTable = table.uppercased()
            for index in 0..<perTable {
                var values: [SQLiteValue] = []
                for column in columns {
                    values.append(value(table: upperTable, column: column.name.uppercased(), type: column.type,
                                        notNull: column.notNull || column.primaryKey, primaryKey: column.primaryKey,
                                        row: index, version: version, connection: connection))
                }
                if upperTable == "CURRENCYFORMATS_V1", index == 1,
                   try connection.scalar("SELECT count(*) FROM CURRENCYFORMATS_V1 WHERE CURRENCY_SYMBOL = 'HUF'") != .integer(0)
                { continue }
                let names = columns.map { quoteIdentifier($0.name) }.joined(separator: ", ")
                let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
                try connection.run("INSERT INTO \(quoteIdentifier(table)) (\(names)) VALUES (\(marks))", values)
            }
        }
    }

    private static func value(
        table: String, column: String, type: String, notNull: Bool, primaryKey: Bool, row: Int, version: Int64,
        connection: EngineConnection
    ) -> SQLiteValue {
        let id = Int64(1000 + row)
        if primaryKey { return .integer(id) }
        let tag = "v\(version)-\(table)-\(column)-\(row)"
        switch (table, column) {
        case (_, "TRANSDATE"), (_, "NEXTOCCURRENCEDATE"):
            return .text("20\(10 + version)-0\(row + 1)-1\(column == "TRANSDATE" ? 5 : 7)")
        case (_, "TRANSCODE"):
            return .text(["Withdrawal", "Deposit", "Transfer"][row % 3])
        case (_, "SUBCATEGID"):
            return .integer(row == 0 ? -1 : 2000 + Int64(row))
        case ("CATEGORY_V1", "PARENTID"):
            // Row 1 is its own parent: script 20 recovers such a category.
            return .integer(row == 1 ? id : -1)
        case ("SUBCATEGORY_V1", "CATEGID"):
            return .integer(1000)
        case ("CHECKINGACCOUNT_V1", "ACCOUNTID"):
            // Row 1 belongs to account -1: script 18 removes such blank records.
            return .integer(row == 1 ? -1 : id)
        case ("INFOTABLE_V1", "INFONAME") where row == 1:
            return .text("STOCKURL")
        case ("INFOTABLE_V1", "INFOVALUE") where row == 1:
            return .text("http://finance.yahoo.com/echarts?s=%s")
        case ("CURRENCYFORMATS_V1", "CURRENCY_SYMBOL"):
            return .text(row == 1 ? "HUF" : "X\(version)\(row)")
        case ("CURRENCYFORMATS_V1", "SFX_SYMBOL") where row == 1:
            return .text("")
        case ("CURRENCYFORMATS_V1", "PFX_SYMBOL") where row == 1:
            return .text("Ft")
        default:
            break
        }
        if row == 2, !notNull { return .null }
        if column.hasSuffix("ID") || type.contains("INT") { return .integer(id * 7 + Int64(column.count)) }
        if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") { return .real(Double(row) + 0.25) }
        if type.contains("NUMERIC") {
            return row == 0 ? .real(1234.56) : .integer(Int64(row) * 100)
        }
        return .text(tag + "-Ω-Карта")
    }

    /// What every row of a version-`version` file must look like after the upgrade to 21: table -> rowid -> the
    /// columns to check. A row the scripts delete on purpose is absent. The scripts' deliberate changes (see
    /// `Schema/upgrade/`) are applied here; every other value must be unchanged.
    static func expectedAfterUpgrade(_ before: TableRows, from version: Int64) -> TableRows {
        var result: TableRows = [:]
        let dataVersion = before["INFOTABLE_V1"]?.values.first { $0["INFONAME"] == .text("DATAVERSION") }?["INFOVALUE"]
        // Script 17 numbers a subcategory after the largest category id.
        let largestCategory = before["CATEGORY_V1"]?.keys.max() ?? 0
        let subcategoryTables: Set<String> = [
            "CHECKINGACCOUNT_V1", "BILLSDEPOSITS_V1", "BUDGETSPLITTRANSACTIONS_V1", "SPLITTRANSACTIONS_V1",
            "BUDGETTABLE_V1", "PAYEE_V1",
        ]
        for (table, rows) in before {
            if version < 17, ["ASSETCLASS_V1", "ASSETCLASS_STOCK_V1", "SUBCATEGORY_V1"].contains(table) { continue }
            var expected: [Int64: [String: SQLiteValue]] = [:]
            for (rowid, original) in rows {
                var row = original
                if version < 3, table == "BILLSDEPOSITS_V1", dataVersion == .text("2") {
                    row["TRANSDATE"] = row["NEXTOCCURRENCEDATE"]
                }
                if version < 3, table == "INFOTABLE_V1", row["INFONAME"] == .text("DATAVERSION") {
                    row["INFOVALUE"] = .text("3")
                }
                if version < 17, subcategoryTables.contains(table) {
                    if case .integer(let sub)? = row["SUBCATEGID"], sub != -1 {
                        row["CATEGID"] = .integer(sub + largestCategory)
                    }
                    row["SUBCATEGID"] = nil
                }
                if version < 17, table == "CATEGORY_V1" {
                    row["PARENTID"] = .integer(-1)
                    if version < 15 { row["ACTIVE"] = .integer(1) }
                }
                if version < 18, table == "CHECKINGACCOUNT_V1", row["ACCOUNTID"] == .integer(-1) { continue }
                if version < 19, table == "CHECKINGACCOUNT_V1" || table == "BILLSDEPOSITS_V1" {
                    row["COLOR"] = row["FOLLOWUPID"]
                }
                if version < 20, table == "CATEGORY_V1", let parent = row["PARENTID"], parent == .integer(rowid),
                   case .text(let name)? = row["CATEGNAME"]
                {
                    row["CATEGNAME"] = .text(name + " [recovered]")
                    row["ACTIVE"] = .integer(0)
                    row["PARENTID"] = .integer(-1)
                }
                if version < 20, table == "CHECKINGACCOUNT_V1", case .text(let date)? = row["TRANSDATE"],
                   date.count == 10
                {
                    row["TRANSDATE"] = .text(date + "T00:00:00")
                }
                if version < 21, table == "INFOTABLE_V1", row["INFONAME"] == .text("STOCKURL"),
                   row["INFOVALUE"] == .text("http://finance.yahoo.com/echarts?s=%s")
                {
                    row["INFOVALUE"] = .text("https://finance.yahoo.com/quote/%s")
                }
                if version < 21, table == "CURRENCYFORMATS_V1", row["CURRENCY_SYMBOL"] == .text("HUF"),
                   row["SFX_SYMBOL"] == .text("")
                {
                    row["SFX_SYMBOL"] = row["PFX_SYMBOL"]
                    row["PFX_SYMBOL"] = .text("")
                }
                expected[rowid] = row
            }
            result[table, default: [:]].merge(expected) { _, new in new }
        }
        if version < 17 {
            // Script 17 folds each subcategory into CATEGORY_V1 under its parent.
            for (subcategoryID, sub) in before["SUBCATEGORY_V1"] ?? [:] {
                var row: [String: SQLiteValue] = ["CATEGNAME": sub["SUBCATEGNAME"] ?? .null, "PARENTID": sub["CATEGID"] ?? .null]
                row["ACTIVE"] = version < 15 ? .integer(1) : sub["ACTIVE"] ?? .null
                result["CATEGORY_V1", default: [:]][subcategoryID + largestCategory] = row
            }
        }
        return result
    }

    /// Names of categories (or subcategories under one parent) that occur twice: script 17 merges those, and the
    /// row-by-row expectation above assumes there are none.
    static func duplicateCategoryNames(_ before: TableRows) -> [String] {
        func key(_ value: SQLiteValue?) -> String { value?.description.lowercased() ?? "NULL" }
        let categories = (before["CATEGORY_V1"] ?? [:]).values.map { key($0["CATEGNAME"]) + "|" + key($0["PARENTID"]) }
        let subcategories = (before["SUBCATEGORY_V1"] ?? [:]).values.map { key($0["SUBCATEGNAME"]) + "|" + key($0["CATEGID"]) }
        return [categories, subcategories].flatMap { names in
            Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.map(\.key)
        }
    }
}
