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
        let decoder = RowDecoder(fields: FieldCursor(table: Self.tableName, columns: columns, values: storedValues))
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

/// The column values of one row and where the record's `init(from:)` is reading them.
///
/// A synthesized `Decodable` reads the fields in declaration order, which ``MMEXRecord`` makes the columns' order:
/// each field is looked for first where the previous one ended (one comparison of two short strings), and only
/// otherwise searched for. Nothing is built per row (no dictionary of fields), which on a large file is most of
/// what decoding a record cost.
private final class FieldCursor {
    let table: String
    let columns: [MMEXColumn]
    let values: [StoredValue]
    /// The position after the last field found.
    private var next = 0

    init(table: String, columns: [MMEXColumn], values: [StoredValue]) {
        self.table = table
        self.columns = columns
        self.values = values
    }

    /// The position of the column of field `name`, if the record has one.
    func position(of name: String) -> Int? {
        if next < columns.count, columns[next].field == name {
            next += 1
            return next - 1
        }
        // The same field asked again (`decodeIfPresent` asks whether it is NULL, then decodes it).
        if next > 0, columns[next - 1].field == name { return next - 1 }
        guard let found = columns.firstIndex(where: { $0.field == name }) else { return nil }
        next = found + 1
        return found
    }

    func column(of name: String) -> MMEXColumn? { position(of: name).map { columns[$0] } }

    /// The column and value of field `name`.
    func entry(_ name: String) throws(RecordMappingError) -> (MMEXColumn, StoredValue) {
        guard let position = position(of: name) else {
            throw RecordMappingError(table: table, column: nil, field: name, reason: .unmappedField)
        }
        return (columns[position], values[position])
    }

    /// Whether field `name` is absent or NULL (what `decodeIfPresent` returns `nil` for).
    func isAbsentOrNull(_ name: String) -> Bool {
        guard let position = position(of: name) else { return true }
        return values[position].isNull
    }

    /// Field `name`'s value as `T`. Here rather than in the container, which is generic over each record's coding
    /// keys: there every call asked the runtime for the container's type metadata.
    func convert<T: StoredValueConvertible>(_ type: T.Type, _ name: String) throws(RecordMappingError) -> T {
        let (column, value) = try entry(name)
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
}

/// Reads a record's fields from column values through its synthesized `Decodable` conformance.
private struct RowDecoder: Decoder {
    let fields: FieldCursor
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowDecodingContainer<Key>(fields: fields))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw RecordMappingError(table: fields.table, column: nil, field: nil, reason: .unsupportedType("unkeyed record"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw RecordMappingError(table: fields.table, column: nil, field: nil, reason: .unsupportedType("single-value record"))
    }
}

private struct RowDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: FieldCursor
    var table: String { fields.table }
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { fields.columns.compactMap { Key(stringValue: $0.field) } }

    func contains(_ key: Key) -> Bool { fields.position(of: key.stringValue) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try fields.entry(key.stringValue).1.isNull }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        // The model's own field types first, by identity (each `unsafeBitCast` is to the type just compared equal):
        // the dynamic cast below finds them too, at several times the cost, on every field of every row.
        let name = key.stringValue
        func known<Field: StoredValueConvertible>(_ field: Field.Type) throws(RecordMappingError) -> T {
            unsafeBitCast(try fields.convert(field, name), to: T.self)
        }
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Amount.self): return try known(Amount.self)
        case ObjectIdentifier(MMEXDate.self): return try known(MMEXDate.self)
        case ObjectIdentifier(TransactionCode.self): return try known(TransactionCode.self)
        case ObjectIdentifier(TransactionStatus.self): return try known(TransactionStatus.self)
        case ObjectIdentifier(AccountType.self): return try known(AccountType.self)
        case ObjectIdentifier(AccountStatus.self): return try known(AccountStatus.self)
        default: break
        }
        if let convertible = type as? any StoredValueConvertible.Type,
           let value = try fields.convert(convertible, name) as? T {
            return value
        }
        throw unsupported(T.self, key)
    }

    /// NULL (or a field the record has no column for) as `nil`, else the value: one lookup of the field, where the
    /// protocol's default asks for it three times.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        if fields.isAbsentOrNull(key.stringValue) { return nil }
        return try decode(type, forKey: key)
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        if fields.isAbsentOrNull(key.stringValue) { return nil }
        return try fields.convert(String.self, key.stringValue)
    }

    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        if fields.isAbsentOrNull(key.stringValue) { return nil }
        return try fields.convert(Int64.self, key.stringValue)
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String { try fields.convert(String.self, key.stringValue) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try fields.convert(Int64.self, key.stringValue) }
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
            table: table, column: fields.column(of: key.stringValue)?.name, field: key.stringValue,
            reason: .unsupportedType(String(describing: type))
        )
    }
}
