import SQLiteEngine

/// What a format 3 transcript keeps of one scenario's state beside its hashes: the schema objects and the rows the
/// scenario changed, relative to the source file (which verifying has, byte for byte), so a transcript grows with
/// what its scenarios wrote, not with the size of the file.
struct StateDetail: Sendable, Hashable {
    /// The schema objects (`type name` -> `tbl_name: sql`, as the differential names them) whose entry differs
    /// from the source's, in key order; `nil` for one the state no longer has.
    var schema: [SchemaChange] = []
    /// The row detail of every table whose hash differs from the source's table, by table name.
    var tables: [String: TableDetail] = [:]
}

/// One schema object the state holds otherwise than the source: its entry, or `nil` when it is gone.
struct SchemaChange: Sendable, Hashable {
    /// `index NAME`, `table NAME`, `trigger NAME`, `view NAME`.
    var key: String
    /// `tbl_name: sql`, or `nil` for an object the source has and the state has not.
    var entry: String?
}

/// What the row detail keeps of one table in one scenario's state.
enum TableDetail: Sendable, Hashable {
    /// The rows that differ from the source's table, or all of them.
    case rows(TableChanges)
    /// The table differs from the source's in more rows than the row-detail limit: its hash only.
    case omitted(changedRows: Int)
}

/// The rows of a table that a scenario left otherwise than the source had them.
struct TableChanges: Sendable, Hashable {
    /// `true`: the changes are relative to the source's table (same columns and keys); `false`: they are every row
    /// of the table (the source has no such table, or other columns).
    var fromSource: Bool
    /// The table's columns and keys as the state holds them.
    var shape: TableShape
    /// In key order: each row the state holds otherwise (or the source lacks), and each row of the source it lacks.
    var changes: [RowChange]
}

/// One row in a table's changes.
enum RowChange: Sendable, Hashable {
    /// The row as the state holds it.
    case row(RowKey, [RecordedCell])
    /// A row of the source the state does not hold.
    case gone(RowKey)

    var key: RowKey {
        switch self {
        case .row(let key, _), .gone(let key): key
        }
    }
}
