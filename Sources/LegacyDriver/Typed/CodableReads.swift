import SQLiteEngine
import Foundation

// Codable reads as SQLite.swift 0.15.3 makes them: each property of a keyed `Decodable` reads the column named by
// its key with `row.get`, Data, Date (``dateFormatter`` text) and UUID as their SQLite.swift values, any other
// nested value from its JSON text. A property that cannot be read throws, naming the column (the `LegacyError` of
// `row.get`, or a `DecodingError` whose coding path is the column's key).

extension Row {
    /// The row as a `Decodable` value, property by property from the columns of the same names:
    /// `let users: [User] = try db.prepare(users).map { try $0.decode() }`.
    ///
    /// - Throws: ``LegacyError`` naming the column when a non-optional property's column is missing, NULL or of
    ///   the wrong type; `DecodingError` naming it for a type SQLite.swift does not read (`Int8`, `UInt`, ...),
    ///   nested JSON that does not decode, or a shape it does not support (unkeyed or single-value containers).
    public func decode<V: Decodable>(userInfo: [CodingUserInfoKey: Any] = [:]) throws -> V {
        try V(from: decoder(userInfo: userInfo))
    }

    /// The `Decoder` ``decode(userInfo:)`` uses, for a type's own `init(from:)`.
    public func decoder(userInfo: [CodingUserInfoKey: Any] = [:]) -> any Decoder {
        RowDecoder(row: self, userInfo: userInfo)
    }
}

/// Reads a row's columns by coding key.
struct RowDecoder: Decoder {
    let row: Row
    let userInfo: [CodingUserInfoKey: Any]
    var codingPath: [any CodingKey] { [] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowContainer<Key>(row: row))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw unsupportedDecoding("an unkeyed container (a row is read by column name)")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw unsupportedDecoding("a single value container (a row is read by column name)")
    }
}

private func unsupportedDecoding(_ what: String, at path: [any CodingKey] = []) -> DecodingError {
    .dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: "decoding \(what) is not supported"))
}

/// The keyed container: a key is a column name.
struct RowContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let row: Row
    var codingPath: [any CodingKey] { [] }

    /// The column names the row has, unquoted.
    var allKeys: [Key] {
        row.columnNames.compactMap { name in
            let last = lastQuotedComponent(name).map(unquoted) ?? name
            return Key(stringValue: last)
        }
    }

    private func column<V>(_ key: Key) -> Expression<V> { Expression<V>(key.stringValue) }

    func contains(_ key: Key) -> Bool { row.hasValue(for: column(key) as Expression<Void>) }

    /// Whether the column is missing or NULL.
    func decodeNil(forKey key: Key) throws -> Bool {
        let expression: Expression<Void> = column(key)
        guard let index = try? row.storage.columns.index(of: expression.template, hash: expression.lookupHash) else {
            return true
        }
        return row.value(at: Int(index)) == .null
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try row.get(column(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try row.get(column(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try row.get(column(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try row.get(column(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try row.get(column(key)) as Double) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try row.get(column(key)) }

    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { throw refused(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { throw refused(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { throw refused(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { throw refused(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { throw refused(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { throw refused(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { throw refused(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { throw refused(type, key) }

    /// Data, Date and UUID as SQLite.swift stores them; anything else from the column's JSON text.
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard contains(key) else {
            throw LegacyError.noSuchColumn(name: quoteIdentifier(key.stringValue), columns: row.columnNames)
        }
        guard let value = try decodeIfPresent(type, forKey: key) else {
            throw LegacyError.unexpectedNull(column: quoteIdentifier(key.stringValue))
        }
        return value
    }

    /// `nil` when the column is missing or NULL. Unlike SQLite.swift (which answers `nil` for any failure, `try?`),
    /// a value that is there but cannot be read throws, naming the column.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard contains(key) else { return nil }
        switch type {
        case is Data.Type: return try row.get(column(key) as Expression<Data?>) as? T
        case is Date.Type: return try row.get(column(key) as Expression<Date?>) as? T
        case is UUID.Type: return try row.get(column(key) as Expression<UUID?>) as? T
        case is Bool.Type: return try row.get(column(key) as Expression<Bool?>) as? T
        case is Int.Type: return try row.get(column(key) as Expression<Int?>) as? T
        case is Int64.Type: return try row.get(column(key) as Expression<Int64?>) as? T
        case is Double.Type: return try row.get(column(key) as Expression<Double?>) as? T
        case is Float.Type: return try row.get(column(key) as Expression<Double?>).map(Float.init) as? T
        case is String.Type: return try row.get(column(key) as Expression<String?>) as? T
        default:
            guard let json = try row.get(column(key) as Expression<String?>) else { return nil }
            do {
                return try JSONDecoder().decode(type, from: Data(json.utf8))
            } catch {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: [key], debugDescription: "column \(key.stringValue) does not hold the JSON of a "
                        + "\(T.self): \(error)", underlyingError: error
                ))
            }
        }
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try present(key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try (present(key) as Double?).map(Float.init)
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(key) }

    private func present<V: Value>(_ key: Key) throws -> V? {
        guard contains(key) else { return nil }
        return try row.get(column(key) as Expression<V?>)
    }

    private func refused(_ type: Any.Type, _ key: Key) -> DecodingError {
        .typeMismatch(type, DecodingError.Context(
            codingPath: [key], debugDescription: "decoding \(type) (column \(key.stringValue)) is not supported, "
                + "as in SQLite.swift: read Int or Int64"
        ))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw unsupportedDecoding("a nested container (column \(key.stringValue))", at: [key])
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw unsupportedDecoding("a nested unkeyed container (column \(key.stringValue))", at: [key])
    }

    func superDecoder() throws -> any Decoder { throw unsupportedDecoding("a super decoder") }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        throw unsupportedDecoding("a super decoder (column \(key.stringValue))", at: [key])
    }
}

/// `"a""b"` as `a"b`.
private func unquoted(_ identifier: String) -> String {
    String(identifier.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
}
