import Foundation

/// A numeric ``Value``: arithmetic, `sum` and `total` apply to it.
public protocol Number: Value {}

extension Int: Number {}
extension Int64: Number {}
extension Double: Number {}
extension Decimal: Number {}

// `+ - * / %` render `(lhs OP rhs)`; the result is NULL when either side is, so mixing in an optional gives an
// optional. `+` on strings renders SQL's concatenation `||`.

/// `(lhs + rhs)`: the sum of two numeric expressions of the same type, such as `balance + deposit`.
public func + <V: Number>(lhs: Expression<V>, rhs: Expression<V>) -> Expression<V> { .infix(lhs, "+", rhs) }
/// `(lhs + rhs)` where either side can be NULL (a nullable column): the sum, or NULL when
/// either side is NULL. One overload covers the optional/non-optional mixes SQLite.swift spells out.
public func + <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<L.Underlying?>
where L.Underlying == R.Underlying, L.Underlying: Number { .infix(lhs, "+", rhs) }
/// `(lhs + ?)`: the sum of an expression and a value, which is bound as a parameter.
public func + <V: Number>(lhs: Expression<V>, rhs: V) -> Expression<V> { .infix(lhs, "+", Expression(value: rhs)) }
/// `(? + rhs)`: the sum of a value, bound as a parameter, and an expression.
public func + <V: Number>(lhs: V, rhs: Expression<V>) -> Expression<V> { .infix(Expression(value: lhs), "+", rhs) }
/// `(lhs + ?)` on a nullable expression: the sum, or NULL when `lhs` is NULL.
public func + <V: Number>(lhs: Expression<V?>, rhs: V) -> Expression<V?> { .infix(lhs, "+", Expression(value: rhs)) }
/// `(? + rhs)` on a nullable expression: the sum, or NULL when `rhs` is NULL.
public func + <V: Number>(lhs: V, rhs: Expression<V?>) -> Expression<V?> { .infix(Expression(value: lhs), "+", rhs) }

/// `(lhs - rhs)`: the difference of two numeric expressions of the same type.
public func - <V: Number>(lhs: Expression<V>, rhs: Expression<V>) -> Expression<V> { .infix(lhs, "-", rhs) }
/// `(lhs - rhs)` where either side can be NULL (a nullable column): the difference, or NULL when
/// either side is NULL. One overload covers the optional/non-optional mixes SQLite.swift spells out.
public func - <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<L.Underlying?>
where L.Underlying == R.Underlying, L.Underlying: Number { .infix(lhs, "-", rhs) }
/// `(lhs - ?)`: an expression minus a value, which is bound as a parameter.
public func - <V: Number>(lhs: Expression<V>, rhs: V) -> Expression<V> { .infix(lhs, "-", Expression(value: rhs)) }
/// `(? - rhs)`: a value, bound as a parameter, minus an expression.
public func - <V: Number>(lhs: V, rhs: Expression<V>) -> Expression<V> { .infix(Expression(value: lhs), "-", rhs) }
/// `(lhs - ?)` on a nullable expression: the difference, or NULL when `lhs` is NULL.
public func - <V: Number>(lhs: Expression<V?>, rhs: V) -> Expression<V?> { .infix(lhs, "-", Expression(value: rhs)) }
/// `(? - rhs)` on a nullable expression: the difference, or NULL when `rhs` is NULL.
public func - <V: Number>(lhs: V, rhs: Expression<V?>) -> Expression<V?> { .infix(Expression(value: lhs), "-", rhs) }

/// `(lhs * rhs)`: the product of two numeric expressions of the same type.
public func * <V: Number>(lhs: Expression<V>, rhs: Expression<V>) -> Expression<V> { .infix(lhs, "*", rhs) }
/// `(lhs * rhs)` where either side can be NULL (a nullable column): the product, or NULL when
/// either side is NULL. One overload covers the optional/non-optional mixes SQLite.swift spells out.
public func * <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<L.Underlying?>
where L.Underlying == R.Underlying, L.Underlying: Number { .infix(lhs, "*", rhs) }
/// `(lhs * ?)`: the product of an expression and a value, which is bound as a parameter.
public func * <V: Number>(lhs: Expression<V>, rhs: V) -> Expression<V> { .infix(lhs, "*", Expression(value: rhs)) }
/// `(? * rhs)`: the product of a value, bound as a parameter, and an expression.
public func * <V: Number>(lhs: V, rhs: Expression<V>) -> Expression<V> { .infix(Expression(value: lhs), "*", rhs) }
/// `(lhs * ?)` on a nullable expression: the product, or NULL when `lhs` is NULL.
public func * <V: Number>(lhs: Expression<V?>, rhs: V) -> Expression<V?> { .infix(lhs, "*", Expression(value: rhs)) }
/// `(? * rhs)` on a nullable expression: the product, or NULL when `rhs` is NULL.
public func * <V: Number>(lhs: V, rhs: Expression<V?>) -> Expression<V?> { .infix(Expression(value: lhs), "*", rhs) }

