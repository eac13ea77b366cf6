import SQLiteEngine

// Raw SQL on a connection. Values are always bound to `?` (or `:name`) placeholders, never written into the text.

extension Connection {
    /// Runs a script of one or more statements (no values can be bound), discarding their rows.
    public func execute(_ sql: String) throws(LegacyError) {
        try lockedCall { () throws(SQLiteError) in try engine.execute(sql) }
    }

    /// Compiles one statement and binds the values, if any.
    public func prepare(_ sql: String, _ values: (any Value)?...) throws(LegacyError) -> Statement {
        try prepare(sql, values)
    }

    /// ``prepare(_:_:)-(String,(any Value)?...)`` with the values in an array.
    public func prepare(_ sql: String, _ values: [(any Value)?]) throws(LegacyError) -> Statement {
        try lock.sync { () throws(LegacyError) in
            let handle = try sqliteCall { () throws(SQLiteError) in try engine.prepare(engine.driverSQL(sql)) }
            let statement = Statement(handle: handle, connection: self)
            if !values.isEmpty { try statement.bind(values) }
            return statement
        }
    }

    /// Runs one statement with the values bound, discarding its rows.
    @discardableResult
    public func run(_ sql: String, _ values: (any Value)?...) throws(LegacyError) -> Statement {
        try prepare(sql).run(values)
    }

    /// ``run(_:_:)-(String,(any Value)?...)`` with the values in an array.
    @discardableResult
    public func run(_ sql: String, _ values: [(any Value)?]) throws(LegacyError) -> Statement {
        try prepare(sql).run(values)
    }

    /// Runs one statement with named values.
    @discardableResult
    public func run(_ sql: String, _ values: [String: (any Value)?]) throws(LegacyError) -> Statement {
        try prepare(sql).run(values)
    }

    /// The first column of the first row of one statement as SQLite.swift returns it (`Int64`, `Double`,
    /// `String`, ``Blob``); `nil` for NULL or no row. Read it with `as? Int64`: SQLite.swift code that writes
    /// `as! Int64` traps on a NULL or another type, as it would on SQLite.swift.
    public func scalar(_ sql: String, _ values: (any Value)?...) throws(LegacyError) -> Binding? {
        try prepare(sql).scalar(values)
    }

    /// ``scalar(_:_:)-(String,(any Value)?...)`` with the values in an array.
    public func scalar(_ sql: String, _ values: [(any Value)?]) throws(LegacyError) -> Binding? {
        try prepare(sql).scalar(values)
    }
}
