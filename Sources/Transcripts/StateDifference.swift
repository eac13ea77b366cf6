import Differential

/// One place where the state a scenario left differs from the state the transcript recorded.
struct StateDifference: Sendable, Hashable {
    /// `rows` (a table, a row, a column), `schema`, or `userVersion`, as the differential sorts them.
    var kind: Mismatch.Kind
    /// The place as the differential names it (and the trap classifier reads it): `BOOK[rowid 3].RATING`,
    /// `BOOK[rowid 3]`, `BOOK.columns`, `BOOK`, `index BOOK_TITLE`, `user_version`.
    var place: String
    /// What differs, as a ``TranscriptMismatch/field``: `BOOK[rowid 3].RATING`, `missing row BOOK[rowid 3]`,
    /// `extra row BOOK[rowid 4]`, `table BOOK`, `schema index BOOK_TITLE`, `user_version`.
    var field: String
    /// What the transcript recorded there, rendered as the differential renders stored values.
    var expected: String
    /// What the verified implementation left there, rendered the same way.
    var actual: String
    /// The table, for a difference in one.
    var table: String?
    /// The row's key (`rowid 3`), for a difference in one row.
    var key: String?
    /// The column, for a difference in one value.
    var column: String?
    /// Why the difference is not shown finer (a table compared by hash only), when it is not.
    var note: String?
}

/// What the state comparison of one scenario found.
struct StateFindings: Sendable, Hashable {
    var differences: [StateDifference] = []
    /// Whether every table that differs was compared row by row (none by hash only): only then does "no stored
    /// date differs" mean both sides stored the same date text (``TrapConsequences``).
    var rowsCompared = true
}
