import SQLiteEngine

/// The rows of a query, stepped one at a time: scanning a million rows holds one row in memory.
///
/// ```swift
/// let cursor = try db.prepare(accounts.filter(status == "Open"))
/// while let row = try cursor.next() { print(try row[name]) }
/// // or
/// try db.prepare(accounts).forEach { row in ... }
/// ```
///
/// Iteration throws (a step can fail, for example with `SQLITE_BUSY`): `for row in cursor` works, as in SQLite.swift,
/// but traps on a failed step; ``map(_:)``, ``compactMap(_:)``, ``forEach(_:)`` and ``reduce(into:_:)`` cover the
/// usual loops and throw instead. The cursor finishes, and gives its statement back for reuse, after the last row,
/// on an error, or when released.
public final class RowCursor {
    @usableFromInline let statement: EngineStatement
    @usableFromInline let columns: ColumnMap
    /// The storage of the last row handed out; reused for the next row when nobody kept that row.
    /// (Unchecked exclusivity: touched once per row, holding the connection's lock.)
    @usableFromInline @exclusivity(unchecked) var current: RowStorage?
    @usableFromInline @exclusivity(unchecked) var finished = false
    /// Gives the statement back (to the connection's cache) once the cursor is done with it.
    private let recycle: ((EngineStatement) -> Void)?
    /// The connection's lock: every step, and the copy of each row's values, holds it.
    @usableFromInline let lock: ConnectionLock

    init(
        statement: EngineStatement, columns: ColumnMap, lock: ConnectionLock, recycle: ((EngineStatement) -> Void)?
    ) {
        self.statement = statement
        self.columns = columns
        self.lock = lock
        self.recycle = recycle
    }

    deinit { finish() }

    /// The columns' names as the query's expressions render them.
    public var columnNames: [String] { columns.displayNames }

    /// The next row, or `nil` after the last one.
    @inlinable
    public func next() throws(LegacyError) -> Row? {
        try lock.sync { () throws(LegacyError) -> Row? in
            if finished { return nil }
            let hasRow: Bool
            do throws(SQLiteError) {
                hasRow = try statement.step()
            } catch {
                finish()
                throw .sqlite(error)
            }
            guard hasRow else {
                finish()
                return nil
            }
            let storage: RowStorage
            if isKnownUniquelyReferenced(&current), let reused = current {
                storage = reused
            } else {
                storage = RowStorage(columns: columns)
                current = storage
            }
            storage.load(from: statement)
            return Row(storage: storage)
        }
    }

    /// The same as ``next()`` (SQLite.swift's name).
    @inlinable
    public func failableNext() throws(LegacyError) -> Row? { try next() }

    /// Ends the iteration: resets the statement and gives it back.
    @usableFromInline
    func finish() {
        lock.sync {
            guard !finished else { return }
            finished = true
            current = nil
            statement.reset()
            recycle?(statement)
        }
    }

    // MARK: Loops

    /// Calls `body` with each row.
    @inlinable
    public func forEach(_ body: (Row) throws -> Void) throws {
        while let row = try next() { try body(row) }
    }

    /// The rows, each transformed.
    @inlinable
    public func map<T>(_ transform: (Row) throws -> T) throws -> [T] {
        var result: [T] = []
        while let row = try next() { result.append(try transform(row)) }
        return result
    }

    /// The rows, each transformed, without the `nil` results.
    @inlinable
    public func compactMap<T>(_ transform: (Row) throws -> T?) throws -> [T] {
        var result: [T] = []
        while let row = try next() {
            if let value = try transform(row) { result.append(value) }
        }
        return result
    }

    /// Folds the rows into one value.
    @inlinable
    public func reduce<T>(into initial: T, _ update: (inout T, Row) throws -> Void) throws -> T {
        var result = initial
        while let row = try next() { try update(&result, row) }
        return result
    }

    /// Every remaining row, copied (each stays readable after the cursor finished).
    public func all() throws(LegacyError) -> [Row] {
        var rows: [Row] = []
        while let row = try next() { rows.append(row) }
        return rows
    }
}
