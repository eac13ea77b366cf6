extension Transcript {
    /// How a transcript in format 3 recorded the state each scenario left, kept in its header so that verifying
    /// reads the state back by the same rules (format 2 transcripts have none: ``Transcript/stateOptions`` is `nil`).
    ///
    /// Beside each table's hash, a format 3 transcript keeps the rows a scenario changed (row detail): verifying then
    /// reports a state difference row by row and column by column, each with its porting trap, instead of one hash
    /// per table. A transcript holds the app's data this way (the rows the scenarios wrote, and what they returned):
    /// record on a fixture file, not on a user's, and list columns that hold secrets in ``redactedColumns``.
    public struct StateOptions: Sendable, Hashable {
        /// The row-detail limit when none is given: tables a scenario changed in more rows keep their hash only.
        public static let defaultRowDetailLimit = 2000

        /// At most this many changed rows of one table are kept per scenario; a table changed in more keeps its hash
        /// only, and verifying says so. 0 keeps no row detail.
        public var rowDetailLimit: Int
        /// Tables left out of the state whole (their rows and their `sqlite_master` rows): a migrator's ledger one
        /// side adds on purpose, such as GRDB's `grdb_migrations`.
        public var ignoredTables: Set<String>
        /// Columns (any table, upper-cased) left out of every table: values a trigger stamps with the clock.
        public var ignoredColumns: Set<String>
        /// Columns (any table, upper-cased) whose values the row detail writes as `<redacted>`: the table hash still
        /// covers them, but their values never appear in the transcript or in a mismatch.
        public var redactedColumns: Set<String>

        /// The rules a transcript records its states by.
        ///
        /// - Parameters:
        ///   - rowDetailLimit: At most this many changed rows per table and scenario are kept (a negative value
        ///     counts as 0).
        ///   - ignoredTables: Tables left out of the state whole.
        ///   - ignoredColumns: Column names left out of every table (compared upper-cased).
        ///   - redactedColumns: Column names whose values the row detail never writes (compared upper-cased).
        public init(
            rowDetailLimit: Int = defaultRowDetailLimit, ignoredTables: Set<String> = [], ignoredColumns: Set<String> = [],
            redactedColumns: Set<String> = []
        ) {
            self.rowDetailLimit = max(0, rowDetailLimit)
            self.ignoredTables = ignoredTables
            self.ignoredColumns = Set(ignoredColumns.map { $0.uppercased() })
            self.redactedColumns = Set(redactedColumns.map { $0.uppercased() })
        }
    }
}
