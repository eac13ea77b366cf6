import SQLiteEngine

/// A piece of SQL that yields a value, with the arguments its `?` placeholders take: what the query interface
/// builds from columns, values and operators (`Column("score") > 1000`).
public struct SQLExpression: SQLSpecificExpressible, Sendable {
    /// The SQL text, parenthesized where it could bind differently inside a larger expression.
    public let sql: String
    /// The values of the `?` placeholders in ``sql``, in order.
    public let arguments: [SQLiteValue]

    /// An expression from SQL text and the values of its placeholders.
    public init(sql: String, arguments: [SQLiteValue] = []) {
        self.sql = sql
        self.arguments = arguments
    }

    /// The expression itself.
    public var sqlExpression: SQLExpression { self }

    /// The expression in ascending order.
    public var asc: SQLOrdering { SQLOrdering(sql: sql + " ASC", arguments: arguments) }
    /// The expression in descending order.
    public var desc: SQLOrdering { SQLOrdering(sql: sql + " DESC", arguments: arguments) }
}

/// Anything that can stand where SQL expects a value: a column, an expression, or a Swift value (bound as `?`).
public protocol SQLExpressible {
    /// This value as an SQL expression.
    var sqlExpression: SQLExpression { get }
}

/// An SQL expression proper (a column, an operator...), as opposed to a plain Swift value. The query interface's
/// operators take one of these on at least one side, so `1 == 2` stays a Swift comparison.
public protocol SQLSpecificExpressible: SQLExpressible, SQLOrderingTerm, SQLSelectable {}

extension SQLSpecificExpressible {
    /// The expression as an ORDER BY term, in ascending order (SQLite's default).
    public var sqlOrdering: SQLOrdering { SQLOrdering(sql: sqlExpression.sql, arguments: sqlExpression.arguments) }
    /// The expression as a term of a SELECT list.
    public var sqlSelection: SQLExpression { sqlExpression }
}

extension DatabaseValueConvertible {
    /// The value bound as an argument.
    public var sqlExpression: SQLExpression {
        let value = databaseValue
        return value == .null ? SQLExpression(sql: "NULL") : SQLExpression(sql: "?", arguments: [value])
    }
}

extension SQLiteValue: SQLExpressible {}
extension Int: SQLExpressible {}
extension Int32: SQLExpressible {}
extension Int64: SQLExpressible {}
extension Double: SQLExpressible {}
extension Bool: SQLExpressible {}
extension String: SQLExpressible {}

/// A table column by name, as GRDB's `Column("name")`.
public protocol ColumnExpression: SQLSpecificExpressible {
    /// The column's name.
    var name: String { get }
}

extension ColumnExpression {
    /// The column's quoted name. A request that joins tables qualifies it when it writes the SQL, with the table it
    /// belongs to (`"player"."name"`; in an association's `filter`, the associated table).
    public var sqlExpression: SQLExpression { SQLExpression(sql: SQLQuoting.qualifierMark + SQLQuoting.identifier(name)) }
    /// The column in ascending order.
    public var asc: SQLOrdering { SQLOrdering(sql: sqlExpression.sql + " ASC", arguments: []) }
    /// The column in descending order.
    public var desc: SQLOrdering { SQLOrdering(sql: sqlExpression.sql + " DESC", arguments: []) }
    /// An assignment for ``QueryInterfaceRequest/updateAll(_:_:)-(_,ColumnAssignment...)``: `SET column = value`.
    public func set(to value: (any SQLExpressible)?) -> ColumnAssignment {
        ColumnAssignment(column: name, value: value?.sqlExpression ?? SQLExpression(sql: "NULL"))
    }
}

/// A `String` enum of column names (`enum Columns: String, ColumnExpression { case id, name }`) names its columns by
/// raw value.
extension ColumnExpression where Self: RawRepresentable, RawValue == String {
    /// The column's name: the case's raw value.
    public var name: String { rawValue }
}

/// A column of a table, by name.
public struct Column: ColumnExpression, Sendable {
    /// The `rowid` of a table.
    public static let rowID = Column("rowid")

