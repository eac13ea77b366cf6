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
