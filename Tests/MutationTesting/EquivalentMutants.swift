import Differential
import MMEXDifferential
import MMEXSessionSupport

/// The planted changes no scenario can catch because they change nothing MMEX can observe, each with the reason.
/// The planted-bug run (`make mutants`) fails on a mutant that survives without being listed here, and on a listed
/// one it catches (the list must stay true).
package enum EquivalentMutants {
    /// Mutants of `driver`'s statements that contain `statement`, with `change` (at `occurrence`, or at any).
    package struct Entry: Sendable {
        package var driver: PlantedDriver
        package var statement: String
        package var change: String
        package var occurrence: Int?
        package var reason: String

        init(_ driver: PlantedDriver, _ statement: String, _ change: String, _ occurrence: Int? = nil, because reason: String) {
            self.driver = driver
            self.statement = statement
            self.change = change
            self.occurrence = occurrence
            self.reason = reason
        }

        package func matches(_ mutant: PlantedMutant) -> Bool {
            mutant.driver == driver && mutant.mutant.statement.contains(statement) && mutant.mutant.change == change
                && (occurrence == nil || occurrence == mutant.mutant.occurrence)
        }
    }

    /// The listed reason, else the generic one the schema's unique keys give (``SQLMutant/invisibility(keys:)``).
    package static func reason(for mutant: PlantedMutant, keys: SchemaKeys = SchemaKeys()) -> String? {
        all.first { $0.matches(mutant) }?.reason ?? mutant.mutant.invisibility(keys: keys)
    }

    /// Name columns the MMEX 1.x schema (the committed fixture's) declares `COLLATE NOCASE`: comparing or ordering
    /// them without an explicit COLLATE still uses NOCASE, so dropping the repository's own COLLATE changes nothing on
    /// such a file. (It does matter on MMEX 0.9.7 files, which declare some of these columns without NOCASE: that is
    /// why the repositories spell it out.)
    static let nocaseColumns = [
        "ACCOUNTNAME", "ASSETNAME", "CATEGNAME", "CURRENCYNAME", "CURRENCY_SYMBOL", "INFONAME", "PAYEENAME", "STOCKNAME",
        "SETTINGNAME", "REPORTNAME", "GROUPNAME", "TAGNAME",
    ]

    /// One-row reads: the legacy repositories read these with `pluck` (the builder's `LIMIT 1`, bound as `LIMIT ?`),
    /// the reader/writer ones with `fetchOne`: a limit of 2 returns a row the read never takes.
    static let oneRowReads: [Entry] = [
        Entry(.legacy, "LIMIT ?", "LIMIT n → n + 1", because: "read with pluck, which takes the first row only"),
        Entry(.readerWriter, "LIMIT 1", "LIMIT n → n + 1", because: "read with fetchOne, which takes the first row only"),
    ]

    /// `settings.isAvailable` asks whether SETTING_V1 exists, always by that exact name. The fixture has the table, so
    /// the count is at least 1 with and without these changes; only a file without SETTING_V1 (MMEX before 1.6) would
    /// tell them apart, and the run uses the fixture. Equivalent on the run's file, not in general.
    static let settingsTableProbe: [Entry] = {
        let legacy = "FROM \"sqlite_master\" WHERE ((\"type\" = ?) AND ((\"name\" COLLATE \"NOCASE\") = ?))"
        let readerWriter = "FROM sqlite_master WHERE type = 'table' AND name = ? COLLATE NOCASE"
        let reason = "asks whether SETTING_V1 exists by its exact name: on the fixture, which has the table, the count "
            + "is at least 1 either way (a file without the table would show it)"
        return [
            Entry(.legacy, legacy, "AND → OR", because: reason), Entry(.legacy, legacy, "= → <>", 2, because: reason),
            Entry(.legacy, legacy, "COLLATE \"NOCASE\" removed", because: reason),
            Entry(.readerWriter, readerWriter, "AND → OR", because: reason), Entry(.readerWriter, readerWriter, "= → <>", 2, because: reason),
            Entry(.readerWriter, readerWriter, "COLLATE NOCASE removed", because: reason),
        ]
    }()

    /// Orders the repositories' own invariants make unobservable.
    static let invariants: [Entry] = {
        let tree = "the tree groups children by parent, and within one parent names are unique under NOCASE "
            + "(UNIQUE(CATEGNAME, PARENTID) on a NOCASE column): names tie only across parents, whose order the grouping hides"
        let budget = "setEntry keeps one entry per (year, category) (it updates the one it finds) and the fixture has no "
            + "two: the lookup finds at most one row, and no two entries of a year tie on CATEGID"
        let subtree = "deleteCategory checks the whole subtree and deletes it whole or refuses: the order of the "
            + "children only decides which in-use member the refusal's message names, and refusals are compared by "
            + "kind and table (their messages differ between drivers by design)"
        let share = "a transaction has at most one share info: the repositories delete it before they write one, and "
            + "the fixture has no two for one transaction, so the lookup finds at most one row"
        return [
            Entry(.legacy, "FROM \"SHAREINFO_V1\" WHERE (\"CHECKINGACCOUNTID\" = ?) ORDER BY \"SHAREINFOID\" LIMIT", "ORDER BY term 1 → DESC", because: share),
            Entry(.readerWriter, "FROM SHAREINFO_V1 WHERE CHECKINGACCOUNTID = ? ORDER BY SHAREINFOID LIMIT 1", "ORDER BY term 1 → DESC", because: share),
            Entry(.legacy, "SELECT \"CATEGID\" FROM \"CATEGORY_V1\" WHERE (\"PARENTID\" = ?) ORDER BY \"CATEGID\"", "ORDER BY term 1 → DESC", because: subtree),
            Entry(.readerWriter, "SELECT CATEGID FROM CATEGORY_V1 WHERE PARENTID = ? ORDER BY CATEGID", "ORDER BY term 1 → DESC", because: subtree),
            Entry(.legacy, "WHERE (\"PARENTID\" IN (SELECT \"CATEGID\" FROM \"CATEGORY_V1\"", "ORDER BY term 2 → DESC", because: tree),
            Entry(.readerWriter, "WHERE PARENTID IN (SELECT CATEGID FROM CATEGORY_V1", "ORDER BY term 2 → DESC", because: tree),
            Entry(.legacy, "FROM \"BUDGETTABLE_V1\" WHERE ((\"BUDGETYEARID\"", "ORDER BY term 1 → DESC", because: budget),
            Entry(.readerWriter, "FROM BUDGETTABLE_V1 WHERE BUDGETYEARID IS ? AND CATEGID IS ?", "ORDER BY term 1 → DESC", because: budget),
            Entry(.legacy, "FROM \"BUDGETTABLE_V1\" WHERE (\"BUDGETYEARID\" = ?) ORDER BY \"CATEGID\"", "ORDER BY term 2 → DESC", because: budget),
            Entry(.readerWriter, "FROM BUDGETTABLE_V1 WHERE BUDGETYEARID = ? ORDER BY CATEGID", "ORDER BY term 2 → DESC", because: budget),
        ]
    }()

    /// The rows before a register's range only feed its opening balance (``LedgerRule/openingBalance``): a row the
    /// register does not own adds nothing there.
    static let ledgerRules: [Entry] = {
        let reason = "the opening balance's rows before the range: with OR, the read also takes transfers between "
            + "other accounts and non-transfers whose TOACCOUNTID names the account; LedgerRule.effect gives each "
            + "exactly +0.0 on this account (a transfer's TOACCOUNTID counts only for TRANSCODE Transfer), and adding "
            + "+0.0 keeps every sum (a -0.0 would become +0.0, which Amount stores as integer 0 either way)"
        return [
            Entry(.legacy, "OR ((\"TRANSCODE\" = ?) AND (\"TOACCOUNTID\" = ?))) AND ((\"TRANSDATE\" IS NULL) OR (substr(\"TRANSDATE\", 1, 10) < ?)))",
                  "AND → OR", 1, because: reason),
            Entry(.readerWriter, "OR (TRANSCODE = ? AND TOACCOUNTID = ?)) AND (TRANSDATE IS NULL OR substr(TRANSDATE, 1, 10) < ?)",
                  "AND → OR", 1, because: reason),
        ]
    }()

    /// `duplicateGroups` reads the live transactions' keys in id order, but ``DuplicateRules/keyGroups(_:)`` sorts the
    /// ids of each key and orders the groups by their lowest id: the rows' order reaches nothing it returns.
    static let duplicateKeyOrder: [Entry] = {
        let reason = "DuplicateRules.keyGroups collects the ids by key, sorts each group's ids and orders the groups by "
            + "their lowest id: the order the keys are read in reaches nothing duplicateGroups returns"
        return [
            Entry(.legacy, "CAST(\"TRANSAMOUNT\" AS REAL), \"PAYEEID\", \"TRANSCODE\" FROM", "ORDER BY term 1 → DESC", because: reason),
            Entry(.readerWriter, "CAST(TRANSAMOUNT AS REAL), PAYEEID, TRANSCODE", "ORDER BY term 1 → DESC", because: reason),
        ]
    }()

    /// An import reads the source's rows of each table in id order. In a table without a renamed name column, no
    /// row's fate depends on the rows merged before it: it keeps its own id and is inserted, or skipped when its id is
    /// in the open file or it clashes on a conflict key with a row of the open file (the source's rows are unique on
    /// the same keys, by the same constraints, so they never clash with each other). The summary only counts. (Tables
    /// whose clashes are renamed are not listed: there the order decides the new names, `clashes.mmb` shows it.)
    static let importSourceOrder: [Entry] = {
        let reason = "a table without renames: each source row is inserted with its own id or skipped (id in the open "
            + "file, or a conflict key clashing with a row of the open file; the source's rows are unique on those "
            + "keys themselves), whatever rows came before it; the summary only counts them"
        return ImportCatalogue.tables.filter { $0.renamed == nil }.flatMap { table in
            PlantedDriver.allCases.map { driver in
                Entry(
                    driver, "FROM \"\(PlantedBugRun.schemaPlaceholder)\".\"\(table.name)\" ORDER BY", "ORDER BY term 1 → DESC",
                    because: reason
                )
            }
        }
    }()

    package static let all: [Entry] = oneRowReads + settingsTableProbe + invariants + ledgerRules + duplicateKeyOrder + importSourceOrder + nocaseColumns.flatMap { column in
        let reason = "\(column) is declared COLLATE NOCASE in the fixture's schema: without the explicit COLLATE, SQLite "
            + "uses the column's NOCASE anyway"
        return [
            Entry(.readerWriter, "\(column) COLLATE NOCASE", "COLLATE NOCASE removed", because: reason),
            Entry(.readerWriter, "\(column) = ? COLLATE NOCASE", "COLLATE NOCASE removed", because: reason),
            Entry(.readerWriter, "\"\(column)\" = ? COLLATE NOCASE", "COLLATE NOCASE removed", because: reason),
            Entry(.legacy, "\"\(column)\" COLLATE \"NOCASE\"", "COLLATE \"NOCASE\" removed", because: reason),
        ]
    }
}
