import SQLiteEngine

/// Values bound to a statement's parameters: positional (`?`, `?NNN`) or named (`:name`, `@name`, `$name`).
///
/// Values are always bound, never spliced into SQL text. Build them with an array literal (`[1, "x", nil]`) or a
/// dictionary literal (`["name": "x"]`).
public struct StatementArguments: Sendable, Equatable, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// Positional values, bound to parameters 1...n in order.
    public var values: [SQLiteValue]
    /// Named values; keys with or without their `:`, `@` or `$` prefix.
    public var namedValues: [String: SQLiteValue]

    /// Arguments from database values: positional ones, named ones, or both (an empty set by default).
    ///
    /// - Parameters:
    ///   - values: The values of the positional parameters (`?`, `?NNN`), in order.
    ///   - named: The values of the named parameters, by name with or without its `:`, `@` or `$` prefix.
    public init(_ values: [SQLiteValue] = [], named: [String: SQLiteValue] = [:]) {
        self.values = values
        self.namedValues = named
    }

    /// Positional arguments from Swift values, each bound as ``DatabaseValueConvertible/databaseValue`` says; `nil` is
    /// NULL.
    public init(_ values: [(any DatabaseValueConvertible)?]) {
        self.init(values.map { $0?.databaseValue ?? .null })
    }

    /// Positional arguments from an array literal: `[1, "x", nil]`.
    public init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        self.init(elements)
    }

    /// Named arguments from a dictionary literal: `["name": "x", "score": nil]`.
    public init(dictionaryLiteral elements: (String, (any DatabaseValueConvertible)?)...) {
        var named: [String: SQLiteValue] = [:]
        for (key, value) in elements { named[key] = value?.databaseValue ?? .null }
        self.init([], named: named)
    }

    /// Whether there is no value at all.
    public var isEmpty: Bool { values.isEmpty && namedValues.isEmpty }

    /// Every value, positional first, for error context.
    @usableFromInline
    var allValues: [SQLiteValue] {
        values + namedValues.keys.sorted().compactMap { namedValues[$0] }
    }

    /// Binds the values a statement needs and consumes them: positional values from `position` on, named values
    /// by name. Every parameter must get a value.
    func bind(to statement: EngineStatement, sql: String, position: inout Int) throws {
        let count = statement.parameterCount
        guard count > 0 else { return }
        if namedValues.isEmpty {
            // Positional values only: bind in parameter order (named parameters too), no name lookups.
            guard values.count - position >= Int(count) else {
                throw DatabaseError.invalidArguments(
                    "not enough arguments: the SQL has more parameters than the \(values.count) values given",
                    sql: sql, arguments: allValues)
            }
            for index in 1...count {
                do {
                    try statement.bind(values[position], at: index)
                } catch {
                    throw DatabaseError(error, arguments: allValues)
                }
                position += 1
            }
            return
        }
        for index in 1...count {
            let value: SQLiteValue
            if let name = statement.parameterName(index), let prefix = name.first, prefix != "?" {
                let bare = String(name.dropFirst())
                guard let named = namedValues[name] ?? namedValues[bare] else {
                    throw DatabaseError.invalidArguments(
                        "no value for parameter \(name)", sql: sql, arguments: allValues)
                }
                value = named
            } else {
                guard position < values.count else {
                    throw DatabaseError.invalidArguments(
                        "not enough arguments: the SQL has more parameters than the \(values.count) values given",
                        sql: sql, arguments: allValues)
                }
                value = values[position]
                position += 1
            }
            do { try statement.bind(value, at: index) } catch { throw DatabaseError(error, arguments: allValues) }
        }
    }
}
