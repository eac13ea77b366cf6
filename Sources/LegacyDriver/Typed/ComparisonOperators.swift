// Comparison operators on expressions. Each renders `(lhs OP rhs)` with values bound, never spliced.
// Result nullability follows SQL: comparing anything that can be NULL gives `Bool?`.

/// `(lhs OP rhs)` as a boolean expression.
func comparison<T>(_ op: String, _ lhs: some Expressible, _ rhs: some Expressible) -> Expression<T> {
    Expression<T>.infix(lhs, op, rhs)
}

/// `(lhs IS NULL)` / `(lhs IS NOT NULL)` when `rhs` is nil, else `(lhs OP ?)`.
func nullAwareComparison<V: Value>(
    _ op: String, nullTest: String, _ lhs: Expression<V?>, _ rhs: V?
) -> Expression<Bool?> {
    guard let rhs else { return Expression("(\(lhs.template) \(nullTest))", lhs.bindings) }
    return comparison(op, lhs, Expression(value: rhs))
}

// MARK: ==

/// `(lhs = rhs)`: whether two expressions are equal (text compared with the column's collation).
public func == <V: Value>(lhs: Expression<V>, rhs: Expression<V>) -> Expression<Bool> { comparison("=", lhs, rhs) }
/// `(lhs = rhs)` where either side can be NULL: NULL (never true) when either side is NULL.
public func == <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<Bool?>
where L.Underlying == R.Underlying { comparison("=", lhs, rhs) }
/// `(lhs = ?)`: whether an expression equals a value, which is bound as a parameter.
public func == <V: Value>(lhs: Expression<V>, rhs: V) -> Expression<Bool> { comparison("=", lhs, Expression(value: rhs)) }
/// `(? = rhs)`: whether a value, bound as a parameter, equals an expression.
public func == <V: Value>(lhs: V, rhs: Expression<V>) -> Expression<Bool> { comparison("=", Expression(value: lhs), rhs) }
/// `column == nil` renders `IS NULL`, as SQL's `= NULL` is never true.
public func == <V: Value>(lhs: Expression<V?>, rhs: V?) -> Expression<Bool?> {
    nullAwareComparison("=", nullTest: "IS NULL", lhs, rhs)
}
/// `nil == column` renders `IS NULL`, as `column == nil` does.
public func == <V: Value>(lhs: V?, rhs: Expression<V?>) -> Expression<Bool?> {
    nullAwareComparison("=", nullTest: "IS NULL", rhs, lhs)
}

// MARK: !=

/// `(lhs != rhs)`: whether two expressions differ.
public func != <V: Value>(lhs: Expression<V>, rhs: Expression<V>) -> Expression<Bool> { comparison("!=", lhs, rhs) }
/// `(lhs != rhs)` where either side can be NULL: NULL (never true) when either side is NULL.
public func != <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<Bool?>
where L.Underlying == R.Underlying { comparison("!=", lhs, rhs) }
/// `(lhs != ?)`: whether an expression differs from a value, which is bound as a parameter.
public func != <V: Value>(lhs: Expression<V>, rhs: V) -> Expression<Bool> { comparison("!=", lhs, Expression(value: rhs)) }
/// `(? != rhs)`: whether a value, bound as a parameter, differs from an expression.
public func != <V: Value>(lhs: V, rhs: Expression<V>) -> Expression<Bool> { comparison("!=", Expression(value: lhs), rhs) }
/// `column != nil` renders `IS NOT NULL`.
public func != <V: Value>(lhs: Expression<V?>, rhs: V?) -> Expression<Bool?> {
    nullAwareComparison("!=", nullTest: "IS NOT NULL", lhs, rhs)
}
/// `nil != column` renders `IS NOT NULL`, as `column != nil` does.
public func != <V: Value>(lhs: V?, rhs: Expression<V?>) -> Expression<Bool?> {
    nullAwareComparison("!=", nullTest: "IS NOT NULL", rhs, lhs)
}

// MARK: <, <=, >, >=

/// `(lhs < rhs)`: whether `lhs` is less than `rhs`, in SQL's ordering (numbers by value, text by
/// the column's collation, BINARY unless declared).
public func < <V: Value>(lhs: Expression<V>, rhs: Expression<V>) -> Expression<Bool> { comparison("<", lhs, rhs) }
/// `(lhs < rhs)` where either side can be NULL: the comparison, or NULL when either side is NULL.
public func < <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<Bool?>
where L.Underlying == R.Underlying { comparison("<", lhs, rhs) }
/// `(lhs < ?)`: compares an expression with a value, which is bound as a parameter.
public func < <V: Value>(lhs: Expression<V>, rhs: V) -> Expression<Bool> { comparison("<", lhs, Expression(value: rhs)) }
/// `(? < rhs)`: compares a value, bound as a parameter, with an expression.
public func < <V: Value>(lhs: V, rhs: Expression<V>) -> Expression<Bool> { comparison("<", Expression(value: lhs), rhs) }
/// `(lhs < ?)` on a nullable expression: NULL when `lhs` is NULL, so such rows never match a filter.
public func < <V: Value>(lhs: Expression<V?>, rhs: V) -> Expression<Bool?> { comparison("<", lhs, Expression(value: rhs)) }
/// `(? < rhs)` on a nullable expression: NULL when `rhs` is NULL, so such rows never match a filter.
public func < <V: Value>(lhs: V, rhs: Expression<V?>) -> Expression<Bool?> { comparison("<", Expression(value: lhs), rhs) }

