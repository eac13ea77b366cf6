// Aggregate functions. An aggregate over no rows is NULL (except count and total), so most results are optional.

extension Expression where Datatype: ExpressionValue {
    /// `count(x)`: how many rows have a non-NULL value.
    public var count: Expression<Int> { .function("count", [self]) }
    /// `DISTINCT x`, inside an aggregate: `name.distinct.count` renders `count(DISTINCT "name")`.
    public var distinct: Expression<Datatype> { Expression("DISTINCT \(template)", bindings) }
    /// `max(x)`; NULL over no rows.
    public var max: Expression<Datatype.Underlying?> { .function("max", [self]) }
    /// `min(x)`; NULL over no rows.
    public var min: Expression<Datatype.Underlying?> { .function("min", [self]) }
}

extension Expression where Datatype: ExpressionValue, Datatype.Underlying: Number {
    /// `sum(x)`: INTEGER when every value is an integer, else REAL; NULL over no rows. On a `Decimal` money column
    /// it reads back at 15 significant digits (see `Decimal`'s conformance), so `0.1 + 0.2` sums to 0.3.
    public var sum: Expression<Datatype.Underlying?> { .function("sum", [self]) }
    /// `total(x)`: always REAL, 0.0 over no rows.
    public var total: Expression<Double> { .function("total", [self]) }
    /// `avg(x)`: REAL; NULL over no rows.
    public var average: Expression<Double?> { .function("avg", [self]) }
}

/// `count(*)`: the number of rows. Pass the operator itself: `count(*)`.
public func count(_ star: Star) -> Expression<Int> {
    Expression(literal: "count(*)")
}
