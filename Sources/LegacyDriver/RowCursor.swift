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
/// Iteration throws (a step can fail, for example with `SQLITE_BUSY`), so a cursor is not a Swift `Sequence`;
/// ``map(_:)``, ``compactMap(_:)``, ``forEach(_:)`` and ``reduce(into:_:)`` cover the usual loops. The cursor
/// finishes, and gives its statement back for reuse, after the last row, on an error, or when released.
public final class RowCursor {
    @usableFromInline let statement: EngineStatement
    @usableFromInline let columns: ColumnMap
    /// The row the statement is on, shared with the `Row` handed out; reused when nobody kept that row.
    /// (Unchecked exclusivity, like `RowStorage.isLive`: touched once per row by the owning thread only.)
    @usableFromInline @exclusivity(unchecked) var current: RowStorage?
    @usableFromInline @exclusivity(unchecked) var finished = false
    /// Gives the statement back (to the connection's cache) once the cursor is done with it.
    private let recycle: ((EngineStatement) -> Void)?
    /// The connection's lock: every step and every read of the statement's current row holds it.
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
            keepEscapedRow()
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
            if let current { return Row(storage: current) }
            let storage = RowStorage(columns: columns, statement: statement, lock: lock)
            current = storage
            return Row(storage: storage)
        }
    }

    /// The same as ``next()`` (SQLite.swift's name).
    @inlinable
    public func failableNext() throws(LegacyError) -> Row? { try next() }

    /// Before the statement moves: a row someone still holds gets its own copy of the values, and the cursor
    /// starts a fresh storage; a row nobody kept is reused without allocating.
    @inlinable
    func keepEscapedRow() {
        if current != nil && !isKnownUniquelyReferenced(&current) {
            current?.detach()
            current = nil
        }
    }

    /// Ends the iteration: keeps any escaped row, resets the statement and gives it back.
    @usableFromInline
    func finish() {
        lock.sync {
            guard !finished else { return }
            finished = true
            keepEscapedRow()
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
