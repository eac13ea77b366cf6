/// A redacted column the row detail cannot keep out of a transcript, refused before a transcript is written.
public enum RedactionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No table of the source file has a column of that name (compared upper-cased): a misspelt name would leave
    /// the column it meant in the transcript.
    case noSuchColumn(String)
    /// The column keys its table's rows (a `WITHOUT ROWID` table's primary key, or an `INTEGER PRIMARY KEY`, which is
    /// the rowid): the row detail names each row by its key, so the column's values would appear.
    case keyColumn(table: String, column: String)

    public var description: String {
        switch self {
        case .noSuchColumn(let column):
            "cannot redact column \(column): no table of the source file has it (check the name)"
        case .keyColumn(let table, let column):
            "cannot redact \(table).\(column): it is the key that names the table's rows in the row detail "
                + "(set the row-detail limit to 0 to keep state hashes only)"
        }
    }
}
