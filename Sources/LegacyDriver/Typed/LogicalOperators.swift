// AND, OR and NOT on boolean expressions: `(lhs AND rhs)`, `(lhs OR rhs)`, `NOT (x)`.

/// `(lhs AND rhs)`: whether both conditions hold.
public func && (lhs: Expression<Bool>, rhs: Expression<Bool>) -> Expression<Bool> { .infix(lhs, "AND", rhs) }
/// `(lhs AND rhs)` where either condition can be NULL: SQL's three-valued AND, false when either side is
/// false, else NULL when either side is NULL.
public func && <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<Bool?>
where L.Underlying == Bool, R.Underlying == Bool { .infix(lhs, "AND", rhs) }
/// `(lhs AND ?)`: a condition and a constant, which is bound as a parameter.
public func && (lhs: Expression<Bool>, rhs: Bool) -> Expression<Bool> { .infix(lhs, "AND", Expression(value: rhs)) }
/// `(? AND rhs)`: a constant, bound as a parameter, and a condition.
public func && (lhs: Bool, rhs: Expression<Bool>) -> Expression<Bool> { .infix(Expression(value: lhs), "AND", rhs) }
/// `(lhs AND ?)` on a nullable condition: NULL when `lhs` is NULL and the constant is true.
public func && (lhs: Expression<Bool?>, rhs: Bool) -> Expression<Bool?> { .infix(lhs, "AND", Expression(value: rhs)) }
/// `(? AND rhs)` on a nullable condition: NULL when `rhs` is NULL and the constant is true.
public func && (lhs: Bool, rhs: Expression<Bool?>) -> Expression<Bool?> { .infix(Expression(value: lhs), "AND", rhs) }

/// `(lhs OR rhs)`: whether either condition holds.
public func || (lhs: Expression<Bool>, rhs: Expression<Bool>) -> Expression<Bool> { .infix(lhs, "OR", rhs) }
/// `(lhs OR rhs)` where either condition can be NULL: SQL's three-valued OR, true when either side is
/// true, else NULL when either side is NULL.
public func || <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<Bool?>
where L.Underlying == Bool, R.Underlying == Bool { .infix(lhs, "OR", rhs) }
/// `(lhs OR ?)`: a condition or a constant, which is bound as a parameter.
public func || (lhs: Expression<Bool>, rhs: Bool) -> Expression<Bool> { .infix(lhs, "OR", Expression(value: rhs)) }
/// `(? OR rhs)`: a constant, bound as a parameter, or a condition.
public func || (lhs: Bool, rhs: Expression<Bool>) -> Expression<Bool> { .infix(Expression(value: lhs), "OR", rhs) }
/// `(lhs OR ?)` on a nullable condition: NULL when `lhs` is NULL and the constant is false.
public func || (lhs: Expression<Bool?>, rhs: Bool) -> Expression<Bool?> { .infix(lhs, "OR", Expression(value: rhs)) }
/// `(? OR rhs)` on a nullable condition: NULL when `rhs` is NULL and the constant is false.
public func || (lhs: Bool, rhs: Expression<Bool?>) -> Expression<Bool?> { .infix(Expression(value: lhs), "OR", rhs) }

/// `NOT x`: whether the condition does not hold.
public prefix func ! (operand: Expression<Bool>) -> Expression<Bool> { .prefix("NOT", operand) }
/// `NOT x` on a nullable condition: NULL stays NULL, so `!(column == value)` does not match NULL rows.
public prefix func ! (operand: Expression<Bool?>) -> Expression<Bool?> { .prefix("NOT", operand) }
