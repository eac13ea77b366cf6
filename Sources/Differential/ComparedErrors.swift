import Foundation

/// How the tools describe a thrown error before comparing two of them. The differential harness
/// (`DifferentialHarness.describeError`), transcripts (`TranscriptRunner.describeError`) and shadow mode
/// (`ShadowOptions.describeError`) all start from ``standard(_:)``, so an error reads the same in a diff, in a
/// transcript, when a transcript is verified and in a shadow event, whichever library threw it.
///
/// The standard form keeps what a refusal means and drops how a library words it: an SQLite failure becomes
/// `SQLite error CODE [DETAIL]` (``sqliteForm(code:message:)``), where DETAIL is, for a constraint, its kind, table
/// and columns as SQLite's message names them (`SQLite error 19 [unique on note(body)]`, `SQLite error 19
/// [foreignKey]`) and for any other failure SQLite's message (`SQLite error 1 [no such table: folder]`). So
/// SQLite.swift's `Result` and GRDB's `DatabaseError` for the same refusal agree, while a different code, constraint
/// kind, table, column or message is still a mismatch: UNIQUE against FOREIGN KEY, a constraint against no error.
/// What is not compared: the SQL text and arguments a library appends, the extended code (SQLite.swift does not
/// report it), and PRIMARY KEY against UNIQUE (SQLite's message says `UNIQUE constraint failed` for both). Any other
/// error keeps its type and description (``typeAndDescription(_:)``).
public enum ComparedErrors {
    /// The tools' default description: the ``sqliteForm(code:message:)`` of an SQLite failure of SQLite.swift, GRDB,
    /// this toolkit's engines or a session's `PersistenceError` (read from its description); anything else as its
    /// type and description.
    @Sendable
    public static func standard(_ error: any Error) -> String {
        standardForm(ofDescription: typeAndDescription(error))
    }

    /// The standard form of an SQLite failure given its parts, for an adapter that holds a library's error itself:
    /// `code` is SQLite's primary or extended result code, `message` SQLite's own message (`sqlite3_errmsg`), without
    /// the SQL a library appends to it.
    public static func sqliteForm(code: Int32, message: String) -> String {
        SQLiteErrorText(code: code, message: message).description
    }

    /// An error's type and description (`SQLiteError: SQLITE_CONSTRAINT (19/2067): ...`), every word compared: with
    /// the transcripts' `TranscriptErrorComparison.exact`, the comparison before the standard form.
    @Sendable
    public static func typeAndDescription(_ error: any Error) -> String { "\(type(of: error)): \(error)" }

    /// A description already written (by ``typeAndDescription(_:)``, ``standard(_:)``, or an older recorder) in the
    /// standard form: the SQLite failure it reports, or the text unchanged when it reports none.
    public static func standardForm(ofDescription described: String) -> String {
        SQLiteErrorText(described)?.description ?? described
    }

    /// `described` with a working copy's path, then its folder, replaced by `<database>` and `<folder>`: copies
    /// necessarily live at different paths on each side and in each run.
    package static func placeholding(_ described: String, copy path: String) -> String {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return described.replacingOccurrences(of: path, with: "<database>").replacingOccurrences(of: folder, with: "<folder>")
    }
}
