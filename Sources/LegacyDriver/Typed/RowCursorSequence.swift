import SQLiteEngine

/// `for row in try db.prepare(query) { ... }`, as SQLite.swift loops over a query's rows.
///
/// A step that fails in the middle of the loop (`SQLITE_BUSY`, an I/O error) cannot be thrown from a `for` loop:
/// SQLite.swift traps there, and so does this iterator, naming the query. Loop with `while let row = try cursor.next()`
/// (or ``RowCursor/forEach(_:)``, ``RowCursor/map(_:)``) to have it thrown.
extension RowCursor: Sequence {
    /// Steps the cursor for a `for row in cursor` loop. It shares the cursor: rows it hands out are not read
    /// again, and `next()` on the cursor continues where the loop stopped.
    public struct Iterator: IteratorProtocol {
        let cursor: RowCursor

        /// The next row, or `nil` after the last one.
        ///
        /// A failed step stops the program with a message naming the query, as SQLite.swift's iterator does.
        public mutating func next() -> Row? {
            do {
                return try cursor.next()
            } catch {
                RowReadFailure.trapIteration(error, sql: cursor.statement.sql)
            }
        }
    }

    /// An iterator over the cursor's remaining rows, for `for row in cursor`.
    public func makeIterator() -> Iterator { Iterator(cursor: self) }
}

/// `for values in statement { ... }`: each row as SQLite.swift's `[Binding?]` (`Int64`, `Double`, `String`,
/// ``Blob``, `nil` for NULL). Iterating starts the statement from its first row, keeping its bound values.
///
/// A failed step stops the program, naming the query, as SQLite.swift's `try!` does.
extension Statement: Sequence {
    /// Steps the statement for a `for values in statement` loop. SQLite.swift's `Statement` is its own
    /// iterator; here iteration goes through this separate type, with the same rows.
    public struct Iterator: IteratorProtocol {
        let statement: Statement

        /// The next row's values as `[Binding?]` (`nil` for NULL), or `nil` after the last row.
        ///
        /// A failed step stops the program with a message naming the query; call
        /// ``Statement/failableNext()`` to have it thrown.
        public mutating func next() -> [Binding?]? {
            do {
                return try statement.failableNext()
            } catch {
                RowReadFailure.trapIteration(error, sql: statement.sql)
            }
        }
    }

    /// Resets the statement to its first row, keeping its bound values, and returns an iterator over its rows.
    public func makeIterator() -> Iterator {
        connection.lock.sync { handle.reset() }
        return Iterator(statement: self)
    }
}
