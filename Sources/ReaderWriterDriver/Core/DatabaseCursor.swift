import SQLiteEngine

/// A lazy sequence of results read from the database one step at a time: rows are produced as SQLite steps, so
/// scanning a large table never holds it in memory.
///
/// A cursor is valid only inside the access that created it. Rows from a ``RowCursor`` are views valid until the
/// next call to ``next()``.
public protocol DatabaseCursor<Element>: AnyObject {
    /// The type of the values the cursor produces: ``Row``, a ``DatabaseValueConvertible`` value, a record...
    associatedtype Element
    /// The next element, or `nil` when there is none.
    func next() throws -> Element?
}

extension DatabaseCursor {
    /// Calls `body` with each element in turn.
    @inlinable
    public func forEach(_ body: (Element) throws -> Void) throws {
        while let element = try next() { try body(element) }
    }


    /// Combines the elements into one value.
    @inlinable
    public func reduce<T>(_ initial: T, _ combine: (T, Element) throws -> T) throws -> T {
        var result = initial
        while let element = try next() { result = try combine(result, element) }
        return result
    }
}

/// The stepping shared by every cursor: access and cancellation checks, error context, reset when done.
@usableFromInline
struct StatementStepper {
    @usableFromInline let statement: Statement
    /// The access the cursor runs in (fixed when the cursor starts).
    @usableFromInline let database: Database
    @usableFromInline let arguments: StatementArguments
    @usableFromInline var isDone = false
    @usableFromInline var sawFirstRow = false

    @usableFromInline
    init(statement: Statement, arguments: StatementArguments) throws {
        self.statement = statement
        self.database = statement.database
        self.arguments = arguments
        try statement.start(arguments: arguments)
        statement.isReadingRows = true
        statement.database.openCursorStatements.append(statement)
    }

    /// Steps to the next row; `false` (and the statement reset) when there is none.
    @inlinable
    mutating func step() throws -> Bool {
        if isDone { return false }
        database.preconditionAccessible()
        if let cancellation = database.cancellation, cancellation.isCancelled {
            finish()
            throw CancellationError()
        }
        do {
            if try statement.step(arguments: arguments.allValues) {
                statement.keyMemoPosition = 0
                if !sawFirstRow {
                    sawFirstRow = true
                    statement.columnsMayHaveChanged()
                }
                return true
            }
        } catch {
            isDone = true
            statement.isReadingRows = false
            throw error
        }
        finish()
        return false
    }

    @usableFromInline
    mutating func finish() {
        isDone = true
        statement.isReadingRows = false
        statement.engine.reset()
    }

    /// Resets the statement when a cursor is dropped before its end, if its access is still running.
    func abandon() {
        if !isDone && database.isAccessible {
            statement.isReadingRows = false
            statement.engine.reset()
        }
    }
}

/// A cursor of rows. Each row is a view on the current row, valid until the next call to ``next()``.
public final class RowCursor: DatabaseCursor {
    @exclusivity(unchecked) @usableFromInline var stepper: StatementStepper

    @usableFromInline
    init(statement: Statement, arguments: StatementArguments) throws {
        stepper = try StatementStepper(statement: statement, arguments: arguments)
    }

    /// The next row, or `nil` after the last one (the statement is then reset). The row is a view on the
    /// statement's current row, valid until the next call: `copy()` it to keep it.
    ///
    /// - Throws: ``DatabaseError`` when SQLite fails to step; `CancellationError` when the task awaiting the
    ///   access was cancelled.
    @inlinable
    public func next() throws -> Row? {
        try stepper.step() ? Row(statement: stepper.statement) : nil
    }

    deinit { stepper.abandon() }
}

/// A cursor of single values: the first column of each row.
public final class ValueCursor<Value: DatabaseValueConvertible>: DatabaseCursor {
    @exclusivity(unchecked) @usableFromInline var stepper: StatementStepper

    @usableFromInline
    init(statement: Statement, arguments: StatementArguments) throws {
        stepper = try StatementStepper(statement: statement, arguments: arguments)
    }

    /// The first column of the next row, decoded as `Value`, or `nil` after the last row.
    ///
    /// - Throws: A ``DatabaseError`` of kind ``DatabaseError/Kind/valueConversion`` when the column cannot become
    ///   `Value` (NULL for a non-optional type); ``DatabaseError`` when SQLite fails to step;
    ///   `CancellationError` when the task awaiting the access was cancelled.
    @inlinable
    public func next() throws -> Value? {
        guard try stepper.step() else { return nil }
        let statement = stepper.statement
        if let value = Value.decode(column: 0, of: statement.engine) { return value }
        throw statement.conversionError(column: 0, to: Value.self)
    }

    deinit { stepper.abandon() }
}
