extension MMEXRecord {
    /// One value per column, in ``columns`` order (as an `INSERT INTO t (<columnNames>)` binds them). A `nil` field
    /// is NULL.
    ///
    /// - Throws: ``RecordMappingError`` only for a model bug (a field without a column, an unsupported field type);
    ///   the model tests prove every record type maps.
    public func storedValues() throws(RecordMappingError) -> [StoredValue] {
        let storage = RowStorage(table: Self.tableName)
        do {
            try encode(to: RowEncoder(storage: storage))
        } catch let error as RecordMappingError {
            throw error
        } catch {
            throw RecordMappingError(
                table: Self.tableName, column: nil, field: nil, reason: .unsupportedType(String(describing: error))
            )
        }
        if let error = storage.error { throw error }
        let known = Set(Self.columns.map(\.field))
        if let stray = storage.values.keys.sorted().first(where: { !known.contains($0) }) {
            throw RecordMappingError(table: Self.tableName, column: nil, field: stray, reason: .unmappedField)
        }
        return Self.columns.map { storage.values[$0.field] ?? .null }
    }
}

/// The fields written so far, shared by the encoder and its container (a reference, because containers are values).
private final class RowStorage {
    let table: String
    var values: [String: StoredValue] = [:]
    var error: RecordMappingError?
    init(table: String) { self.table = table }
}

/// Writes a record's fields as column values through its synthesized `Encodable` conformance.
private struct RowEncoder: Encoder {
    let storage: RowStorage
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RowEncodingContainer<Key>(storage: storage))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        storage.error = RecordMappingError(
            table: storage.table, column: nil, field: nil, reason: .unsupportedType("unkeyed record")
        )
        return DiscardingUnkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        storage.error = RecordMappingError(
            table: storage.table, column: nil, field: nil, reason: .unsupportedType("single-value record")
        )
        return DiscardingSingleValueContainer()
    }
}

private struct RowEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let storage: RowStorage
    var codingPath: [any CodingKey] { [] }

    private func unsupported(_ type: Any.Type, _ key: Key) -> RecordMappingError {
        RecordMappingError(
            table: storage.table, column: nil, field: key.stringValue, reason: .unsupportedType(String(describing: type))
        )
    }

    mutating func encodeNil(forKey key: Key) throws { storage.values[key.stringValue] = .null }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        guard let convertible = value as? any StoredValueConvertible else { throw unsupported(T.self, key) }
        storage.values[key.stringValue] = convertible.storedValue
    }

    mutating func encode(_ value: String, forKey key: Key) throws { storage.values[key.stringValue] = .text(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { storage.values[key.stringValue] = .integer(value) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { throw unsupported(Bool.self, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { throw unsupported(Double.self, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { throw unsupported(Float.self, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { throw unsupported(Int.self, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { throw unsupported(Int8.self, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { throw unsupported(Int16.self, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { throw unsupported(Int32.self, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { throw unsupported(UInt.self, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { throw unsupported(UInt8.self, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { throw unsupported(UInt16.self, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { throw unsupported(UInt32.self, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { throw unsupported(UInt64.self, key) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        storage.error = unsupported(keyType, key)
        return KeyedEncodingContainer(RowEncodingContainer<NestedKey>(storage: RowStorage(table: storage.table)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        storage.error = unsupported([Any].self, key)
        return DiscardingUnkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        storage.error = RecordMappingError(
            table: storage.table, column: nil, field: nil, reason: .unsupportedType("superclass")
        )
        return RowEncoder(storage: RowStorage(table: storage.table))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        storage.error = unsupported(Any.self, key)
        return RowEncoder(storage: RowStorage(table: storage.table))
    }
}

/// Swallows values after a mapping error has been recorded.
private struct DiscardingUnkeyedContainer: UnkeyedEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }
    mutating func encodeNil() throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {}
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RowEncodingContainer<NestedKey>(storage: RowStorage(table: "")))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { DiscardingUnkeyedContainer() }
    mutating func superEncoder() -> any Encoder { RowEncoder(storage: RowStorage(table: "")) }
}

/// Swallows a value after a mapping error has been recorded.
private struct DiscardingSingleValueContainer: SingleValueEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil() throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {}
}
