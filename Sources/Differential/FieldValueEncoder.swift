extension FieldValue {
    /// The field tree of any `Encodable` value, through its own `encode(to:)` (synthesized or custom).
    public init(encoding value: some Encodable) throws {
        if let primitive = primitiveFieldValue(value) {
            self = primitive
            return
        }
        let slot = Slot()
        try value.encode(to: TreeEncoder(slot: slot, path: nil))
        self = slot.resolve()
    }
}

// A primitive is stored in its container as it comes (no slot of its own), and a coding path is a chain of nodes
// built only for the values that are not primitives (turned into an array only when asked). The harness compares
// ``EncodedOutcome`` logs first and builds trees only for a difference; both encoders show an `encode(to:)` the same
// state (paths, counts), so it makes the same calls through both.

/// A coding path, from the innermost key outwards: made for each nested value, read only if its code asks.
final class CodingPathNode {
    let parent: CodingPathNode?
    let key: any CodingKey

    init(_ parent: CodingPathNode?, _ key: any CodingKey) {
        self.parent = parent
        self.key = key
    }

    /// The path of the next element of an unkeyed container at `parent` that holds `count` elements, counted.
    static func element(of parent: CodingPathNode?, count: inout Int) -> CodingPathNode {
        defer { count += 1 }
        return CodingPathNode(parent, IndexKey(count))
    }

    static func keys(_ node: CodingPathNode?) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var current = node
        while let node = current {
            keys.append(node.key)
            current = node.parent
        }
        return keys.reversed()
    }
}

/// One encoded value in a container: a primitive as it came, or a slot that a nested encoder or container fills.
private enum Entry {
    case value(FieldValue)
    case slot(Slot)

    func resolve() -> FieldValue {
        switch self {
        case .value(let value): value
        case .slot(let slot): slot.resolve()
        }
    }
}

/// Where one encoded value ends up. A reference, because `Encoder` containers are values that must write back.
private final class Slot {
    enum Content {
        case empty
        case value(FieldValue)
        case object(ObjectBox)
        case array(ArrayBox)
    }

    var content: Content = .empty

    init() {}

    init(_ value: FieldValue) { content = .value(value) }

    func resolve() -> FieldValue {
        switch content {
        case .empty: .null
        case .value(let value): value
        case .object(let box): box.resolve()
        case .array(let box): .array(box.items.map { $0.resolve() })
        }
    }

    func objectBox() -> ObjectBox {
        if case .object(let box) = content { return box }
        let box = ObjectBox()
        content = .object(box)
        return box
    }

    func arrayBox() -> ArrayBox {
        if case .array(let box) = content { return box }
        let box = ArrayBox()
        content = .array(box)
        return box
    }
}

/// An object's members in the order their keys were first encoded; a key encoded again keeps its place and takes
/// the new value (nested containers asked for twice under one key are the same container).
private final class ObjectBox {
    private var keys: [String] = []
    private var entries: [Entry] = []

    func set(_ key: String, _ value: FieldValue) {
        if let position = keys.firstIndex(of: key) {
            entries[position] = .value(value)
        } else {
            keys.append(key)
            entries.append(.value(value))
        }
    }

    func slot(for key: String) -> Slot {
        guard let position = keys.firstIndex(of: key) else {
            let slot = Slot()
            keys.append(key)
            entries.append(.slot(slot))
            return slot
        }
        switch entries[position] {
        case .slot(let slot):
            return slot
        case .value(let value):
            let slot = Slot(value)
            entries[position] = .slot(slot)
            return slot
        }
    }

    func resolve() -> FieldValue {
        .object(zip(keys, entries).map { FieldValue.Member(key: $0, value: $1.resolve()) })
    }
}

private final class ArrayBox {
    var items: [Entry] = []

    func append(_ value: FieldValue) { items.append(.value(value)) }

    func appendSlot() -> Slot {
        let slot = Slot()
        items.append(.slot(slot))
        return slot
    }
}

struct IndexKey: CodingKey {
    let intValue: Int?
    let stringValue: String
    init(_ index: Int) {
        intValue = index
        stringValue = String(index)
    }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.init(intValue) }
}

