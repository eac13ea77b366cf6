/// What an operation returned, kept as the log of the calls its `encode(to:)` made: the cheap form the harness
/// compares, with the value kept to build its field tree only when two logs differ or a report shows it.
///
/// The field tree (``FieldValue/init(encoding:)``) is a function of the sequence of encoding calls: which encoder or
/// container (numbered in the order they were made) was called, with which key and which primitive value. So two
/// equal logs always give two identical trees (doubles are logged by their bits, as ``FieldValue`` compares them), and
/// two different logs are compared as trees, field by field, as before. The log is one flat array: on a large file
/// an operation returns hundreds of thousands of fields, and a tree allocates a node for each.
struct EncodedOutcome {
    let log: [EncodingLog.Entry]
    private let value: any Encodable

    init(_ value: some Encodable) throws {
        log = try EncodingLog.entries(of: value)
        self.value = value
    }

    /// The field tree, for a comparison of different logs and for reports.
    func fieldValue() throws -> FieldValue { try FieldValue(encoding: value) }

    /// The field tree, or (should encoding the value again fail where its log did not) a string saying so, which
    /// differs from any other side's tree.
    var tree: FieldValue {
        do {
            return try fieldValue()
        } catch {
            return .string("(the value could not be encoded again: \(error))")
        }
    }

    /// Whether the two outcomes have identical field trees for certain (their logs are equal); `false` means they
    /// must be compared as trees.
    func hasSameLog(as other: EncodedOutcome) -> Bool { log == other.log }
}

/// The encoder that writes an ``EncodedOutcome``'s log.
enum EncodingLog {
    /// What a primitive value was, doubles by their bits (as ``FieldValue/isIdentical(to:)`` compares them).
    enum Primitive: Equatable {
        case bool(Bool)
        case integer(Int64)
        case unsigned(UInt64)
        case double(bits: UInt64)
        case string(String)
        case null
    }

    /// What a call made: a container or encoder (numbered by the order of these entries among the `make` ones).
    enum Request: UInt8, Equatable {
        case keyedContainer, unkeyedContainer, singleValueContainer, nestedKeyed, nestedUnkeyed, superEncoder
        case valueEncoder
    }

    /// One call on the encoder or container numbered `receiver` (the root encoder is 0).
    enum Entry: Equatable {
        case make(receiver: Int, request: Request, key: String?)
        case store(receiver: Int, key: String?, value: Primitive)
    }

    static func entries(of value: some Encodable) throws -> [Entry] {
        if let primitive = primitiveFieldValue(value) {
            return [.store(receiver: 0, key: nil, value: Primitive(primitive))]
        }
        let log = Log()
        try value.encode(to: LogEncoder(log: log, id: 0, path: nil))
        return log.entries
    }

    /// The entries so far and the number of the next encoder or container (the root encoder is 0).
    final class Log {
        var entries: [Entry] = []
        private var made = 0

        func make(_ receiver: Int, _ request: Request, _ key: String?) -> Int {
            entries.append(.make(receiver: receiver, request: request, key: key))
            made += 1
            return made
        }

        func store(_ receiver: Int, _ key: String?, _ value: Primitive) {
            entries.append(.store(receiver: receiver, key: key, value: value))
        }

        /// Encodes `value` under `key` of container `receiver`: stored if primitive, else through a new encoder.
        /// `path` is made only for a value that is not primitive.
        func encode<T: Encodable>(
            _ value: T, _ receiver: Int, _ key: String?, path: @autoclosure () -> CodingPathNode?
        ) throws {
            if let primitive = primitiveFieldValue(value) {
                store(receiver, key, Primitive(primitive))
            } else {
                let id = make(receiver, .valueEncoder, key)
                try value.encode(to: LogEncoder(log: self, id: id, path: path()))
            }
        }
    }
}

