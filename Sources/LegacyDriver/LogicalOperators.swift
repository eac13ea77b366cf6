// AND, OR and NOT on boolean expressions: `(lhs AND rhs)`, `(lhs OR rhs)`, `NOT (x)`.

public func && (lhs: Expression<Bool>, rhs: Expression<Bool>) -> Expression<Bool> { .infix(lhs, "AND", rhs) }
public func && <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<Bool?>
where L.Underlying == Bool, R.Underlying == Bool { .infix(lhs, "AND", rhs) }
public func && (lhs: Expression<Bool>, rhs: Bool) -> Expression<Bool> { .infix(lhs, "AND", Expression(value: rhs)) }
public func && (lhs: Bool, rhs: Expression<Bool>) -> Expression<Bool> { .infix(Expression(value: lhs), "AND", rhs) }
public func && (lhs: Expression<Bool?>, rhs: Bool) -> Expression<Bool?> { .infix(lhs, "AND", Expression(value: rhs)) }
public func && (lhs: Bool, rhs: Expression<Bool?>) -> Expression<Bool?> { .infix(Expression(value: lhs), "AND", rhs) }

public func || (lhs: Expression<Bool>, rhs: Expression<Bool>) -> Expression<Bool> { .infix(lhs, "OR", rhs) }
public func || <L: ExpressionValue, R: ExpressionValue>(lhs: Expression<L>, rhs: Expression<R>) -> Expression<Bool?>
where L.Underlying == Bool, R.Underlying == Bool { .infix(lhs, "OR", rhs) }
public func || (lhs: Expression<Bool>, rhs: Bool) -> Expression<Bool> { .infix(lhs, "OR", Expression(value: rhs)) }
public func || (lhs: Bool, rhs: Expression<Bool>) -> Expression<Bool> { .infix(Expression(value: lhs), "OR", rhs) }
public func || (lhs: Expression<Bool?>, rhs: Bool) -> Expression<Bool?> { .infix(lhs, "OR", Expression(value: rhs)) }
public func || (lhs: Bool, rhs: Expression<Bool?>) -> Expression<Bool?> { .infix(Expression(value: lhs), "OR", rhs) }

public prefix func ! (operand: Expression<Bool>) -> Expression<Bool> { .prefix("NOT", operand) }
public prefix func ! (operand: Expression<Bool?>) -> Expression<Bool?> { .prefix("NOT", operand) }
