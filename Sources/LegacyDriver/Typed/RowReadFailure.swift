/// Where the non-throwing reads stop the program, as SQLite.swift's do.
///
/// SQLite.swift's `row[expression]` is `try! row.get(expression)`, and its row iterator steps with `try!`: a missing
/// or ambiguous column, a NULL or a value of another storage class read as a non-optional type, a stored value the
/// type cannot be made from, or a step that fails in a `for` loop stops the app. The legacy driver stops there too:
/// a default value in place of the one that could not be read would flow on into the app's writes (a share row read
/// without its number column written back as 0), the worst outcome a port can have. The message names the column
/// and the query, so the crash report says which read of which statement to fix. Code that can meet such rows reads
/// with `try row.get(expression)` (or iterates with `try cursor.next()`) and has the error thrown instead.
///
/// Where SQLite.swift returns `nil` without a word (a value of another storage class read as an optional type), so
/// does the driver, silently.
///
/// `fatalError`, not `preconditionFailure`: the message (the column and the query) is printed in release builds too.
@usableFromInline
enum RowReadFailure {
    /// The message a failed `row[column]` stops with.
    static func message(for error: LegacyError, column: String, sql: String) -> String {
        "row[\(column)] failed: \(error) (query: \(sql)); SQLite.swift traps here (try! in Row's subscript): "
            + "read with try row.get(_:) to handle it"
    }

    /// The message a failed step in a `for` loop stops with.
    static func iterationMessage(for error: any Error, sql: String) -> String {
        "iterating \(sql) failed: \(error); SQLite.swift traps here (try! in its iterator): "
            + "iterate with try next() to handle it"
    }

    /// Stops the program for a failed `row[column]`, as SQLite.swift's `try!` does.
    @usableFromInline @inline(never)
    static func trap(_ error: LegacyError, column: String, sql: String) -> Never {
        fatalError(message(for: error, column: column, sql: sql))
    }

    /// Stops the program for a step that failed while a `for ... in` loop iterated a cursor or statement.
    @inline(never)
    static func trapIteration(_ error: any Error, sql: String) -> Never {
        fatalError(iterationMessage(for: error, sql: sql))
    }
}
