import SQLiteEngine

/// SQL written with Swift string interpolation, as GRDB's `SQL`: interpolated values become `?` arguments (never
/// text in the SQL), columns and expressions become their SQL, a record type becomes its quoted table name, and a
/// collection becomes `(?, ?, ...)`.
///
/// ```swift
/// try db.execute(literal: "UPDATE player SET score = \(score) WHERE name = \(name)")
/// ```
public struct SQL: Sendable, ExpressibleByStringInterpolation, SQLSpecificExpressible {
    public private(set) var sql: String
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

    public init(stringLiteral value: String) { self.init(sql: value) }

    public init(stringInterpolation: StringInterpolation) {
        sql = stringInterpolation.sql
        arguments = stringInterpolation.arguments
    }

    public var sqlExpression: SQLExpression { SQLExpression(sql: "(\(sql))", arguments: arguments) }

    /// Appends another literal.
    public static func + (lhs: SQL, rhs: SQL) -> SQL {
        var result = lhs
        result.sql += rhs.sql
        result.arguments += rhs.arguments
        return result
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var sql = ""
        var arguments: [SQLiteValue] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            sql.reserveCapacity(literalCapacity + interpolationCount)
        }

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
    public let sql: String
    public let arguments: StatementArguments

    public init(sql: String, arguments: StatementArguments = []) {
        self.sql = sql
        self.arguments = arguments
    }

    public init(literal: SQL) {
        self.init(sql: literal.sql, arguments: StatementArguments(literal.arguments))
    }

    public init(stringLiteral value: String) { self.init(sql: value) }

    public init(stringInterpolation: SQL.StringInterpolation) { self.init(literal: SQL(stringInterpolation: stringInterpolation)) }

    /// How many rows the request gives.
    public func fetchCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM (\(sql))", arguments: arguments) ?? 0
    }
}

extension SQLRequest where RowDecoder: FetchableRecord {
    public func fetchAll(_ db: Database) throws -> [RowDecoder] { try RowDecoder.fetchAll(db, sql: sql, arguments: arguments) }
    public func fetchOne(_ db: Database) throws -> RowDecoder? { try RowDecoder.fetchOne(db, sql: sql, arguments: arguments) }
    public func fetchCursor(_ db: Database) throws -> RecordCursor<RowDecoder> {
        try RowDecoder.fetchCursor(db, sql: sql, arguments: arguments)
    }
}

extension SQLRequest where RowDecoder: FetchableRecord & Hashable {
    public func fetchSet(_ db: Database) throws -> Set<RowDecoder> { Set(try fetchAll(db)) }
}

extension SQLRequest where RowDecoder: DatabaseValueConvertible {
    public func fetchAll(_ db: Database) throws -> [RowDecoder] { try RowDecoder.fetchAll(db, sql: sql, arguments: arguments) }
    public func fetchOne(_ db: Database) throws -> RowDecoder? { try RowDecoder.fetchOne(db, sql: sql, arguments: arguments) }
}

extension SQLRequest where RowDecoder: DatabaseValueConvertible & Hashable {
    public func fetchSet(_ db: Database) throws -> Set<RowDecoder> { Set(try fetchAll(db)) }
}

extension SQLRequest where RowDecoder == Row {
    public func fetchAll(_ db: Database) throws -> [Row] { try Row.fetchAll(db, sql: sql, arguments: arguments) }
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
