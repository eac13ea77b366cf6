import Foundation
import SQLiteEngine

/// A type that writes itself into a table row: its columns and values, in order.
///
/// An `Encodable` type gets ``encode(to:)-(PersistenceContainer)`` for free (coding keys are column names, values
/// are stored as ``DatabaseValueConvertible`` stores them: a `Date` as GRDB's text, a `UUID` as a 16-byte blob...).
/// Write it by hand for the fastest inserts: `container["name"] = name`.
public protocol EncodableRecord {
    /// Puts the record's columns and values into `container`.
    func encode(to container: inout PersistenceContainer) throws
}

extension EncodableRecord where Self: Encodable {
    public func encode(to container: inout PersistenceContainer) throws {
        let encoder = RecordEncoder()
        try encode(to: encoder)
        container = encoder.storage.container
    }
}

extension EncodableRecord {
    /// The record's columns and values, by column name.
    public var databaseDictionary: [String: DatabaseValue] {
        get throws {
            var container = PersistenceContainer()
            try encode(to: &container)
            return Dictionary(container.storage.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
        }
    }
}

/// The columns and values of a record, in the order they were set (as GRDB's `PersistenceContainer`).
public struct PersistenceContainer: Sendable {
    var storage: [(String, SQLiteValue)] = []

    /// An empty container, to fill with `container["column"] = value`
    /// (``EncodableRecord/encode(to:)-(PersistenceContainer)`` passes one already made).
    public init() {
        storage.reserveCapacity(16)  // a typical record's columns, without growing the array column by column
    }

    /// The value of a column (case-insensitive), or `nil`; setting a column again replaces its value in place.
    public subscript(_ column: String) -> (any DatabaseValueConvertible)? {
        get { value(column) }
        set {
            let value = newValue?.databaseValue ?? .null
            if let index = storage.firstIndex(where: { $0.0 == column }) {
                storage[index].1 = value
                return
            }
            // Only names with an uppercase letter can match another case-insensitively without being equal.
            let upper = Self.hasUppercase(column)
            if upper || hasUppercaseNames, let index = storage.firstIndex(where: { Self.sameName($0.0, column) }) {
                storage[index].1 = value
                return
            }
            hasUppercaseNames = hasUppercaseNames || upper
            storage.append((column, value))
        }
    }

    /// Whether a stored name has an ASCII uppercase letter.
    private var hasUppercaseNames = false

    private static func hasUppercase(_ name: String) -> Bool {
        name.utf8.contains { $0 >= 65 && $0 <= 90 }
    }

    /// Column names compare as SQLite compares them: ASCII letters case-insensitively (without allocating).
    static func sameName(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        var left = a.utf8.makeIterator()
        var right = b.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return true
            case (let x?, let y?):
                let lx = x >= 65 && x <= 90 ? x + 32 : x
                let ly = y >= 65 && y <= 90 ? y + 32 : y
                if lx != ly { return false }
            default: return false
            }
        }
    }

    /// The value of a column, or `nil`.
    public subscript(_ column: some ColumnExpression) -> (any DatabaseValueConvertible)? {
        get { self[column.name] }
        set { self[column.name] = newValue }
    }

    /// The column names, in order.
    public var columns: [String] { storage.map(\.0) }
    /// The values, in column order.
    public var values: [DatabaseValue] { storage.map(\.1) }

    /// Whether the columns are `columns`, in that order (exact names).
    func hasColumns(_ columns: [String]) -> Bool {
        guard storage.count == columns.count else { return false }
        for index in storage.indices where storage[index].0 != columns[index] { return false }
        return true
    }

    func value(_ column: String) -> SQLiteValue? {
        storage.first { Self.sameName($0.0, column) }?.1
    }
}

/// Encodes an `Encodable` record into a ``PersistenceContainer``: each coding key a column.
private final class RecordEncoder: Encoder {
    final class Storage { var container = PersistenceContainer() }
    let storage = Storage()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RecordKeyedContainer<Key>(storage: storage))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        preconditionFailure("a record encodes keyed columns; \(type(of: self)) cannot encode a list at the top level")
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        preconditionFailure("a record encodes keyed columns; it cannot encode a single value at the top level")
    }
}

private struct RecordKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let storage: RecordEncoder.Storage
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { storage.container[key.stringValue] = nil as SQLiteValue? }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let convertible = value as? any DatabaseValueConvertible {
            storage.container[key.stringValue] = convertible
            return
        }
        // A non-column value (a String-backed enum, a struct) encodes through its single value.
        let single = SingleColumnEncoder()
        try value.encode(to: single)
        guard let encoded = single.value else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [key], debugDescription: "\(T.self) does not encode as one column value"))
        }
        storage.container[key.stringValue] = encoded
    }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        preconditionFailure("a column holds one value; \(key.stringValue) cannot nest a keyed container")
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        preconditionFailure("a column holds one value; \(key.stringValue) cannot nest a list")
    }

    mutating func superEncoder() -> any Encoder { preconditionFailure("records do not encode a super encoder") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { preconditionFailure("records do not encode a super encoder") }
}

/// Captures the one value a type encodes through a single value container.
private final class SingleColumnEncoder: Encoder, SingleValueEncodingContainer {
    var value: SQLiteValue?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        preconditionFailure("a column holds one value, not a keyed container")
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { preconditionFailure("a column holds one value, not a list") }
    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() throws { value = .null }
    func encode<T: Encodable>(_ value: T) throws {
        if let convertible = value as? any DatabaseValueConvertible {
            self.value = convertible.databaseValue
        } else {
            try value.encode(to: self)
        }
    }
}