    /// The column's name, as written in the SQL (quoted there, so any name works).
    public let name: String

    /// The column of this name (`Column("score")`); the name is matched as SQLite matches names, ignoring ASCII case.
    public init(_ name: String) { self.name = name }

    /// The column named after a coding key (`Column(CodingKeys.name)`).
    public init(_ codingKey: some CodingKey) { self.name = codingKey.stringValue }
}

/// `SET column = value` in an UPDATE.
public struct ColumnAssignment: Sendable {
    let column: String
    let value: SQLExpression
}

/// Quoting of names put in generated SQL.
enum SQLQuoting {
    /// Stands before a column name until the request that runs the expression knows the table it belongs to: a
    /// request with joins writes `"table".` there, one without writes nothing. A private-use character, so it never
    /// occurs in SQL a user wrote (values are bound, never in the text).
    static let qualifierMark = "\u{E000}"

    /// `sql` with every column qualified by `table` (or left bare when `table` is `nil`).
    static func resolve(_ sql: String, table: String?) -> String {
        guard sql.contains(qualifierMark) else { return sql }
        return sql.replacingOccurrences(of: qualifierMark, with: table.map { identifier($0) + "." } ?? "")
    }

    /// `"name"`, with inner quotes doubled.
    static func identifier(_ name: String) -> String {
        // The usual name has no quote: skip Foundation's (slow) replacement.
        guard name.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + name + "\"" }
        return "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

// MARK: Operators

private func binary(_ lhs: SQLExpression, _ op: String, _ rhs: SQLExpression) -> SQLExpression {
    SQLExpression(sql: "(\(lhs.sql) \(op) \(rhs.sql))", arguments: lhs.arguments + rhs.arguments)
}

private func orNull(_ value: (any SQLExpressible)?) -> SQLExpression {
    value?.sqlExpression ?? SQLExpression(sql: "NULL")
}

/// `=`, or `IS NULL` when one side is `nil`.
private func equal(_ lhs: SQLExpression, _ rhs: SQLExpression) -> SQLExpression {
    if rhs.sql == "NULL" { return SQLExpression(sql: "(\(lhs.sql) IS NULL)", arguments: lhs.arguments) }
    if lhs.sql == "NULL" { return SQLExpression(sql: "(\(rhs.sql) IS NULL)", arguments: rhs.arguments) }
    return binary(lhs, "=", rhs)
}

private func notEqual(_ lhs: SQLExpression, _ rhs: SQLExpression) -> SQLExpression {
    if rhs.sql == "NULL" { return SQLExpression(sql: "(\(lhs.sql) IS NOT NULL)", arguments: lhs.arguments) }
    if lhs.sql == "NULL" { return SQLExpression(sql: "(\(rhs.sql) IS NOT NULL)", arguments: rhs.arguments) }
    return binary(lhs, "<>", rhs)
}

extension SQLSpecificExpressible {
    /// `lhs = rhs`, or `lhs IS NULL` when `rhs` is `nil` (or NULL).
    public static func == (lhs: Self, rhs: (any SQLExpressible)?) -> SQLExpression { equal(lhs.sqlExpression, orNull(rhs)) }
    /// `lhs <> rhs`, or `lhs IS NOT NULL` when `rhs` is `nil` (or NULL).
    public static func != (lhs: Self, rhs: (any SQLExpressible)?) -> SQLExpression { notEqual(lhs.sqlExpression, orNull(rhs)) }
    /// `lhs < rhs`.
    public static func < (lhs: Self, rhs: any SQLExpressible) -> SQLExpression { binary(lhs.sqlExpression, "<", rhs.sqlExpression) }
    /// `lhs <= rhs`.
    public static func <= (lhs: Self, rhs: any SQLExpressible) -> SQLExpression { binary(lhs.sqlExpression, "<=", rhs.sqlExpression) }
    /// `lhs > rhs`.
    public static func > (lhs: Self, rhs: any SQLExpressible) -> SQLExpression { binary(lhs.sqlExpression, ">", rhs.sqlExpression) }
    /// `lhs >= rhs`.
    public static func >= (lhs: Self, rhs: any SQLExpressible) -> SQLExpression { binary(lhs.sqlExpression, ">=", rhs.sqlExpression) }
    /// `lhs + rhs`: SQL addition (NULL when either side is NULL).
    public static func + (lhs: Self, rhs: any SQLExpressible) -> SQLExpression { binary(lhs.sqlExpression, "+", rhs.sqlExpression) }
    /// `lhs - rhs`: SQL subtraction (NULL when either side is NULL).
    public static func - (lhs: Self, rhs: any SQLExpressible) -> SQLExpression { binary(lhs.sqlExpression, "-", rhs.sqlExpression) }
    /// `lhs * rhs`: SQL multiplication (NULL when either side is NULL).
    public static func * (lhs: Self, rhs: any SQLExpressible) -> SQLExpression { binary(lhs.sqlExpression, "*", rhs.sqlExpression) }
    /// `lhs / rhs`: SQL division, an integer division when both sides are integers (NULL when dividing by zero).
    public static func / (lhs: Self, rhs: any SQLExpressible) -> SQLExpression { binary(lhs.sqlExpression, "/", rhs.sqlExpression) }
    /// `lhs AND rhs`: both conditions hold.
    public static func && (lhs: Self, rhs: any SQLExpressible) -> SQLExpression { binary(lhs.sqlExpression, "AND", rhs.sqlExpression) }
    /// `lhs OR rhs`: at least one condition holds.
    public static func || (lhs: Self, rhs: any SQLExpressible) -> SQLExpression { binary(lhs.sqlExpression, "OR", rhs.sqlExpression) }
    /// `NOT operand`: the condition does not hold (NULL stays NULL).
    public static prefix func ! (operand: Self) -> SQLExpression {
        SQLExpression(sql: "(NOT \(operand.sqlExpression.sql))", arguments: operand.sqlExpression.arguments)
    }

