extension MMEXRecord {
    /// A record from one value per column, in ``columns`` order (as `SELECT <columnNames>` returns them).
    ///
    /// - Throws: ``RecordMappingError`` naming the column when a value is NULL in a NOT NULL column or has a storage
    ///   class the field cannot hold, or when the count is wrong.
    public init(storedValues: [StoredValue]) throws(RecordMappingError) {
        let columns = Self.columns
        guard storedValues.count == columns.count else {
            throw RecordMappingError(
                table: Self.tableName, column: nil, field: nil,
                reason: .valueCount(expected: columns.count, found: storedValues.count)
            )
        }
        var byField: [String: (MMEXColumn, StoredValue)] = [:]
        for (column, value) in zip(columns, storedValues) { byField[column.field] = (column, value) }
        let decoder = RowDecoder(table: Self.tableName, values: byField)
        do {
            self = try Self(from: decoder)
        } catch let error as RecordMappingError {
            throw error
        } catch {
            throw RecordMappingError(
                table: Self.tableName, column: nil, field: nil, reason: .unsupportedType(String(describing: error))
            )
        }
    }
}

/// Reads a record's fields from column values through its synthesized `Decodable` conformance.
private struct RowDecoder: Decoder {
    let table: String
    let values: [String: (MMEXColumn, StoredValue)]
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowDecodingContainer<Key>(table: table, values: values))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw RecordMappingError(table: table, column: nil, field: nil, reason: .unsupportedType("unkeyed record"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw RecordMappingError(table: table, column: nil, field: nil, reason: .unsupportedType("single-value record"))
    }
}

private struct RowDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let table: String
    let values: [String: (MMEXColumn, StoredValue)]
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { values.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }

    private func entry(_ key: Key) throws(RecordMappingError) -> (MMEXColumn, StoredValue) {
        guard let entry = values[key.stringValue] else {
            throw RecordMappingError(table: table, column: nil, field: key.stringValue, reason: .unmappedField)
        }
        return entry
    }

    func decodeNil(forKey key: Key) throws -> Bool { try entry(key).1.isNull }

    private func convert<T: StoredValueConvertible>(_ type: T.Type, _ key: Key) throws(RecordMappingError) -> T {
        let (column, value) = try entry(key)
        if value.isNull {
            throw RecordMappingError(table: table, column: column.name, field: column.field, reason: .nullInNotNullColumn)
        }
        guard let converted = T(storedValue: value) else {
            throw RecordMappingError(
                table: table, column: column.name, field: column.field,
                reason: .wrongStorage(expected: T.expectedStorage, found: value.typeName)
            )
        }
        return converted
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if let convertible = type as? any StoredValueConvertible.Type, let value = try convert(convertible, key) as? T {
            return value
        }
        throw unsupported(T.self, key)
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String { try convert(String.self, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try convert(Int64.self, key) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { throw unsupported(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { throw unsupported(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { throw unsupported(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { throw unsupported(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { throw unsupported(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { throw unsupported(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { throw unsupported(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { throw unsupported(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { throw unsupported(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { throw unsupported(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { throw unsupported(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { throw unsupported(type, key) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw unsupported(type, key)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw unsupported([Any].self, key)
    }

    func superDecoder() throws -> any Decoder {
        throw RecordMappingError(table: table, column: nil, field: nil, reason: .unsupportedType("superclass"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { throw unsupported(Any.self, key) }

    private func unsupported(_ type: Any.Type, _ key: Key) -> RecordMappingError {
        RecordMappingError(
            table: table, column: values[key.stringValue]?.0.name, field: key.stringValue,
            reason: .unsupportedType(String(describing: type))
        )
    }
}
