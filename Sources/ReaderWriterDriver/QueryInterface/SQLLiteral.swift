import SQLiteEngine

/// SQL written with Swift string interpolation, as GRDB's `SQL`: interpolated values become `?` arguments (never
/// text in the SQL), columns and expressions become their SQL, a record type becomes its quoted table name, and a
/// collection becomes `(?, ?, ...)`.
///
/// ```swift
/// try db.execute(literal: "UPDATE player SET score = \(score) WHERE name = \(name)")
/// ```
public struct SQL: Sendable, ExpressibleByStringInterpolation, SQLSpecificExpressible {
    /// The SQL text, with a `?` placeholder for each interpolated value.
    public private(set) var sql: String
    /// The values of the `?` placeholders in ``sql``, in order.
    public private(set) var arguments: [SQLiteValue]

    /// Raw SQL and its arguments.
    public init(sql: String, arguments: StatementArguments = []) {
        self.sql = sql
        self.arguments = arguments.values
    }

    /// An expression as SQL.
    public init(_ expression: some SQLExpressible) {
        let expression = expression.sqlExpression
        self.sql = SQLQuoting.resolve(expression.sql, table: nil)
        self.arguments = expression.arguments
    }

    /// A literal without interpolation: raw SQL and no arguments.
    public init(stringLiteral value: String) { self.init(sql: value) }

    /// The literal a string interpolation built (`"... \(value) ..."`): the compiler calls it.
    public init(stringInterpolation: StringInterpolation) {
        sql = stringInterpolation.sql
        arguments = stringInterpolation.arguments
    }

    /// The literal as an expression, in parentheses, so it can stand inside a larger one:
    /// `Column("score") > SQL("2 * bonus")`.
    public var sqlExpression: SQLExpression { SQLExpression(sql: "(\(sql))", arguments: arguments) }

    /// Appends another literal.
    public static func + (lhs: SQL, rhs: SQL) -> SQL {
        var result = lhs
        result.sql += rhs.sql
        result.arguments += rhs.arguments
        return result
    }

    /// Builds an ``SQL`` literal from a string interpolation: literal text is kept as SQL, each `appendInterpolation`
    /// overload says what an interpolated value becomes. The compiler uses it; you do not create one yourself.
    public struct StringInterpolation: StringInterpolationProtocol {
        var sql = ""
        var arguments: [SQLiteValue] = []

        /// An empty interpolation with room for the expected text (the compiler calls it).
        public init(literalCapacity: Int, interpolationCount: Int) {
            sql.reserveCapacity(literalCapacity + interpolationCount)
        }

        /// Appends a literal segment of the string as SQL text, unchanged.
        public mutating func appendLiteral(_ literal: String) { sql += literal }

        /// A value, as an argument (`NULL` for `nil`).
        public mutating func appendInterpolation(_ value: (some DatabaseValueConvertible)?) {
            guard let value else { sql += "NULL"; return }
            sql += "?"
            arguments.append(value.databaseValue)
        }

        /// A column or an expression, as SQL.
        public mutating func appendInterpolation(_ expression: some SQLSpecificExpressible) {
            let expression = expression.sqlExpression
            sql += SQLQuoting.resolve(expression.sql, table: nil)
            arguments += expression.arguments
        }

        /// A record type, as its quoted table name.
        public mutating func appendInterpolation(_ table: (some TableRecord).Type) {
            sql += SQLQuoting.identifier(table.databaseTableName)
        }

        /// Raw SQL text (not escaped: never put user input here), with its arguments.
        public mutating func appendInterpolation(sql: String, arguments: StatementArguments = []) {
            self.sql += sql
            self.arguments += arguments.values
        }

        /// Another literal.
        public mutating func appendInterpolation(literal: SQL) {
            sql += literal.sql
            arguments += literal.arguments
        }

        /// A list of values, as `(?, ?, ...)` for `IN`.
        public mutating func appendInterpolation<S: Sequence>(_ values: S) where S.Element: DatabaseValueConvertible {
            let list = values.map(\.databaseValue)
            sql += "(" + Array(repeating: "?", count: list.count).joined(separator: ", ") + ")"
            arguments += list
        }
    }
}

extension Database {
    /// Runs SQL written with interpolation (see ``SQL``).
    public func execute(literal: SQL) throws {
        try execute(sql: literal.sql, arguments: StatementArguments(literal.arguments))
    }
}

extension QueryInterfaceRequest {
    /// Only the rows that also satisfy an SQL condition written with interpolation.
    public func filter(literal: SQL) -> Self { filter(literal.sqlExpression) }
    /// The rows sorted by SQL written with interpolation.
    public func order(literal: SQL) -> Self {
        var request = self
        request.orderings = [SQLOrdering(sql: literal.sql, arguments: literal.arguments)]
        return request
    }
}

extension TableRecord {
    /// The rows that satisfy an SQL condition written with interpolation.
    public static func filter(literal: SQL) -> QueryInterfaceRequest<Self> { all().filter(literal: literal) }
}

