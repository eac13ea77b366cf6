import SQLiteEngine

/// `for row in try db.prepare(query) { ... }`, as SQLite.swift loops over a query's rows.
///
/// A step that fails in the middle of the loop (`SQLITE_BUSY`, an I/O error) cannot be thrown from a `for` loop:
/// SQLite.swift traps there, and so does this iterator, naming the query. Loop with `while let row = try cursor.next()`
/// (or ``RowCursor/forEach(_:)``, ``RowCursor/map(_:)``) to have it thrown.
extension RowCursor: Sequence {
    public struct Iterator: IteratorProtocol {
        let cursor: RowCursor

        public mutating func next() -> Row? {
            do {
                return try cursor.next()
            } catch {
                RowReadFailure.trapIteration(error, sql: cursor.statement.sql)
            }
        }
    }

    public func makeIterator() -> Iterator { Iterator(cursor: self) }
}

/// `for values in statement { ... }`: each row as SQLite.swift's `[Binding?]` (`Int64`, `Double`, `String`,
/// ``Blob``, `nil` for NULL). Iterating starts the statement from its first row, keeping its bound values.
///
/// A failed step stops the program, naming the query, as SQLite.swift's `try!` does.
extension Statement: Sequence {
    public struct Iterator: IteratorProtocol {
        let statement: Statement

        public mutating func next() -> [Binding?]? {
            do {
                return try statement.failableNext()
            } catch {
                RowReadFailure.trapIteration(error, sql: statement.sql)
            }
        }
    }

    public func makeIterator() -> Iterator {
        connection.lock.sync { handle.reset() }
        return Iterator(statement: self)
    }
}
