/// Which parts of the database left behind the harness compares, and how much detail it reports.
public struct StateComparison: Sendable {
    /// Every table's rows (matched by rowid) and column names.
    public var rows = true
    /// `sqlite_master`: type, name, table and SQL of every table, index, trigger and view.
    public var schema = true
    /// `PRAGMA user_version`.
    public var userVersion = true
    /// `PRAGMA journal_mode` as a fresh connection sees it (WAL is recorded in the file; other modes read as the
    /// default).
    public var journalMode = true
    /// The names of the files beside the database after both sides closed (`-wal`, `-shm`, `-journal`, ...).
    public var sidecars = true
    /// Tables whose rows are not compared (their schema still is).
    public var ignoredTables: Set<String> = []
    /// Columns whose values are not compared in any table (rows are still matched and their other columns compared):
    /// values a file's own triggers take from the wall clock, which two runs a second apart write differently.
    public var ignoredColumns: Set<String> = []
    /// At most this many row differences are reported per table (the count of the rest is reported too).
    public var maximumRowDetailsPerTable = 20

    public init() {}

    /// Everything.
    public static let all = StateComparison()
}
