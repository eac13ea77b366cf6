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

public func == <V: Value>(lhs: Expression<V>, rhs: Expression<V>) -> Expression<Bool> { comparison("=", lhs, rhs) }
public func == <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<Bool?>
where L.Underlying == R.Underlying { comparison("=", lhs, rhs) }
public func == <V: Value>(lhs: Expression<V>, rhs: V) -> Expression<Bool> { comparison("=", lhs, Expression(value: rhs)) }
public func == <V: Value>(lhs: V, rhs: Expression<V>) -> Expression<Bool> { comparison("=", Expression(value: lhs), rhs) }
/// `column == nil` renders `IS NULL`, as SQL's `= NULL` is never true.
public func == <V: Value>(lhs: Expression<V?>, rhs: V?) -> Expression<Bool?> {
    nullAwareComparison("=", nullTest: "IS NULL", lhs, rhs)
}
public func == <V: Value>(lhs: V?, rhs: Expression<V?>) -> Expression<Bool?> {
    nullAwareComparison("=", nullTest: "IS NULL", rhs, lhs)
}

// MARK: !=

public func != <V: Value>(lhs: Expression<V>, rhs: Expression<V>) -> Expression<Bool> { comparison("!=", lhs, rhs) }
public func != <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<Bool?>
where L.Underlying == R.Underlying { comparison("!=", lhs, rhs) }
public func != <V: Value>(lhs: Expression<V>, rhs: V) -> Expression<Bool> { comparison("!=", lhs, Expression(value: rhs)) }
public func != <V: Value>(lhs: V, rhs: Expression<V>) -> Expression<Bool> { comparison("!=", Expression(value: lhs), rhs) }
/// `column != nil` renders `IS NOT NULL`.
public func != <V: Value>(lhs: Expression<V?>, rhs: V?) -> Expression<Bool?> {
    nullAwareComparison("!=", nullTest: "IS NOT NULL", lhs, rhs)
}
public func != <V: Value>(lhs: V?, rhs: Expression<V?>) -> Expression<Bool?> {
    nullAwareComparison("!=", nullTest: "IS NOT NULL", rhs, lhs)
}

// MARK: <, <=, >, >=

public func < <V: Value>(lhs: Expression<V>, rhs: Expression<V>) -> Expression<Bool> { comparison("<", lhs, rhs) }
public func < <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<Bool?>
where L.Underlying == R.Underlying { comparison("<", lhs, rhs) }
public func < <V: Value>(lhs: Expression<V>, rhs: V) -> Expression<Bool> { comparison("<", lhs, Expression(value: rhs)) }
public func < <V: Value>(lhs: V, rhs: Expression<V>) -> Expression<Bool> { comparison("<", Expression(value: lhs), rhs) }
public func < <V: Value>(lhs: Expression<V?>, rhs: V) -> Expression<Bool?> { comparison("<", lhs, Expression(value: rhs)) }
public func < <V: Value>(lhs: V, rhs: Expression<V?>) -> Expression<Bool?> { comparison("<", Expression(value: lhs), rhs) }

public func <= <V: Value>(lhs: Expression<V>, rhs: Expression<V>) -> Expression<Bool> { comparison("<=", lhs, rhs) }
public func <= <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<Bool?>
where L.Underlying == R.Underlying { comparison("<=", lhs, rhs) }
public func <= <V: Value>(lhs: Expression<V>, rhs: V) -> Expression<Bool> { comparison("<=", lhs, Expression(value: rhs)) }
public func <= <V: Value>(lhs: V, rhs: Expression<V>) -> Expression<Bool> { comparison("<=", Expression(value: lhs), rhs) }
public func <= <V: Value>(lhs: Expression<V?>, rhs: V) -> Expression<Bool?> { comparison("<=", lhs, Expression(value: rhs)) }
public func <= <V: Value>(lhs: V, rhs: Expression<V?>) -> Expression<Bool?> { comparison("<=", Expression(value: lhs), rhs) }

public func > <V: Value>(lhs: Expression<V>, rhs: Expression<V>) -> Expression<Bool> { comparison(">", lhs, rhs) }
public func > <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<Bool?>
where L.Underlying == R.Underlying { comparison(">", lhs, rhs) }
public func > <V: Value>(lhs: Expression<V>, rhs: V) -> Expression<Bool> { comparison(">", lhs, Expression(value: rhs)) }
public func > <V: Value>(lhs: V, rhs: Expression<V>) -> Expression<Bool> { comparison(">", Expression(value: lhs), rhs) }
public func > <V: Value>(lhs: Expression<V?>, rhs: V) -> Expression<Bool?> { comparison(">", lhs, Expression(value: rhs)) }
public func > <V: Value>(lhs: V, rhs: Expression<V?>) -> Expression<Bool?> { comparison(">", Expression(value: lhs), rhs) }

public func >= <V: Value>(lhs: Expression<V>, rhs: Expression<V>) -> Expression<Bool> { comparison(">=", lhs, rhs) }
public func >= <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<Bool?>
where L.Underlying == R.Underlying { comparison(">=", lhs, rhs) }
public func >= <V: Value>(lhs: Expression<V>, rhs: V) -> Expression<Bool> { comparison(">=", lhs, Expression(value: rhs)) }
public func >= <V: Value>(lhs: V, rhs: Expression<V>) -> Expression<Bool> { comparison(">=", Expression(value: lhs), rhs) }
public func >= <V: Value>(lhs: Expression<V?>, rhs: V) -> Expression<Bool?> { comparison(">=", lhs, Expression(value: rhs)) }
public func >= <V: Value>(lhs: V, rhs: Expression<V?>) -> Expression<Bool?> { comparison(">=", Expression(value: lhs), rhs) }
