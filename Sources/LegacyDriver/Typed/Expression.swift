import SQLiteEngine

/// Anything that renders to SQL: expressions, setters' values, subqueries.
public protocol Expressible {
    /// The SQL text with `?` placeholders and the values bound to them, in order.
    var expression: Expression<Void> { get }
}

/// A typed SQL expression: a column, a bound value, an operator or function applied to other expressions.
///
/// `Datatype` is the Swift type the expression evaluates to; an optional type (`Expression<String?>`) models a
/// nullable column or a result that can be NULL. The SQL text (`template`) never contains a value: every value is a
/// `?` placeholder with its value in `bindings`, bound when the statement runs. Identifiers are always quoted.
///
/// When the file also imports Foundation (whose `Expression` macro type has the same name), write
/// ``SQLExpression`` or `LegacyDriver.Expression`.
public struct Expression<Datatype>: Expressible, Sendable {
    /// SQL text with `?` for every bound value.
    public let template: String
    /// The values for the template's placeholders, in order.
    public let bindings: [SQLiteValue]
    /// `template`'s hash, computed once so reading a row column by this expression costs no hashing.
    @usableFromInline let lookupHash: Int

    /// An expression from SQL text and the values for its `?` placeholders.
    public init(_ template: String, _ bindings: [SQLiteValue]) {
        self.template = template
        self.bindings = bindings
        self.lookupHash = template.hashValue
    }

    /// A column, by its (unquoted) name: `Expression<Int64>("ACCOUNTID")` renders as `"ACCOUNTID"`.
    public init(_ identifier: String) {
        self.init(quoteIdentifier(identifier), [])
    }

    /// Raw SQL without bound values, such as `CURRENT_TIMESTAMP`. Never build it from user input.
    public init(literal: String) {
        self.init(literal, [])
    }

    /// The same SQL, typed differently (as SQL's dynamic typing allows).
    @inlinable
    public init<Other>(_ expression: Expression<Other>) {
        self.template = expression.template
        self.bindings = expression.bindings
        self.lookupHash = expression.lookupHash
    }

    /// The expression with its type erased: what ``Expressible`` requires, so a typed expression goes wherever
    /// any SQL is accepted (`select`, `order`, ``Connection/scalar(_:_:)-(String,(any Value)?...)``).
    @inlinable
    public var expression: Expression<Void> { Expression<Void>(self) }
}

extension Expression: CustomStringConvertible {
    /// The SQL with its bound values written in as literals (``Expressible/asSQL()``), as SQLite.swift describes an
    /// expression: for logs, and for SQLite.swift code that splices a built query into raw SQL.
    public var description: String { asSQL() }
}

/// The legacy driver's expression type under a name that does not collide with Foundation's `Expression`.
public typealias SQLExpression<Datatype> = Expression<Datatype>

extension Expression where Datatype: ExpressionValue {
    /// A bound value as an expression: `?` with the value as its binding.
    public init(value: Datatype) {
        self.init("?", [value.boundValue])
    }
}

extension Expressible {
    /// The SQL with its bound values written in as literals, for reading and logging only: the driver never runs
    /// this text (it binds the values).
    public func asSQL() -> String {
        let rendered = expression
        var output = ""
        var values = rendered.bindings.makeIterator()
        var inString = false
        var inIdentifier = false
        for character in rendered.template {
            switch character {
            case "'" where !inIdentifier: inString.toggle()
            case "\"" where !inString: inIdentifier.toggle()
            case "?" where !inString && !inIdentifier:
                output += values.next()?.description ?? "?"
                continue
            default: break
            }
            output.append(character)
        }
        return output
    }
}

// MARK: The star

/// Marker type for `*`; never instantiated.
public enum StarColumns {}

/// `*` as in `select(*)`, `count(*)` and `table[*]`: pass the operator itself.
public typealias Star = (Expression<StarColumns>?, Expression<StarColumns>?) -> Expression<Void>

/// The `*` that ``Star`` refers to.
public func * (_: Expression<StarColumns>?, _: Expression<StarColumns>?) -> Expression<Void> {
    Expression(literal: "*")
}

// MARK: Building blocks for operators and functions

extension Expression {
    /// `(lhs op rhs)`.
    static func infix(_ lhs: some Expressible, _ op: String, _ rhs: some Expressible) -> Expression {
        let left = lhs.expression
        let right = rhs.expression
        return Expression("(\(left.template) \(op) \(right.template))", left.bindings + right.bindings)
    }

    /// `name(arg, arg, ...)`.
    static func function(_ name: String, _ arguments: [any Expressible]) -> Expression {
        var templates: [String] = []
        var bindings: [SQLiteValue] = []
        for argument in arguments {
            let rendered = argument.expression
            templates.append(rendered.template)
            bindings += rendered.bindings
        }
        return Expression("\(name)(\(templates.joined(separator: ", ")))", bindings)
    }

    /// `prefix(expression)` without a separating space, or `op expression` with one (`NOT x`).
    static func prefix(_ op: String, _ operand: some Expressible) -> Expression {
        let rendered = operand.expression
        return Expression("\(op) \(rendered.template)", rendered.bindings)
    }
}

/// Comma-joined rendering of several expressions.
func joined(_ items: [any Expressible], separator: String = ", ") -> Expression<Void> {
    var templates: [String] = []
    var bindings: [SQLiteValue] = []
    for item in items {
        let rendered = item.expression
        templates.append(rendered.template)
        bindings += rendered.bindings
    }
    return Expression(templates.joined(separator: separator), bindings)
}
