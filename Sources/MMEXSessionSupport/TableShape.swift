import MMEXModel
import PersistenceSession

/// The check both drivers' repositories make before reading a table by column name: every column they name must
/// exist.
///
/// Why: the legacy driver quotes identifiers (`"CURRENCY_TYPE"`), and SQLite reads a double-quoted name that is not
/// a column as a string literal, so on an old file (MMEX 0.9.7 lacks `CURRENCY_TYPE`, `INITIALDATE`, `DELETEDTIME`,
/// ...) it would silently return the column's name as its value where the reader/writer driver fails with "no
/// such column". Both now refuse the same way, naming the table and column, before any row is read.
public enum TableShape {
    /// The error for the first of `required` not among `present` (names compared ASCII case-insensitively), or
    /// `nil` when all are there.
    public static func missingColumn(
        table: String, required: [String], present: [String]
    ) -> PersistenceError? {
        let have = Set(present.map { $0.uppercased() })
        guard let missing = required.first(where: { !have.contains($0.uppercased()) }) else { return nil }
        // SQLITE_ERROR, as SQLite itself reports a missing column; no path, so copies of one file fail alike.
        return .database(
            code: 1, extendedCode: 1,
            message: "no such column: \(table).\(missing) (schema 21 has it; upgrade the file before using it here)"
        )
    }

    /// The SQL both drivers read a table's column names with.
    public static let columnNamesSQL = "SELECT name FROM pragma_table_info(?)"
}

/// The `CHECKINGACCOUNT_V1` columns balances, flows and the account cascade name.
public enum LedgerShape {
    public static let columns = [
        "TRANSID", "ACCOUNTID", "TOACCOUNTID", "TRANSCODE", "TRANSAMOUNT", "TOTRANSAMOUNT", "STATUS", "TRANSDATE",
        "DELETEDTIME",
    ]
}