/// The field value of a primitive (`Bool`, `String`, a floating-point or integer type), `nil` for anything else.
/// Decided by the static type (a comparison of type identities, not a dynamic cast per candidate type: this runs for
/// every field of every value the harness compares); an `Optional` or existential goes through its own
/// `encode(to:)`, which reaches here with the wrapped type.
func primitiveFieldValue<T: Encodable>(_ value: T) -> FieldValue? {
    switch ObjectIdentifier(T.self) {
    case ObjectIdentifier(String.self): .string(unsafeBitCast(value, to: String.self))
    case ObjectIdentifier(Int64.self): .integer(unsafeBitCast(value, to: Int64.self))
    case ObjectIdentifier(Int.self): .integer(Int64(unsafeBitCast(value, to: Int.self)))
    case ObjectIdentifier(Double.self): .double(unsafeBitCast(value, to: Double.self))
    case ObjectIdentifier(Bool.self): .bool(unsafeBitCast(value, to: Bool.self))
    case ObjectIdentifier(Float.self): .double(Double(unsafeBitCast(value, to: Float.self)))
    case ObjectIdentifier(Int8.self): .integer(Int64(unsafeBitCast(value, to: Int8.self)))
    case ObjectIdentifier(Int16.self): .integer(Int64(unsafeBitCast(value, to: Int16.self)))
    case ObjectIdentifier(Int32.self): .integer(Int64(unsafeBitCast(value, to: Int32.self)))
    case ObjectIdentifier(UInt8.self): .integer(Int64(unsafeBitCast(value, to: UInt8.self)))
    case ObjectIdentifier(UInt16.self): .integer(Int64(unsafeBitCast(value, to: UInt16.self)))
    case ObjectIdentifier(UInt32.self): .integer(Int64(unsafeBitCast(value, to: UInt32.self)))
    case ObjectIdentifier(UInt.self): unsignedFieldValue(UInt64(unsafeBitCast(value, to: UInt.self)))
    case ObjectIdentifier(UInt64.self): unsignedFieldValue(unsafeBitCast(value, to: UInt64.self))
    default: nil
    }
}

private func unsignedFieldValue(_ value: UInt64) -> FieldValue {
    Int64(exactly: value).map { .integer($0) } ?? .unsigned(value)
}

private struct TreeEncoder: Encoder {
    let slot: Slot
    let path: CodingPathNode?
    var codingPath: [any CodingKey] { CodingPathNode.keys(path) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(TreeKeyedContainer<Key>(box: slot.objectBox(), path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        TreeUnkeyedContainer(box: slot.arrayBox(), path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        TreeSingleValueContainer(slot: slot, path: path)
    }
}

private struct TreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: ObjectBox
    let path: CodingPathNode?
    var codingPath: [any CodingKey] { CodingPathNode.keys(path) }

    mutating func encodeNil(forKey key: Key) throws { box.set(key.stringValue, .null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let primitive = primitiveFieldValue(value) {
            box.set(key.stringValue, primitive)
        } else {
            try value.encode(to: TreeEncoder(slot: box.slot(for: key.stringValue), path: CodingPathNode(path, key)))
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(
            TreeKeyedContainer<NestedKey>(box: box.slot(for: key.stringValue).objectBox(), path: CodingPathNode(path, key))
        )
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        TreeUnkeyedContainer(box: box.slot(for: key.stringValue).arrayBox(), path: CodingPathNode(path, key))
    }

    mutating func superEncoder() -> any Encoder {
        TreeEncoder(slot: box.slot(for: "super"), path: path)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(slot: box.slot(for: key.stringValue), path: CodingPathNode(path, key))
    }
}

/// Its `count` is the number of values encoded through this container (and its copies before they diverge), as
/// ``EncodingLog``'s is: both encoders show an `encode(to:)` the same state, so it makes the same calls in both.
private struct TreeUnkeyedContainer: UnkeyedEncodingContainer {
    let box: ArrayBox
    let path: CodingPathNode?
    var codingPath: [any CodingKey] { CodingPathNode.keys(path) }
    private(set) var count = 0

    init(box: ArrayBox, path: CodingPathNode?) {
        self.box = box
        self.path = path
    }

    mutating func encodeNil() throws {
        box.append(.null)
        count += 1
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        defer { count += 1 }
        if let primitive = primitiveFieldValue(value) {
            box.append(primitive)
        } else {
            try value.encode(to: TreeEncoder(slot: box.appendSlot(), path: CodingPathNode(path, IndexKey(count))))
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let element = CodingPathNode.element(of: path, count: &count)
        return KeyedEncodingContainer(
            TreeKeyedContainer<NestedKey>(box: box.appendSlot().objectBox(), path: element)
        )
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let element = CodingPathNode.element(of: path, count: &count)
        return TreeUnkeyedContainer(box: box.appendSlot().arrayBox(), path: element)
    }

    mutating func superEncoder() -> any Encoder {
        count += 1
        return TreeEncoder(slot: box.appendSlot(), path: path)
    }
}

private struct TreeSingleValueContainer: SingleValueEncodingContainer {
    let slot: Slot
    let path: CodingPathNode?
    var codingPath: [any CodingKey] { CodingPathNode.keys(path) }

    mutating func encodeNil() throws { slot.content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if let primitive = primitiveFieldValue(value) {
            slot.content = .value(primitive)
        } else {
            try value.encode(to: TreeEncoder(slot: slot, path: path))
        }
    }
}
