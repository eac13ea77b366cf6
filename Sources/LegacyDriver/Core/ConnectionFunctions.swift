import Foundation
import SQLiteEngine

// Custom SQL functions, aggregates and collations written in Swift. They work on Linux (SQLite.swift's crash
// there): the engine registers plain C callbacks with the closure as boxed user data. System engine only.

extension Connection {
    /// Registers a scalar SQL function over raw values.
    ///
    /// - Parameters:
    ///   - name: the SQL name.
    ///   - argumentCount: how many arguments it takes; `nil` for any number.
    ///   - deterministic: whether the same arguments always give the same result.
    ///   - block: computes the result; an error it throws fails the statement with its description.
    public func createFunction(
        _ name: String, argumentCount: Int? = nil, deterministic: Bool = false,
        _ block: @escaping ([SQLiteValue]) throws -> SQLiteValue
    ) throws(LegacyError) {
        try lockedCall { () throws(SQLiteError) in
            try engine.createFunction(
                name, argumentCount: Int32(clamping: argumentCount ?? -1), deterministic: deterministic, block
            )
        }
    }

    /// Registers a typed SQL function of no arguments and returns a builder for calls to it.
    public func createFunction<Z: ExpressionValue>(
        _ name: String, deterministic: Bool = false, _ block: @escaping () throws -> Z
    ) throws(LegacyError) -> () -> Expression<Z> {
        try createFunction(name, argumentCount: 0, deterministic: deterministic) { _ in try block().boundValue }
        return { Expression.function(quoteIdentifier(name), []) }
    }

    /// Registers a typed SQL function of one argument and returns a builder for calls to it:
    ///
    /// ```swift
    /// let reversed = try db.createFunction("reversed", deterministic: true) { (text: String) in
    ///     String(text.reversed())
    /// }
    /// let rows = try db.prepare(payees.select(reversed(name)))
    /// ```
    ///
    /// A NULL argument reaches a non-optional parameter as an error (declare the parameter optional to accept it).
    public func createFunction<Z: ExpressionValue, A: ExpressionValue>(
        _ name: String, deterministic: Bool = false, _ block: @escaping (A) throws -> Z
    ) throws(LegacyError) -> (Expression<A>) -> Expression<Z> {
        try createFunction(name, argumentCount: 1, deterministic: deterministic) { values in
            try block(A.decode(values[0], column: "argument 1 of \(name)")).boundValue
        }
        return { Expression.function(quoteIdentifier(name), [$0]) }
    }

    /// Registers a typed SQL function of two arguments and returns a builder for calls to it.
    public func createFunction<Z: ExpressionValue, A: ExpressionValue, B: ExpressionValue>(
        _ name: String, deterministic: Bool = false, _ block: @escaping (A, B) throws -> Z
    ) throws(LegacyError) -> (Expression<A>, Expression<B>) -> Expression<Z> {
        try createFunction(name, argumentCount: 2, deterministic: deterministic) { values in
            try block(
                A.decode(values[0], column: "argument 1 of \(name)"), B.decode(values[1], column: "argument 2 of \(name)")
            ).boundValue
        }
        return { Expression.function(quoteIdentifier(name), [$0, $1]) }
    }

    /// Registers a typed SQL function of three arguments and returns a builder for calls to it.
    public func createFunction<Z: ExpressionValue, A: ExpressionValue, B: ExpressionValue, C: ExpressionValue>(
        _ name: String, deterministic: Bool = false, _ block: @escaping (A, B, C) throws -> Z
    ) throws(LegacyError) -> (Expression<A>, Expression<B>, Expression<C>) -> Expression<Z> {
        try createFunction(name, argumentCount: 3, deterministic: deterministic) { values in
            try block(
                A.decode(values[0], column: "argument 1 of \(name)"), B.decode(values[1], column: "argument 2 of \(name)"),
                C.decode(values[2], column: "argument 3 of \(name)")
            ).boundValue
        }
        return { Expression.function(quoteIdentifier(name), [$0, $1, $2]) }
    }

    /// Registers an aggregate SQL function over raw values: each group starts from `initialValue`, `reduce` folds
    /// in each row's arguments, `result` turns the folded value into the group's result.
    public func createAggregation<T>(
        _ name: String, argumentCount: Int? = nil, deterministic: Bool = false, initialValue: T,
        reduce: @escaping (T, [SQLiteValue]) throws -> T, result: @escaping (T) throws -> SQLiteValue
    ) throws(LegacyError) {
        try lockedCall { () throws(SQLiteError) in
            try engine.createAggregate(
                name, argumentCount: Int32(clamping: argumentCount ?? -1), deterministic: deterministic,
                initialState: initialValue, step: { state, values in state = try reduce(state, values) },
                final: result
            )
        }
    }

    /// Registers a typed aggregate of one argument and returns a builder for calls to it:
    ///
    /// ```swift
    /// let longest = try db.createAggregation("longest", initialValue: "") { (best: String, name: String) in
    ///     name.count > best.count ? name : best
    /// } result: { $0 }
    /// ```
    public func createAggregation<T, A: ExpressionValue, Z: ExpressionValue>(
        _ name: String, deterministic: Bool = false, initialValue: T, reduce: @escaping (T, A) throws -> T,
        result: @escaping (T) throws -> Z
    ) throws(LegacyError) -> (Expression<A>) -> Expression<Z> {
        try createAggregation(
            name, argumentCount: 1, deterministic: deterministic, initialValue: initialValue,
            reduce: { state, values in try reduce(state, A.decode(values[0], column: "argument 1 of \(name)")) },
            result: { try result($0).boundValue }
        )
        return { Expression.function(quoteIdentifier(name), [$0]) }
    }

    /// Registers a collation, usable as `.collate(.custom(name))` and `COLLATE name` in SQL and schemas.
    public func createCollation(_ name: String, _ block: @escaping (String, String) -> ComparisonResult) throws(LegacyError) {
        try lockedCall { () throws(SQLiteError) in
            try engine.createCollation(name) { lhs, rhs in
                switch block(lhs, rhs) {
                case .orderedAscending: -1
                case .orderedSame: 0
                case .orderedDescending: 1
                }
            }
        }
    }

    // MARK: Hooks
    //
    // The connection keeps its hooks (and functions) alive until they are replaced or it closes: a closure that
    // captures the connection strongly keeps it open; capture it `weak` (or `unowned`) instead.

    /// Calls `callback` for every row inserted, updated or deleted (operation, schema name, table name, rowid).
    /// It runs inside the changing statement and must not use this connection. `nil` removes it.
    public func updateHook(
        _ callback: ((_ operation: UpdateOperation, _ database: String, _ table: String, _ rowid: Int64) -> Void)?
    ) throws(LegacyError) {
        try lockedCall { () throws(SQLiteError) in try engine.setUpdateHook(callback) }
    }

    /// Calls `callback` before each commit; when it throws, the commit becomes a rollback and fails with
    /// `SQLITE_CONSTRAINT_COMMITHOOK`. `nil` removes it.
    public func commitHook(_ callback: (() throws -> Void)?) throws(LegacyError) {
        try lockedCall { () throws(SQLiteError) in try engine.setCommitHook(callback) }
    }

    /// Calls `callback` whenever a transaction rolls back. `nil` removes it.
    public func rollbackHook(_ callback: (() -> Void)?) throws(LegacyError) {
        try lockedCall { () throws(SQLiteError) in try engine.setRollbackHook(callback) }
    }
}
