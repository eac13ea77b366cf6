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
    /// Tables that are not compared at all: neither their rows nor their entries in `sqlite_master` (the table, its
    /// indexes and triggers), so a table one side adds on purpose (a migrator's ledger) can be left out whole.
    public var ignoredTables: Set<String> = []
    /// Column names (any table, compared case-insensitively, stored upper-cased) whose values are not compared:
    /// columns a trigger stamps with the wall clock, which two sides running a second apart always write differently.
    /// A row missing on one side is still reported.
    public var ignoredColumns: Set<String> = []
    /// Skip the row comparison of tables whose pages both copies still hold byte for byte (the same rows, so
    /// nothing to find), and the whole comparison when the changed-pages tracker shows both copies holding the same
    /// database (``DifferentialHarness/tracksChangedPages``; neither copy is then opened): the comparison's cost then
    /// follows what the operations changed, not the size of the file. Turn it off to read every row of every table
    /// anyway (the result is the same; only the time differs).
    public var skipsUnchangedTables = true
    /// At most this many row differences are reported per table (the count of the rest is reported too).
    public var maximumRowDetailsPerTable = 20

    /// Compares everything, with the default limits; the same as ``all``. Turn parts off on the value.
    public init() {}

    /// Everything.
    public static let all = StateComparison()
}
