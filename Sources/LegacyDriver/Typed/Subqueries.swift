// Subqueries inside expressions: EXISTS and IN (SELECT ...).

/// `(EXISTS (SELECT ...))`: whether the query returns at least one row.
public func exists(_ query: some QueryType) -> Expression<Bool> {
    let statement = query.expression
    return Expression("(EXISTS (\(statement.template)))", statement.bindings)
}

extension ScalarQuery where V: ExpressionValue {
    /// `(x IN (SELECT ...))`: whether the expression is among the values the query selects.
    public func contains(_ expression: Expression<V.Underlying>) -> Expression<Bool> { inSubquery(expression, self) }
    /// `(x IN (SELECT ...))` for a nullable expression.
    public func contains(_ expression: Expression<V.Underlying?>) -> Expression<Bool?> { inSubquery(expression, self) }
}

private func inSubquery<T>(_ expression: some Expressible, _ query: some QueryType) -> Expression<T> {
    let subject = expression.expression
    let statement = query.expression
    return Expression("(\(subject.template) IN (\(statement.template)))", subject.bindings + statement.bindings)
}
