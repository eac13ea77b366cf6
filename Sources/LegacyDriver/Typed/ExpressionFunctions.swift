import SQLiteEngine

// SQL operators and functions on expressions that are not Swift operators: LIKE, GLOB, IN, BETWEEN, IS NULL,
// coalesce/ifnull, lower/upper, CAST, COLLATE, ordering terms.

// MARK: LIKE and GLOB

extension Expression where Datatype == String {
    /// `(x LIKE ?)`: SQL's case-insensitive (ASCII only) pattern match with `%` and `_`.
    public func like(_ pattern: String, escape: Character? = nil) -> Expression<Bool> {
        likeExpression(self, Expression<String>(value: pattern), escape: escape)
    }
    /// `(x LIKE pattern)` with the pattern from another expression.
    public func like(_ pattern: Expression<String>, escape: Character? = nil) -> Expression<Bool> {
        likeExpression(self, pattern, escape: escape)
    }
    /// `(x GLOB ?)`: case-sensitive pattern match with `*`, `?` and `[...]`.
    public func glob(_ pattern: String) -> Expression<Bool> { .infix(self, "GLOB", Expression<String>(value: pattern)) }
}

extension Expression where Datatype == String? {
    /// `(x LIKE ?)`; NULL when the column is NULL.
    public func like(_ pattern: String, escape: Character? = nil) -> Expression<Bool?> {
        likeExpression(self, Expression<String>(value: pattern), escape: escape)
    }
    /// `(x LIKE pattern)` with the pattern from another expression; NULL when the column is NULL.
    public func like(_ pattern: Expression<String>, escape: Character? = nil) -> Expression<Bool?> {
        likeExpression(self, pattern, escape: escape)
    }
    /// `(x GLOB ?)`; NULL when the column is NULL.
    public func glob(_ pattern: String) -> Expression<Bool?> { .infix(self, "GLOB", Expression<String>(value: pattern)) }
}

private func likeExpression<T>(_ subject: some Expressible, _ pattern: some Expressible, escape: Character?) -> Expression<T> {
    let base = Expression<T>.infix(subject, "LIKE", pattern)
    guard let escape else { return base }
    // Drop the closing parenthesis and add the ESCAPE term inside it.
    let open = String(base.template.dropLast())
    return Expression("\(open) ESCAPE ?)", base.bindings + [.text(String(escape))])
}

// MARK: IN and BETWEEN

extension Array where Element: Value {
    /// `(x IN (?, ?, ...))`: whether the expression equals one of the values. An empty array matches nothing.
    public func contains(_ expression: Expression<Element>) -> Expression<Bool> { inList(expression, self) }
    /// `(x IN (?, ?, ...))`; NULL when the column is NULL.
    public func contains(_ expression: Expression<Element?>) -> Expression<Bool?> { inList(expression, self) }
}

private func inList<T, V: Value>(_ expression: some Expressible, _ values: [V]) -> Expression<T> {
    let subject = expression.expression
    let placeholders = Array(repeating: "?", count: values.count).joined(separator: ", ")
    return Expression("(\(subject.template) IN (\(placeholders)))", subject.bindings + values.map(\.boundValue))
}

extension ClosedRange where Bound: Value {
    /// `(x BETWEEN ? AND ?)`.
    public func contains(_ expression: Expression<Bound>) -> Expression<Bool> { between(expression, lowerBound, upperBound) }
    /// `(x BETWEEN ? AND ?)`; NULL when the column is NULL.
    public func contains(_ expression: Expression<Bound?>) -> Expression<Bool?> {
        between(expression, lowerBound, upperBound)
    }
}

extension Range where Bound: Value {
    /// `((x >= ?) AND (x < ?))`.
    public func contains(_ expression: Expression<Bound>) -> Expression<Bool> {
        .infix(expression >= lowerBound, "AND", expression < upperBound)
    }
    /// `((x >= ?) AND (x < ?))`; NULL when the column is NULL.
    public func contains(_ expression: Expression<Bound?>) -> Expression<Bool?> {
        .infix(expression >= lowerBound, "AND", expression < upperBound)
    }
}

extension Expression where Datatype: Value {
    /// `(x BETWEEN ? AND ?)`, both bounds included.
    public func between(_ lower: Datatype, _ upper: Datatype) -> Expression<Bool> {
        LegacyDriver.between(self, lower, upper)
    }
}

extension Expression {
    /// `(x BETWEEN ? AND ?)`; NULL when the column is NULL.
    public func between<V: Value>(_ lower: V, _ upper: V) -> Expression<Bool?> where Datatype == V? {
        LegacyDriver.between(self, lower, upper)
    }
}

private func between<T, V: Value>(_ expression: some Expressible, _ lower: V, _ upper: V) -> Expression<T> {
    let subject = expression.expression
    return Expression("(\(subject.template) BETWEEN ? AND ?)", subject.bindings + [lower.boundValue, upper.boundValue])
}

// MARK: NULL tests and fallbacks

extension Expression where Datatype: ExpressionValue {
    /// `(x IS NULL)`: never NULL itself.
    public var isNull: Expression<Bool> { Expression<Bool>("(\(template) IS NULL)", bindings) }
    /// `(x IS NOT NULL)`.
    public var isNotNull: Expression<Bool> { Expression<Bool>("(\(template) IS NOT NULL)", bindings) }
}

/// `coalesce(a, b, ...)`: the first argument that is not NULL.
public func coalesce<V: Value>(
    _ first: Expression<V?>, _ second: Expression<V?>, _ rest: Expression<V?>...
) -> Expression<V?> {
    .function("coalesce", [first, second] + rest)
}

