import Foundation
import SQLiteEngine

// Typed custom SQL functions and aggregates: registered over raw values (Core/ConnectionFunctions.swift), called
// through the expressions they return.

extension Connection {
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
}