extension EncodingLog.Primitive {
    /// Only primitive field values come here (``primitiveFieldValue(_:)``); a tree never does.
    init(_ value: FieldValue) {
        switch value {
        case .bool(let value): self = .bool(value)
        case .integer(let value): self = .integer(value)
        case .unsigned(let value): self = .unsigned(value)
        case .double(let value): self = .double(bits: value.bitPattern)
        case .string(let value): self = .string(value)
        case .null, .array, .object: self = .null
        }
    }
}

private struct LogEncoder: Encoder {
    let log: EncodingLog.Log
    let id: Int
    let path: CodingPathNode?
    var codingPath: [any CodingKey] { CodingPathNode.keys(path) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(LogKeyedContainer<Key>(log: log, id: log.make(id, .keyedContainer, nil), path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        LogUnkeyedContainer(log: log, id: log.make(id, .unkeyedContainer, nil), path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        LogSingleValueContainer(log: log, id: log.make(id, .singleValueContainer, nil), path: path)
    }
}

private struct LogKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let log: EncodingLog.Log
    let id: Int
    let path: CodingPathNode?
    var codingPath: [any CodingKey] { CodingPathNode.keys(path) }

    mutating func encodeNil(forKey key: Key) throws { log.store(id, key.stringValue, .null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try log.encode(value, id, key.stringValue, path: CodingPathNode(path, key))
    }

    // The primitives a record's fields mostly are, stored directly: the same entries the generic `encode` makes
    // for them (``primitiveFieldValue(_:)``), without its type test on every field of every row.
    mutating func encode(_ value: String, forKey key: Key) throws { log.store(id, key.stringValue, .string(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { log.store(id, key.stringValue, .integer(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { log.store(id, key.stringValue, .integer(Int64(value))) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { log.store(id, key.stringValue, .bool(value)) }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        log.store(id, key.stringValue, .double(bits: value.bitPattern))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = log.make(id, .nestedKeyed, key.stringValue)
        return KeyedEncodingContainer(LogKeyedContainer<NestedKey>(log: log, id: nested, path: CodingPathNode(path, key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        LogUnkeyedContainer(log: log, id: log.make(id, .nestedUnkeyed, key.stringValue), path: CodingPathNode(path, key))
    }

    mutating func superEncoder() -> any Encoder {
        LogEncoder(log: log, id: log.make(id, .superEncoder, nil), path: path)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        LogEncoder(log: log, id: log.make(id, .superEncoder, key.stringValue), path: CodingPathNode(path, key))
    }
}

private struct LogUnkeyedContainer: UnkeyedEncodingContainer {
    let log: EncodingLog.Log
    let id: Int
    let path: CodingPathNode?
    var codingPath: [any CodingKey] { CodingPathNode.keys(path) }
    private(set) var count = 0

    init(log: EncodingLog.Log, id: Int, path: CodingPathNode?) {
        self.log = log
        self.id = id
        self.path = path
    }

    mutating func encodeNil() throws {
        log.store(id, nil, .null)
        count += 1
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        defer { count += 1 }
        try log.encode(value, id, nil, path: CodingPathNode(path, IndexKey(count)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let element = CodingPathNode.element(of: path, count: &count)
        return KeyedEncodingContainer(
            LogKeyedContainer<NestedKey>(log: log, id: log.make(id, .nestedKeyed, nil), path: element)
        )
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let element = CodingPathNode.element(of: path, count: &count)
        return LogUnkeyedContainer(log: log, id: log.make(id, .nestedUnkeyed, nil), path: element)
    }

    mutating func superEncoder() -> any Encoder {
        count += 1
        return LogEncoder(log: log, id: log.make(id, .superEncoder, nil), path: path)
    }
}

private struct LogSingleValueContainer: SingleValueEncodingContainer {
    let log: EncodingLog.Log
    let id: Int
    let path: CodingPathNode?
    var codingPath: [any CodingKey] { CodingPathNode.keys(path) }

    mutating func encodeNil() throws { log.store(id, nil, .null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try log.encode(value, id, nil, path: path)
    }
}
