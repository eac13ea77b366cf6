import Foundation

/// A numeric ``Value``: arithmetic, `sum` and `total` apply to it.
public protocol Number: Value {}

extension Int: Number {}
extension Int64: Number {}
extension Double: Number {}
extension Decimal: Number {}

// `+ - * / %` render `(lhs OP rhs)`; the result is NULL when either side is, so mixing in an optional gives an
// optional. `+` on strings renders SQL's concatenation `||`.

public func + <V: Number>(lhs: Expression<V>, rhs: Expression<V>) -> Expression<V> { .infix(lhs, "+", rhs) }
public func + <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<L.Underlying?>
where L.Underlying == R.Underlying, L.Underlying: Number { .infix(lhs, "+", rhs) }
public func + <V: Number>(lhs: Expression<V>, rhs: V) -> Expression<V> { .infix(lhs, "+", Expression(value: rhs)) }
public func + <V: Number>(lhs: V, rhs: Expression<V>) -> Expression<V> { .infix(Expression(value: lhs), "+", rhs) }
public func + <V: Number>(lhs: Expression<V?>, rhs: V) -> Expression<V?> { .infix(lhs, "+", Expression(value: rhs)) }
public func + <V: Number>(lhs: V, rhs: Expression<V?>) -> Expression<V?> { .infix(Expression(value: lhs), "+", rhs) }

public func - <V: Number>(lhs: Expression<V>, rhs: Expression<V>) -> Expression<V> { .infix(lhs, "-", rhs) }
public func - <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<L.Underlying?>
where L.Underlying == R.Underlying, L.Underlying: Number { .infix(lhs, "-", rhs) }
public func - <V: Number>(lhs: Expression<V>, rhs: V) -> Expression<V> { .infix(lhs, "-", Expression(value: rhs)) }
public func - <V: Number>(lhs: V, rhs: Expression<V>) -> Expression<V> { .infix(Expression(value: lhs), "-", rhs) }
public func - <V: Number>(lhs: Expression<V?>, rhs: V) -> Expression<V?> { .infix(lhs, "-", Expression(value: rhs)) }
public func - <V: Number>(lhs: V, rhs: Expression<V?>) -> Expression<V?> { .infix(Expression(value: lhs), "-", rhs) }

public func * <V: Number>(lhs: Expression<V>, rhs: Expression<V>) -> Expression<V> { .infix(lhs, "*", rhs) }
public func * <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<L.Underlying?>
where L.Underlying == R.Underlying, L.Underlying: Number { .infix(lhs, "*", rhs) }
public func * <V: Number>(lhs: Expression<V>, rhs: V) -> Expression<V> { .infix(lhs, "*", Expression(value: rhs)) }
public func * <V: Number>(lhs: V, rhs: Expression<V>) -> Expression<V> { .infix(Expression(value: lhs), "*", rhs) }
public func * <V: Number>(lhs: Expression<V?>, rhs: V) -> Expression<V?> { .infix(lhs, "*", Expression(value: rhs)) }
public func * <V: Number>(lhs: V, rhs: Expression<V?>) -> Expression<V?> { .infix(Expression(value: lhs), "*", rhs) }

/// Division; between two integers SQL divides as integers (`7 / 2` is 3), as SQLite.swift apps rely on.
public func / <V: Number>(lhs: Expression<V>, rhs: Expression<V>) -> Expression<V> { .infix(lhs, "/", rhs) }
public func / <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<L.Underlying?>
where L.Underlying == R.Underlying, L.Underlying: Number { .infix(lhs, "/", rhs) }
public func / <V: Number>(lhs: Expression<V>, rhs: V) -> Expression<V> { .infix(lhs, "/", Expression(value: rhs)) }
public func / <V: Number>(lhs: V, rhs: Expression<V>) -> Expression<V> { .infix(Expression(value: lhs), "/", rhs) }
public func / <V: Number>(lhs: Expression<V?>, rhs: V) -> Expression<V?> { .infix(lhs, "/", Expression(value: rhs)) }
public func / <V: Number>(lhs: V, rhs: Expression<V?>) -> Expression<V?> { .infix(Expression(value: lhs), "/", rhs) }

/// Remainder; SQL computes it on the integer parts of both sides.
public func % <V: Number>(lhs: Expression<V>, rhs: Expression<V>) -> Expression<V> { .infix(lhs, "%", rhs) }
public func % <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<L.Underlying?>
where L.Underlying == R.Underlying, L.Underlying: Number { .infix(lhs, "%", rhs) }
public func % <V: Number>(lhs: Expression<V>, rhs: V) -> Expression<V> { .infix(lhs, "%", Expression(value: rhs)) }
public func % <V: Number>(lhs: V, rhs: Expression<V>) -> Expression<V> { .infix(Expression(value: lhs), "%", rhs) }
public func % <V: Number>(lhs: Expression<V?>, rhs: V) -> Expression<V?> { .infix(lhs, "%", Expression(value: rhs)) }
public func % <V: Number>(lhs: V, rhs: Expression<V?>) -> Expression<V?> { .infix(Expression(value: lhs), "%", rhs) }

/// Negation: `-(x)`.
public prefix func - <V: Number>(operand: Expression<V>) -> Expression<V> {
    Expression("-(\(operand.template))", operand.bindings)
}
public prefix func - <V: Number>(operand: Expression<V?>) -> Expression<V?> {
    Expression("-(\(operand.template))", operand.bindings)
}

// MARK: String concatenation

public func + (lhs: Expression<String>, rhs: Expression<String>) -> Expression<String> { .infix(lhs, "||", rhs) }
public func + <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<String?>
where L.Underlying == String, R.Underlying == String { .infix(lhs, "||", rhs) }
public func + (lhs: Expression<String>, rhs: String) -> Expression<String> { .infix(lhs, "||", Expression(value: rhs)) }
public func + (lhs: String, rhs: Expression<String>) -> Expression<String> { .infix(Expression(value: lhs), "||", rhs) }
public func + (lhs: Expression<String?>, rhs: String) -> Expression<String?> { .infix(lhs, "||", Expression(value: rhs)) }
public func + (lhs: String, rhs: Expression<String?>) -> Expression<String?> { .infix(Expression(value: lhs), "||", rhs) }
