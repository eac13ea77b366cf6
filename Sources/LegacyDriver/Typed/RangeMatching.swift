// `range ~= expression`, as SQLite.swift spells range tests: the same SQL as `range.contains(expression)`.

/// `(x BETWEEN ? AND ?)`.
public func ~= <V: Value>(lhs: ClosedRange<V>, rhs: Expression<V>) -> Expression<Bool> { lhs.contains(rhs) }
/// `(x BETWEEN ? AND ?)`; NULL when the column is NULL.
public func ~= <V: Value>(lhs: ClosedRange<V>, rhs: Expression<V?>) -> Expression<Bool?> { lhs.contains(rhs) }
/// `((x >= ?) AND (x < ?))`.
public func ~= <V: Value>(lhs: Range<V>, rhs: Expression<V>) -> Expression<Bool> { lhs.contains(rhs) }
/// `((x >= ?) AND (x < ?))`; NULL when the column is NULL.
public func ~= <V: Value>(lhs: Range<V>, rhs: Expression<V?>) -> Expression<Bool?> { lhs.contains(rhs) }
/// `(x >= ?)`.
public func ~= <V: Value>(lhs: PartialRangeFrom<V>, rhs: Expression<V>) -> Expression<Bool> { rhs >= lhs.lowerBound }
/// `(x >= ?)`; NULL when the column is NULL.
public func ~= <V: Value>(lhs: PartialRangeFrom<V>, rhs: Expression<V?>) -> Expression<Bool?> { rhs >= lhs.lowerBound }
/// `(x <= ?)`.
public func ~= <V: Value>(lhs: PartialRangeThrough<V>, rhs: Expression<V>) -> Expression<Bool> { rhs <= lhs.upperBound }
/// `(x <= ?)`; NULL when the column is NULL.
public func ~= <V: Value>(lhs: PartialRangeThrough<V>, rhs: Expression<V?>) -> Expression<Bool?> {
    rhs <= lhs.upperBound
}
/// `(x < ?)`.
public func ~= <V: Value>(lhs: PartialRangeUpTo<V>, rhs: Expression<V>) -> Expression<Bool> { rhs < lhs.upperBound }
/// `(x < ?)`; NULL when the column is NULL.
public func ~= <V: Value>(lhs: PartialRangeUpTo<V>, rhs: Expression<V?>) -> Expression<Bool?> { rhs < lhs.upperBound }
