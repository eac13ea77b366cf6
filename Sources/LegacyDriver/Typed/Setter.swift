import SQLiteEngine

/// Sets a column in an INSERT or UPDATE: `column <- value`, `column <- otherColumn + 1`, `column += 1`.
public struct Setter: Sendable {
    /// The SQL of the column being set (`"name"`): only the text, so a setter is cheap to build and copy.
    @usableFromInline let columnTemplate: String
    /// What it is set to.
    @usableFromInline let value: SetterValue

    @inlinable
    init(column: some Expressible, value: SetterValue) {
        self.columnTemplate = column.expression.template
        self.value = value
    }

    @inlinable
    init<V>(column: Expression<V>, value: SetterValue) {
        self.columnTemplate = column.template
        self.value = value
    }

    /// The column being set, as an expression.
    var column: Expression<Void> { Expression(literal: columnTemplate) }

    /// The value's SQL: `?` for a bound value, or the expression's template.
    var valueExpression: Expression<Void> {
        if case .expression(let expression) = value { return expression }
        return Expression("?", [value.bound ?? .null])
    }
}

/// A setter's right-hand side: a plain value (bound without building an expression) or an SQL expression.
///
/// Flat rather than wrapping `SQLiteValue`, so building, copying and destroying a setter (once per column per row
/// in an insert loop) is a single switch.
@usableFromInline
enum SetterValue: Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case null
    /// Boxed, so the common bound-value setters stay small (an insert's array of setters is built per row).
    indirect case expression(Expression<Void>)

    @inlinable
    init(_ value: SQLiteValue) {
        switch value {
        case .integer(let number): self = .integer(number)
        case .real(let number): self = .real(number)
        case .text(let text): self = .text(text)
        case .blob(let bytes): self = .blob(bytes)
        case .null: self = .null
        }
    }

    /// The bound value, or `nil` for an expression.
    var bound: SQLiteValue? {
        switch self {
        case .integer(let number): .integer(number)
        case .real(let number): .real(number)
        case .text(let text): .text(text)
        case .blob(let bytes): .blob(bytes)
        case .null: .null
        case .expression: nil
        }
    }
}

precedencegroup ColumnAssignmentPrecedence {
    associativity: right
    lowerThan: TernaryPrecedence
    higherThan: AssignmentPrecedence
}

/// `column <- value`: a ``Setter``.
infix operator <- : ColumnAssignmentPrecedence

/// `column <- value`: sets a NOT NULL column to a value, which is bound as a parameter.
@inlinable
public func <- <V: Value>(column: Expression<V>, value: V) -> Setter {
    Setter(column: column, value: SetterValue(value.boundValue))
}
/// `column <- expression`: sets a column to SQL the statement computes, such as `balance <- balance * 2`.
public func <- <V: Value>(column: Expression<V>, value: Expression<V>) -> Setter {
    Setter(column: column, value: .expression(value.expression))
}
/// Sets a nullable column; `nil` stores NULL.
@inlinable
public func <- <V: Value>(column: Expression<V?>, value: V?) -> Setter {
    Setter(column: column, value: SetterValue(value.boundValue))
}
/// Sets a nullable column to an expression of the value type (never NULL unless the expression is).
public func <- <V: Value>(column: Expression<V?>, value: Expression<V>) -> Setter {
    Setter(column: column, value: .expression(value.expression))
}
/// Sets a nullable column to a nullable expression, such as another nullable column.
public func <- <V: Value>(column: Expression<V?>, value: Expression<V?>) -> Setter {
    Setter(column: column, value: .expression(value.expression))
}

// MARK: Compound setters: `column += value` sets `column = (column + ?)`

private func compound(_ column: some Expressible, _ op: String, _ operand: some Expressible) -> Setter {
    Setter(column: column, value: .expression(Expression<Void>.infix(column, op, operand)))
}

