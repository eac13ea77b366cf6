import PersistenceSession
import SQLiteEngine

/// Which MMEX tables an import merges, in what order, and what each table's unique columns mean for a clash.
///
/// Driver-neutral data both importers read (each queries it in its own driver's idiom). Parents come before the rows
/// that refer to them; ids are kept from the source, so references inside the imported rows stay as they were.
public enum ImportCatalogue {
    /// A column whose clash is resolved by renaming the imported row (compared NOCASE, within `scope` when given).
    public struct RenamedColumn: Sendable, Hashable {
        public let column: String
        /// A column the name is unique within (`PARENTID` for categories).
        public let scope: String?
    }

    /// One table of the import.
    public struct Table: Sendable, Hashable {
        public let name: String
        public let idColumn: String
        /// The name renamed on a clash, if any.
        public let renamed: RenamedColumn?
        /// Unique keys renaming cannot resolve: a source row that clashes on one of them is skipped as a conflict.
        /// Compared with the columns' own collations, as the constraint compares them.
        public let conflictKeys: [[String]]

        init(_ name: String, id: String, renamed: RenamedColumn? = nil, conflictKeys: [[String]] = []) {
            self.name = name
            self.idColumn = id
            self.renamed = renamed
            self.conflictKeys = conflictKeys
        }
    }

    /// Every imported table, parents first. `INFOTABLE_V1`, `SETTING_V1` and `USAGE_V1` describe the file itself and
    /// are never imported.
    public static let tables: [Table] = [
        Table("CURRENCYFORMATS_V1", id: "CURRENCYID", conflictKeys: [["CURRENCYNAME"], ["CURRENCY_SYMBOL"]]),
        Table("ACCOUNTLIST_V1", id: "ACCOUNTID", renamed: RenamedColumn(column: "ACCOUNTNAME", scope: nil)),
        Table("PAYEE_V1", id: "PAYEEID", renamed: RenamedColumn(column: "PAYEENAME", scope: nil)),
        Table("CATEGORY_V1", id: "CATEGID", renamed: RenamedColumn(column: "CATEGNAME", scope: "PARENTID")),
        Table("TAG_V1", id: "TAGID", renamed: RenamedColumn(column: "TAGNAME", scope: nil)),
        Table("CUSTOMFIELD_V1", id: "FIELDID"),
        Table("CHECKINGACCOUNT_V1", id: "TRANSID"),
        Table("SPLITTRANSACTIONS_V1", id: "SPLITTRANSID"),
        Table("TAGLINK_V1", id: "TAGLINKID", conflictKeys: [["REFTYPE", "REFID", "TAGID"]]),
        Table("CUSTOMFIELDDATA_V1", id: "FIELDATADID", conflictKeys: [["FIELDID", "REFID"]]),
        Table("ATTACHMENT_V1", id: "ATTACHMENTID"),
        Table("TRANSLINK_V1", id: "TRANSLINKID"),
        Table("SHAREINFO_V1", id: "SHAREINFOID"),
        Table("BILLSDEPOSITS_V1", id: "BDID"),
        Table("BUDGETSPLITTRANSACTIONS_V1", id: "SPLITTRANSID"),
        Table("BUDGETYEAR_V1", id: "BUDGETYEARID", conflictKeys: [["BUDGETYEARNAME"]]),
        Table("BUDGETTABLE_V1", id: "BUDGETENTRYID"),
        Table("ASSETS_V1", id: "ASSETID"),
        Table("STOCK_V1", id: "STOCKID"),
        Table("STOCKHISTORY_V1", id: "HISTID", conflictKeys: [["SYMBOL", "DATE"]]),
        Table("CURRENCYHISTORY_V1", id: "CURRHISTID", conflictKeys: [["CURRENCYID", "CURRDATE"]]),
        Table("REPORT_V1", id: "REPORTID", renamed: RenamedColumn(column: "REPORTNAME", scope: nil)),
    ]

    /// The rename rule: the `attempt`-th candidate for a clashing `name`, `Name (2)`, `Name (3)`, ... (attempt
    /// counts from 2). The first candidate that clashes with nothing in the open file (NOCASE, including rows
    /// imported earlier in the same run) is taken.
    public static func candidateName(_ name: String, attempt: Int) -> String {
        "\(name) (\(attempt))"
    }

    /// How many candidates are tried before the import gives up on a name.
    public static let maximumRenameAttempts = 10_000

    /// The columns to copy for a table: the open file's columns that the source also has, in the open file's order
    /// (real files add or lack columns; extra source columns are dropped, missing ones take their defaults).
    public static func copiedColumns(target: [String], source: [String]) -> [String] {
        let sourceNames = Set(source.map { $0.uppercased() })
        return target.filter { sourceNames.contains($0.uppercased()) }
    }

    /// The schema name prefix of attached import sources (`dp_import_1`, ...).
    public static let schemaPrefix = "dp_import_"
}

extension ImportCatalogue {
    /// The first candidate of the rename rule that `isTaken` says is free.
    ///
    /// - Throws: what `isTaken` throws; ``PersistenceError/invalidUse(_:)`` after ``maximumRenameAttempts``.
    public static func freeName(for name: String, table: String, isTaken: (String) throws -> Bool) throws -> String {
        for attempt in 2...(maximumRenameAttempts + 1) {
            let candidate = candidateName(name, attempt: attempt)
            if try !isTaken(candidate) { return candidate }
        }
        throw PersistenceError.invalidUse("no free name for '\(name)' in \(table) after \(maximumRenameAttempts) attempts")
    }
}

extension ImportCatalogue {
    /// A row id as the rename report shows it (0 for an id that is not an integer).
    public static func rowId(_ value: SQLiteValue) -> Int64 {
        if case .integer(let id) = value { return id }
        return 0
    }
}