/// `(lhs <= rhs)`: whether `lhs` is at most `rhs`, in SQL's ordering (numbers by value, text by
/// the column's collation, BINARY unless declared).
public func <= <V: Value>(lhs: Expression<V>, rhs: Expression<V>) -> Expression<Bool> { comparison("<=", lhs, rhs) }
/// `(lhs <= rhs)` where either side can be NULL: the comparison, or NULL when either side is NULL.
public func <= <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<Bool?>
where L.Underlying == R.Underlying { comparison("<=", lhs, rhs) }
/// `(lhs <= ?)`: compares an expression with a value, which is bound as a parameter.
public func <= <V: Value>(lhs: Expression<V>, rhs: V) -> Expression<Bool> { comparison("<=", lhs, Expression(value: rhs)) }
/// `(? <= rhs)`: compares a value, bound as a parameter, with an expression.
public func <= <V: Value>(lhs: V, rhs: Expression<V>) -> Expression<Bool> { comparison("<=", Expression(value: lhs), rhs) }
/// `(lhs <= ?)` on a nullable expression: NULL when `lhs` is NULL, so such rows never match a filter.
public func <= <V: Value>(lhs: Expression<V?>, rhs: V) -> Expression<Bool?> { comparison("<=", lhs, Expression(value: rhs)) }
/// `(? <= rhs)` on a nullable expression: NULL when `rhs` is NULL, so such rows never match a filter.
public func <= <V: Value>(lhs: V, rhs: Expression<V?>) -> Expression<Bool?> { comparison("<=", Expression(value: lhs), rhs) }

/// `(lhs > rhs)`: whether `lhs` is greater than `rhs`, in SQL's ordering (numbers by value, text by
/// the column's collation, BINARY unless declared).
public func > <V: Value>(lhs: Expression<V>, rhs: Expression<V>) -> Expression<Bool> { comparison(">", lhs, rhs) }
/// `(lhs > rhs)` where either side can be NULL: the comparison, or NULL when either side is NULL.
public func > <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<Bool?>
where L.Underlying == R.Underlying { comparison(">", lhs, rhs) }
/// `(lhs > ?)`: compares an expression with a value, which is bound as a parameter.
public func > <V: Value>(lhs: Expression<V>, rhs: V) -> Expression<Bool> { comparison(">", lhs, Expression(value: rhs)) }
/// `(? > rhs)`: compares a value, bound as a parameter, with an expression.
public func > <V: Value>(lhs: V, rhs: Expression<V>) -> Expression<Bool> { comparison(">", Expression(value: lhs), rhs) }
/// `(lhs > ?)` on a nullable expression: NULL when `lhs` is NULL, so such rows never match a filter.
public func > <V: Value>(lhs: Expression<V?>, rhs: V) -> Expression<Bool?> { comparison(">", lhs, Expression(value: rhs)) }
/// `(? > rhs)` on a nullable expression: NULL when `rhs` is NULL, so such rows never match a filter.
public func > <V: Value>(lhs: V, rhs: Expression<V?>) -> Expression<Bool?> { comparison(">", Expression(value: lhs), rhs) }

/// `(lhs >= rhs)`: whether `lhs` is at least `rhs`, in SQL's ordering (numbers by value, text by
/// the column's collation, BINARY unless declared).
public func >= <V: Value>(lhs: Expression<V>, rhs: Expression<V>) -> Expression<Bool> { comparison(">=", lhs, rhs) }
/// `(lhs >= rhs)` where either side can be NULL: the comparison, or NULL when either side is NULL.
public func >= <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<Bool?>
where L.Underlying == R.Underlying { comparison(">=", lhs, rhs) }
/// `(lhs >= ?)`: compares an expression with a value, which is bound as a parameter.
public func >= <V: Value>(lhs: Expression<V>, rhs: V) -> Expression<Bool> { comparison(">=", lhs, Expression(value: rhs)) }
/// `(? >= rhs)`: compares a value, bound as a parameter, with an expression.
public func >= <V: Value>(lhs: V, rhs: Expression<V>) -> Expression<Bool> { comparison(">=", Expression(value: lhs), rhs) }
/// `(lhs >= ?)` on a nullable expression: NULL when `lhs` is NULL, so such rows never match a filter.
public func >= <V: Value>(lhs: Expression<V?>, rhs: V) -> Expression<Bool?> { comparison(">=", lhs, Expression(value: rhs)) }
/// `(? >= rhs)` on a nullable expression: NULL when `rhs` is NULL, so such rows never match a filter.
public func >= <V: Value>(lhs: V, rhs: Expression<V?>) -> Expression<Bool?> { comparison(">=", Expression(value: lhs), rhs) }