/// `column += value`: sets `column = (column + ?)`; adds a value bound as a parameter.
public func += <V: Number>(column: Expression<V>, value: V) -> Setter { compound(column, "+", Expression(value: value)) }
/// `column += expression`: sets `column = (column + expression)`.
public func += <V: Number>(column: Expression<V>, value: Expression<V>) -> Setter { compound(column, "+", value) }
/// `column += value` on a nullable column: a NULL column stays NULL.
public func += <V: Number>(column: Expression<V?>, value: V) -> Setter { compound(column, "+", Expression(value: value)) }
/// `column += expression` on a nullable column: a NULL column stays NULL.
public func += <V: Number>(column: Expression<V?>, value: Expression<V>) -> Setter { compound(column, "+", value) }
/// Appends text: `name += "x"` sets `name = (name || ?)`.
public func += (column: Expression<String>, value: String) -> Setter { compound(column, "||", Expression(value: value)) }
/// Appends text to a nullable column: `name = (name || ?)`; a NULL column stays NULL.
public func += (column: Expression<String?>, value: String) -> Setter { compound(column, "||", Expression(value: value)) }

/// `column -= value`: sets `column = (column - ?)`; subtracts a value bound as a parameter.
public func -= <V: Number>(column: Expression<V>, value: V) -> Setter { compound(column, "-", Expression(value: value)) }
/// `column -= expression`: sets `column = (column - expression)`.
public func -= <V: Number>(column: Expression<V>, value: Expression<V>) -> Setter { compound(column, "-", value) }
/// `column -= value` on a nullable column: a NULL column stays NULL.
public func -= <V: Number>(column: Expression<V?>, value: V) -> Setter { compound(column, "-", Expression(value: value)) }
/// `column -= expression` on a nullable column: a NULL column stays NULL.
public func -= <V: Number>(column: Expression<V?>, value: Expression<V>) -> Setter { compound(column, "-", value) }

/// `column *= value`: sets `column = (column * ?)`; multiplies by a value bound as a parameter.
public func *= <V: Number>(column: Expression<V>, value: V) -> Setter { compound(column, "*", Expression(value: value)) }
/// `column *= expression`: sets `column = (column * expression)`.
public func *= <V: Number>(column: Expression<V>, value: Expression<V>) -> Setter { compound(column, "*", value) }
/// `column *= value` on a nullable column: a NULL column stays NULL.
public func *= <V: Number>(column: Expression<V?>, value: V) -> Setter { compound(column, "*", Expression(value: value)) }
/// `column *= expression` on a nullable column: a NULL column stays NULL.
public func *= <V: Number>(column: Expression<V?>, value: Expression<V>) -> Setter { compound(column, "*", value) }

/// `column /= value`: sets `column = (column / ?)`; divides by a value bound as a parameter.
public func /= <V: Number>(column: Expression<V>, value: V) -> Setter { compound(column, "/", Expression(value: value)) }
/// `column /= expression`: sets `column = (column / expression)`.
public func /= <V: Number>(column: Expression<V>, value: Expression<V>) -> Setter { compound(column, "/", value) }
/// `column /= value` on a nullable column: a NULL column stays NULL.
public func /= <V: Number>(column: Expression<V?>, value: V) -> Setter { compound(column, "/", Expression(value: value)) }
/// `column /= expression` on a nullable column: a NULL column stays NULL.
public func /= <V: Number>(column: Expression<V?>, value: Expression<V>) -> Setter { compound(column, "/", value) }

/// `column %= value`: sets `column = (column % ?)`; keeps the remainder of dividing by a value bound as a parameter.
public func %= <V: Number>(column: Expression<V>, value: V) -> Setter { compound(column, "%", Expression(value: value)) }
/// `column %= expression`: sets `column = (column % expression)`.
public func %= <V: Number>(column: Expression<V>, value: Expression<V>) -> Setter { compound(column, "%", value) }
/// `column %= value` on a nullable column: a NULL column stays NULL.
public func %= <V: Number>(column: Expression<V?>, value: V) -> Setter { compound(column, "%", Expression(value: value)) }
/// `column %= expression` on a nullable column: a NULL column stays NULL.
public func %= <V: Number>(column: Expression<V?>, value: Expression<V>) -> Setter { compound(column, "%", value) }