/// A request from SQL, as GRDB's `SQLRequest`: `SQLRequest<Player>("SELECT * FROM player WHERE id = \(id)")`.
public struct SQLRequest<RowDecoder>: Sendable, ExpressibleByStringInterpolation {
    /// The SQL of the request, with its `?` or named placeholders.
    public let sql: String
    /// The values bound to the placeholders of ``sql``.
    public let arguments: StatementArguments

    /// A request from raw SQL and its arguments.
    public init(sql: String, arguments: StatementArguments = []) {
        self.sql = sql
        self.arguments = arguments
    }

    /// A request from an ``SQL`` literal: its text and its arguments.
    public init(literal: SQL) {
        self.init(sql: literal.sql, arguments: StatementArguments(literal.arguments))
    }

    /// A request from a string literal without interpolation: raw SQL, no arguments.
    public init(stringLiteral value: String) { self.init(sql: value) }

    /// A request from a string interpolation, as ``SQL`` builds it: interpolated values become arguments
    /// (`SQLRequest<Player>("SELECT * FROM player WHERE id = \(id)")`).
    public init(stringInterpolation: SQL.StringInterpolation) { self.init(literal: SQL(stringInterpolation: stringInterpolation)) }

    /// How many rows the request gives.
    public func fetchCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM (\(sql))", arguments: arguments) ?? 0
    }
}

extension SQLRequest where RowDecoder: FetchableRecord {
    /// Every record the request's rows decode into, in order.
    public func fetchAll(_ db: Database) throws -> [RowDecoder] { try RowDecoder.fetchAll(db, sql: sql, arguments: arguments) }
    /// The record of the first row, or `nil` when the request gives no row.
    public func fetchOne(_ db: Database) throws -> RowDecoder? { try RowDecoder.fetchOne(db, sql: sql, arguments: arguments) }
    /// A cursor of the records, built one row at a time as it is read (valid only inside the access).
    public func fetchCursor(_ db: Database) throws -> RecordCursor<RowDecoder> {
        try RowDecoder.fetchCursor(db, sql: sql, arguments: arguments)
    }
}

extension SQLRequest where RowDecoder: FetchableRecord & Hashable {
    /// The distinct records of the request, as a set.
    public func fetchSet(_ db: Database) throws -> Set<RowDecoder> { Set(try fetchAll(db)) }
}

extension SQLRequest where RowDecoder: DatabaseValueConvertible {
    /// The first column of every row, decoded as `RowDecoder`.
    public func fetchAll(_ db: Database) throws -> [RowDecoder] { try RowDecoder.fetchAll(db, sql: sql, arguments: arguments) }
    /// The first column of the first row, or `nil` when the request gives no row (or that column is NULL).
    public func fetchOne(_ db: Database) throws -> RowDecoder? { try RowDecoder.fetchOne(db, sql: sql, arguments: arguments) }
}

extension SQLRequest where RowDecoder: DatabaseValueConvertible & Hashable {
    /// The distinct values of the first column, as a set.
    public func fetchSet(_ db: Database) throws -> Set<RowDecoder> { Set(try fetchAll(db)) }
}

extension SQLRequest where RowDecoder == Row {
    /// Every row of the request, copied (each stays valid after the access).
    public func fetchAll(_ db: Database) throws -> [Row] { try Row.fetchAll(db, sql: sql, arguments: arguments) }
    /// The first row of the request, copied, or `nil` when there is none.
    public func fetchOne(_ db: Database) throws -> Row? { try Row.fetchOne(db, sql: sql, arguments: arguments) }
}

extension FetchableRecord {
    /// Every record of a request from SQL.
    public static func fetchAll(_ db: Database, _ request: SQLRequest<Self>) throws -> [Self] { try request.fetchAll(db) }
    /// The first record of a request from SQL.
    public static func fetchOne(_ db: Database, _ request: SQLRequest<Self>) throws -> Self? { try request.fetchOne(db) }
}

extension Row {
    /// Every row of SQL written with interpolation.
    public static func fetchAll(_ db: Database, literal: SQL) throws -> [Row] {
        try fetchAll(db, sql: literal.sql, arguments: StatementArguments(literal.arguments))
    }
    /// The first row of SQL written with interpolation.
    public static func fetchOne(_ db: Database, literal: SQL) throws -> Row? {
        try fetchOne(db, sql: literal.sql, arguments: StatementArguments(literal.arguments))
    }
}

extension DatabaseValueConvertible {
    /// The first column of every row of SQL written with interpolation.
    public static func fetchAll(_ db: Database, literal: SQL) throws -> [Self] {
        try fetchAll(db, sql: literal.sql, arguments: StatementArguments(literal.arguments))
    }
    /// The first column of the first row of SQL written with interpolation.
    public static func fetchOne(_ db: Database, literal: SQL) throws -> Self? {
        try fetchOne(db, sql: literal.sql, arguments: StatementArguments(literal.arguments))
    }
}

extension FetchableRecord {
    /// Every record of SQL written with interpolation.
    public static func fetchAll(_ db: Database, literal: SQL) throws -> [Self] {
        try fetchAll(db, sql: literal.sql, arguments: StatementArguments(literal.arguments))
    }
}