    /// `expression LIKE pattern`.
    public func like(_ pattern: some SQLExpressible) -> SQLExpression { binary(sqlExpression, "LIKE", pattern.sqlExpression) }
    /// `expression BETWEEN low AND high` for a closed range.
    public func between<V: SQLExpressible>(_ range: ClosedRange<V>) -> SQLExpression {
        let low = range.lowerBound.sqlExpression, high = range.upperBound.sqlExpression
        return SQLExpression(
            sql: "(\(sqlExpression.sql) BETWEEN \(low.sql) AND \(high.sql))",
            arguments: sqlExpression.arguments + low.arguments + high.arguments)
    }
    /// `expression COLLATE NOCASE` (or another collation).
    public func collating(_ collation: Database.CollationName) -> SQLExpression {
        SQLExpression(sql: "(\(sqlExpression.sql) COLLATE \(collation.rawValue))", arguments: sqlExpression.arguments)
    }
}

/// The value on the left: `1000 < Column("score")`.
public func == (lhs: (any SQLExpressible)?, rhs: some SQLSpecificExpressible) -> SQLExpression { equal(orNull(lhs), rhs.sqlExpression) }
/// `lhs <> rhs` with the value on the left, or `rhs IS NOT NULL` when `lhs` is `nil` (or NULL).
public func != (lhs: (any SQLExpressible)?, rhs: some SQLSpecificExpressible) -> SQLExpression { notEqual(orNull(lhs), rhs.sqlExpression) }
/// `lhs < rhs` with the value on the left.
public func < (lhs: any SQLExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression { binary(lhs.sqlExpression, "<", rhs.sqlExpression) }
/// `lhs <= rhs` with the value on the left.
public func <= (lhs: any SQLExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression { binary(lhs.sqlExpression, "<=", rhs.sqlExpression) }
/// `lhs > rhs` with the value on the left.
public func > (lhs: any SQLExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression { binary(lhs.sqlExpression, ">", rhs.sqlExpression) }
/// `lhs >= rhs` with the value on the left.
public func >= (lhs: any SQLExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression { binary(lhs.sqlExpression, ">=", rhs.sqlExpression) }

extension Sequence where Element: SQLExpressible {
    /// `expression IN (values)`: `[1, 2, 3].contains(Column("id"))`.
    public func contains(_ expression: some SQLSpecificExpressible) -> SQLExpression {
        let values = map(\.sqlExpression)
        guard !values.isEmpty else { return SQLExpression(sql: "0") }
        return SQLExpression(
            sql: "(\(expression.sqlExpression.sql) IN (\(values.map(\.sql).joined(separator: ", "))))",
            arguments: expression.sqlExpression.arguments + values.flatMap(\.arguments))
    }
}

// MARK: Aggregates

/// `count(expression)`.
public func count(_ expression: some SQLSpecificExpressible) -> SQLExpression { function("count", expression) }
/// `count(DISTINCT expression)`.
public func count(distinct expression: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(sql: "count(DISTINCT \(expression.sqlExpression.sql))", arguments: expression.sqlExpression.arguments)
}
/// `sum(expression)`.
public func sum(_ expression: some SQLSpecificExpressible) -> SQLExpression { function("sum", expression) }
/// `total(expression)`.
public func total(_ expression: some SQLSpecificExpressible) -> SQLExpression { function("total", expression) }
/// `avg(expression)`.
public func average(_ expression: some SQLSpecificExpressible) -> SQLExpression { function("avg", expression) }
/// `min(expression)`.
public func min(_ expression: some SQLSpecificExpressible) -> SQLExpression { function("min", expression) }
/// `max(expression)`.
public func max(_ expression: some SQLSpecificExpressible) -> SQLExpression { function("max", expression) }
/// `length(expression)`.
public func length(_ expression: some SQLSpecificExpressible) -> SQLExpression { function("length", expression) }

private func function(_ name: String, _ expression: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(sql: "\(name)(\(expression.sqlExpression.sql))", arguments: expression.sqlExpression.arguments)
}

extension SQLSpecificExpressible {
    /// `expression AS name`, for a selection read back by name.
    public func forKey(_ key: String) -> SQLExpression {
        SQLExpression(sql: "\(sqlExpression.sql) AS \(SQLQuoting.identifier(key))", arguments: sqlExpression.arguments)
    }
}

extension Database {
    /// A collation name for ``SQLSpecificExpressible/collating(_:)``.
    public struct CollationName: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// `BINARY`: compares bytes (`memcmp`), so case and accents matter. SQLite's default.
        public static let binary = CollationName(rawValue: "BINARY")
        /// `NOCASE`: ignores the case of ASCII letters only (`a` equals `A`, but `é` does not equal `É`).
        public static let nocase = CollationName(rawValue: "NOCASE")
        /// `RTRIM`: as `BINARY`, but ignores trailing spaces.
        public static let rtrim = CollationName(rawValue: "RTRIM")
    }
}

// MARK: Orderings and selections

/// A term of ORDER BY: an expression, ascending unless it says `DESC`.
public protocol SQLOrderingTerm {
    /// The term as an ORDER BY term, with its direction.
    var sqlOrdering: SQLOrdering { get }
}

/// One ORDER BY term.
public struct SQLOrdering: SQLOrderingTerm, Sendable {
    let sql: String
    let arguments: [SQLiteValue]
    /// The term itself.
    public var sqlOrdering: SQLOrdering { self }
}

/// A term of a SELECT list: an expression or ``AllColumns``.
public protocol SQLSelectable {
    /// The term as SQL for the SELECT list.
    var sqlSelection: SQLExpression { get }
}

/// `*`: every column of the table.
public struct AllColumns: SQLSelectable, Sendable {
    /// Every column of the table (`*`), as in GRDB's `AllColumns()`.
    public init() {}
    /// `*`. A request that joins other tables qualifies it with its own table (`"player".*`).
    public var sqlSelection: SQLExpression { SQLExpression(sql: "*") }
}