/// `coalesce(a, ..., last)` whose last argument is never NULL, so neither is the result.
public func coalesce<V: Value>(_ first: Expression<V?>, _ last: Expression<V>) -> Expression<V> {
    .function("coalesce", [first, last])
}

/// `ifnull(x, ?)`: the column's value, or `value` when it is NULL.
public func ?? <V: Value>(lhs: Expression<V?>, rhs: V) -> Expression<V> {
    .function("ifnull", [lhs, Expression(value: rhs)])
}
/// `ifnull(x, y)`.
public func ?? <V: Value>(lhs: Expression<V?>, rhs: Expression<V>) -> Expression<V> { .function("ifnull", [lhs, rhs]) }
/// `ifnull(x, y)` where both can be NULL.
public func ?? <V: Value>(lhs: Expression<V?>, rhs: Expression<V?>) -> Expression<V?> { .function("ifnull", [lhs, rhs]) }

// MARK: Text functions

extension Expression where Datatype: ExpressionValue, Datatype.Underlying == String {
    /// `lower(x)`: SQLite lower-cases ASCII letters only (`"ÄB"` becomes `"Äb"`).
    public var lowercaseString: Expression<Datatype> { .function("lower", [self]) }
    /// `upper(x)`: ASCII letters only.
    public var uppercaseString: Expression<Datatype> { .function("upper", [self]) }
    /// `trim(x)`: without leading and trailing spaces.
    public func trim() -> Expression<Datatype> { .function("trim", [self]) }
}

extension Expression where Datatype == String {
    /// `length(x)`: the number of characters (Unicode code points).
    public var length: Expression<Int> { .function("length", [self]) }
}

extension Expression where Datatype == String? {
    /// `length(x)`; NULL when the column is NULL.
    public var length: Expression<Int?> { .function("length", [self]) }
}

extension Expression where Datatype: ExpressionValue, Datatype.Underlying: Number {
    /// `abs(x)`.
    public var absoluteValue: Expression<Datatype> { .function("abs", [self]) }
}

// MARK: CAST

/// `CAST(x AS type)` with the target's declared type (`INTEGER`, `REAL`, `TEXT`, `BLOB`, `NUMERIC`).
public func cast<T: Value, U: Value>(_ expression: Expression<T>) -> Expression<U> {
    Expression("CAST(\(expression.template) AS \(U.declaredDatatype))", expression.bindings)
}

/// `CAST(x AS type)` of a nullable expression: NULL stays NULL.
public func cast<T: Value, U: Value>(_ expression: Expression<T?>) -> Expression<U?> {
    Expression("CAST(\(expression.template) AS \(U.declaredDatatype))", expression.bindings)
}

// MARK: Collation and ordering

/// A collating sequence: SQLite's built-in ones or one registered with ``Connection/createCollation(_:_:)``.
public enum Collation: Sendable, Equatable {
    /// Byte-wise comparison (SQLite's default).
    case binary
    /// Case-insensitive for ASCII letters only (as SQLite's NOCASE collation is).
    case nocase
    /// Like binary, ignoring trailing spaces.
    case rtrim
    /// A collation registered on the connection.
    case custom(String)

    /// The collation's SQL name, quoted.
    var sql: String {
        if case .custom = self { return schemaName }
        return quoteIdentifier(schemaName)
    }

    /// The name as SQLite.swift writes it after `COLLATE` in a schema: built-ins bare, custom ones quoted.
    var schemaName: String {
        switch self {
        case .binary: "BINARY"
        case .nocase: "NOCASE"
        case .rtrim: "RTRIM"
        case .custom(let name): quoteIdentifier(name)
        }
    }
}

extension Expression {
    /// `(x COLLATE name)`: compare and sort this expression with the collation.
    public func collate(_ collation: Collation) -> Expression<Datatype> {
        Expression("(\(template) COLLATE \(collation.sql))", bindings)
    }

    /// `x ASC`, for `order(...)`.
    public var asc: Expression<Void> { Expression<Void>("\(template) ASC", bindings) }
    /// `x DESC`, for `order(...)`.
    public var desc: Expression<Void> { Expression<Void>("\(template) DESC", bindings) }
    /// `x ASC NULLS FIRST` (SQLite 3.30 or later).
    public var ascNullsFirst: Expression<Void> { Expression<Void>("\(template) ASC NULLS FIRST", bindings) }
    /// `x ASC NULLS LAST` (SQLite 3.30 or later).
    public var ascNullsLast: Expression<Void> { Expression<Void>("\(template) ASC NULLS LAST", bindings) }
    /// `x DESC NULLS FIRST` (SQLite 3.30 or later).
    public var descNullsFirst: Expression<Void> { Expression<Void>("\(template) DESC NULLS FIRST", bindings) }
    /// `x DESC NULLS LAST` (SQLite 3.30 or later).
    public var descNullsLast: Expression<Void> { Expression<Void>("\(template) DESC NULLS LAST", bindings) }
}

// MARK: replace

extension Expression where Datatype == String {
    /// `replace(x, ?, ?)`: every occurrence of `pattern` replaced.
    public func replace(_ pattern: String, with replacement: String) -> Expression<String> {
        .function("replace", [self, Expression<String>(value: pattern), Expression<String>(value: replacement)])
    }
}

extension Expression where Datatype == String? {
    /// `replace(x, ?, ?)`: every occurrence of `pattern` replaced; NULL stays NULL.
    public func replace(_ pattern: String, with replacement: String) -> Expression<String?> {
        .function("replace", [self, Expression<String>(value: pattern), Expression<String>(value: replacement)])
    }
}
