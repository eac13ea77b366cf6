/// Where a row subscript stops the program, as GRDB's do.
///
/// GRDB's row subscripts (`row["name"]`, `row[0]`, `row[Column("name")]`) are `try! row.decode(...)`: a missing
/// column, or a value that cannot become the requested type (NULL for a non-optional, text that is not a date), stops
/// the program. So does this driver, with the error naming the column (and the statement, for a row read from a
/// cursor): a default in place of the value would flow on into the app's writes. Code that can meet such rows reads
/// with `row.decode(_:atIndex:)` / `decode(_:forColumn:)`, which throw instead.
@usableFromInline
enum RowDecodingFailure {
    /// The message a failed subscript read stops with.
    static func message(for error: any Error) -> String {
        "row subscript failed: \(error); GRDB stops the program here (try! in Row's subscript): "
            + "read with row.decode(_:atIndex:) or decode(_:forColumn:) to handle it"
    }

    /// Stops the program for a failed subscript read.
    @usableFromInline @inline(never)
    static func trap(_ error: any Error) -> Never {
        fatalError(message(for: error))
    }
}