/// Division; between two integers SQL divides as integers (`7 / 2` is 3), as SQLite.swift apps rely on.
public func / <V: Number>(lhs: Expression<V>, rhs: Expression<V>) -> Expression<V> { .infix(lhs, "/", rhs) }
/// `(lhs / rhs)` where either side can be NULL (a nullable column): the quotient, or NULL when
/// either side is NULL. One overload covers the optional/non-optional mixes SQLite.swift spells out.
public func / <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<L.Underlying?>
where L.Underlying == R.Underlying, L.Underlying: Number { .infix(lhs, "/", rhs) }
/// `(lhs / ?)`: an expression divided by a value, which is bound as a parameter.
public func / <V: Number>(lhs: Expression<V>, rhs: V) -> Expression<V> { .infix(lhs, "/", Expression(value: rhs)) }
/// `(? / rhs)`: a value, bound as a parameter, divided by an expression.
public func / <V: Number>(lhs: V, rhs: Expression<V>) -> Expression<V> { .infix(Expression(value: lhs), "/", rhs) }
/// `(lhs / ?)` on a nullable expression: the quotient, or NULL when `lhs` is NULL.
public func / <V: Number>(lhs: Expression<V?>, rhs: V) -> Expression<V?> { .infix(lhs, "/", Expression(value: rhs)) }
/// `(? / rhs)` on a nullable expression: the quotient, or NULL when `rhs` is NULL.
public func / <V: Number>(lhs: V, rhs: Expression<V?>) -> Expression<V?> { .infix(Expression(value: lhs), "/", rhs) }

/// Remainder; SQL computes it on the integer parts of both sides. SQLite.swift offers `%` on integer columns only;
/// here it also applies to `Double` and `Decimal` ones.
public func % <V: Number>(lhs: Expression<V>, rhs: Expression<V>) -> Expression<V> { .infix(lhs, "%", rhs) }
/// `(lhs % rhs)` where either side can be NULL (a nullable column): the remainder, or NULL when
/// either side is NULL. One overload covers the optional/non-optional mixes SQLite.swift spells out.
public func % <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<L.Underlying?>
where L.Underlying == R.Underlying, L.Underlying: Number { .infix(lhs, "%", rhs) }
/// `(lhs % ?)`: the remainder of an expression divided by a value, which is bound as a parameter.
public func % <V: Number>(lhs: Expression<V>, rhs: V) -> Expression<V> { .infix(lhs, "%", Expression(value: rhs)) }
/// `(? % rhs)`: the remainder of a value, bound as a parameter, divided by an expression.
public func % <V: Number>(lhs: V, rhs: Expression<V>) -> Expression<V> { .infix(Expression(value: lhs), "%", rhs) }
/// `(lhs % ?)` on a nullable expression: the remainder, or NULL when `lhs` is NULL.
public func % <V: Number>(lhs: Expression<V?>, rhs: V) -> Expression<V?> { .infix(lhs, "%", Expression(value: rhs)) }
/// `(? % rhs)` on a nullable expression: the remainder, or NULL when `rhs` is NULL.
public func % <V: Number>(lhs: V, rhs: Expression<V?>) -> Expression<V?> { .infix(Expression(value: lhs), "%", rhs) }

/// Negation: `-(x)`.
public prefix func - <V: Number>(operand: Expression<V>) -> Expression<V> {
    Expression("-(\(operand.template))", operand.bindings)
}
/// Negation of a nullable expression: `-(x)`, NULL when `x` is NULL.
public prefix func - <V: Number>(operand: Expression<V?>) -> Expression<V?> {
    Expression("-(\(operand.template))", operand.bindings)
}

// MARK: String concatenation

/// Concatenates two strings: on strings `+` renders SQL's `(lhs || rhs)`, as in SQLite.swift.
public func + (lhs: Expression<String>, rhs: Expression<String>) -> Expression<String> { .infix(lhs, "||", rhs) }
/// `(lhs || rhs)` where either side can be NULL: the concatenation, or NULL when either side is NULL.
public func + <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<String?>
where L.Underlying == String, R.Underlying == String { .infix(lhs, "||", rhs) }
/// `(lhs || ?)`: appends a string, bound as a parameter.
public func + (lhs: Expression<String>, rhs: String) -> Expression<String> { .infix(lhs, "||", Expression(value: rhs)) }
/// `(? || rhs)`: prepends a string, bound as a parameter.
public func + (lhs: String, rhs: Expression<String>) -> Expression<String> { .infix(Expression(value: lhs), "||", rhs) }
/// `(lhs || ?)` on a nullable string: NULL when `lhs` is NULL.
public func + (lhs: Expression<String?>, rhs: String) -> Expression<String?> { .infix(lhs, "||", Expression(value: rhs)) }
/// `(? || rhs)` on a nullable string: NULL when `rhs` is NULL.
public func + (lhs: String, rhs: Expression<String?>) -> Expression<String?> { .infix(Expression(value: lhs), "||", rhs) }
