import SQLiteEngine

/// Decodes a `Decodable` record from a row: coding keys are matched to column names (case-insensitively).
///
/// Columns are read through ``DatabaseValueConvertible`` when the property's type conforms (all integer types,
/// `Double`, `Float`, `String`, `Bool`, `Data`...); other `Decodable` types (such as a `String`-backed enum) decode
/// from the single value of their column.
struct RowDecoder: Decoder {
    let row: Row
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(row: Row, codingPath: [any CodingKey] = []) {
        self.row = row
        self.codingPath = codingPath
        row.beginKeyLookups()
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowKeyedContainer<Key>(row: row, codingPath: codingPath))
    }

    /// A record from a row: through ``FetchableRecord/init(row:)`` when the type has one, else `Decodable`.
    static func record<T: Decodable>(_ type: T.Type, from row: Row, codingPath: [any CodingKey]) throws -> T {
        if let recordType = type as? any FetchableRecord.Type, let record = try recordType.init(row: row) as? T {
            return record
        }
        return try T(from: RowDecoder(row: row, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        RowUnkeyedContainer(row: row, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ColumnDecoder(row: row, column: 0, codingPath: codingPath)
    }
}

private struct RowKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let row: Row
    let codingPath: [any CodingKey]

    var allKeys: [Key] { row.columnNames.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool {
        if row.hasAssociations, row.scope(key.stringValue) != nil || row.prefetchedRows(key.stringValue) != nil {
            return true
        }
        return row.indexForNextKey(key.stringValue) != nil
    }

    /// A record, or a list of records, from the associated rows under `key`; `nil` when the key is a column.
    private func associated<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard row.hasAssociations else { return nil }
        let name = key.stringValue
        if let scope = row.scope(name) {
            guard let scope else {
                throw DecodingError.valueNotFound(
                    type, .init(codingPath: codingPath + [key], debugDescription: "no associated row for \(name)"))
            }
            return try RowDecoder.record(type, from: scope, codingPath: codingPath + [key])
        }
        if let rows = row.prefetchedRows(name), let list = type as? any PrefetchedRowsDecodable.Type {
            return try list.decode(prefetched: rows) as? T
        }
        // A record property with no column of its name decodes from the base row (`var book: Book` beside
        // `var author: Author` in a record of `Book.including(required: Book.author)`).
        if row.index(ofColumn: name) == nil, !(type is any DatabaseValueConvertible.Type) {
            return try RowDecoder.record(type, from: row, codingPath: codingPath + [key])
        }
        return nil
    }

    private func column(_ key: Key) throws -> Int {
        guard let index = row.indexForNextKey(key.stringValue) else {
            throw DatabaseError(
                kind: .columnNotFound, extendedResultCode: .SQLITE_RANGE,
                message: "no column named \(key.stringValue) for a property of the record; the row has "
                    + "\(row.columnNames)")
        }
        return index
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if row.hasAssociations {
            if let scope = row.scope(key.stringValue) { return scope == nil }
            if row.prefetchedRows(key.stringValue) != nil { return false }
        }
        return try row.isNull(at: column(key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if let value = try associated(type, forKey: key) { return value }
        return try ColumnDecoder(row: row, column: column(key), codingPath: codingPath + [key]).decode(type)
    }

    // The common column types, read directly (no dynamic cast, no nested decoder).
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try row.decode(atIndex: column(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try row.decode(atIndex: column(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try row.decode(atIndex: column(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try row.decode(atIndex: column(key)) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try row.decode(atIndex: column(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try ColumnDecoder(row: row, column: column(key), codingPath: codingPath).decode(type)
    }

    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optional(key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(key) }

    /// A missing column or NULL gives `nil`.
    private func optional<V: DatabaseValueConvertible>(_ key: Key) throws -> V? {
        guard let index = row.indexForNextKey(key.stringValue) else { return nil }
        return try row.decode(V?.self, atIndex: index)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(
            type, .init(codingPath: codingPath + [key], debugDescription: "a column holds one value, not a record"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, .init(codingPath: codingPath + [key], debugDescription: "a column holds one value, not a list"))
    }

    func superDecoder() throws -> any Decoder { RowDecoder(row: row, codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder { RowDecoder(row: row, codingPath: codingPath + [key]) }
}

/// Reads the columns in order.
private struct RowUnkeyedContainer: UnkeyedDecodingContainer {
    let row: Row
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(row: Row, codingPath: [any CodingKey]) {
        self.row = row
        self.codingPath = codingPath
    }

    var count: Int? { row.count }
    var isAtEnd: Bool { currentIndex >= row.count }

    mutating func decodeNil() throws -> Bool {
        let isNull = try row.isNull(at: currentIndex)
        if isNull { currentIndex += 1 }
        return isNull
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        defer { currentIndex += 1 }
        return try ColumnDecoder(row: row, column: currentIndex, codingPath: codingPath).decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "columns are flat"))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "columns are flat"))
    }

    mutating func superDecoder() throws -> any Decoder { RowDecoder(row: row, codingPath: codingPath) }
}

/// Decodes one column as a single value.
private struct ColumnDecoder: Decoder, SingleValueDecodingContainer {
    let row: Row
    let column: Int
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "a column is one value"))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "a column is one value"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { (try? row.isNull(at: column)) ?? true }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let convertible = type as? any DatabaseValueConvertible.Type, let value = try read(convertible) as? T {
            return value
        }
        return try T(from: self)
    }

    private func read<V: DatabaseValueConvertible>(_ type: V.Type) throws -> V { try row.decode(atIndex: column) }

    func decode(_ type: Bool.Type) throws -> Bool { try row.decode(atIndex: column) }
    func decode(_ type: String.Type) throws -> String { try row.decode(atIndex: column) }
    func decode(_ type: Double.Type) throws -> Double { try row.decode(atIndex: column) }
    func decode(_ type: Float.Type) throws -> Float { Float(try row.decode(Double.self, atIndex: column)) }
    func decode(_ type: Int.Type) throws -> Int { try row.decode(atIndex: column) }
    func decode(_ type: Int8.Type) throws -> Int8 { try narrow(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try narrow(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try narrow(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try row.decode(atIndex: column) }
    func decode(_ type: UInt.Type) throws -> UInt { try narrow(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try narrow(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try narrow(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try narrow(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try narrow(type) }

    /// An integer type narrower than Int64 (or unsigned): the value must fit.
    private func narrow<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        let value: Int64 = try row.decode(atIndex: column)
        guard let narrowed = I(exactly: value) else {
            throw DatabaseError(
                kind: .valueConversion, extendedResultCode: .SQLITE_MISMATCH,
                message: "column \(column) holds an integer out of the range of \(I.self)")
        }
        return narrowed
    }
}

/// A list decoded from the rows of a to-many association (`including(all:)`).
protocol PrefetchedRowsDecodable {
    static func decode(prefetched rows: [Row]) throws -> Self
}

extension Array: PrefetchedRowsDecodable where Element: Decodable {
    static func decode(prefetched rows: [Row]) throws -> [Element] {
        try rows.map { try RowDecoder.record(Element.self, from: $0, codingPath: []) }
    }
}

extension Set: PrefetchedRowsDecodable where Element: Decodable {
    static func decode(prefetched rows: [Row]) throws -> Set<Element> {
        Set(try rows.map { try RowDecoder.record(Element.self, from: $0, codingPath: []) })
    }
}
