extension FieldValue {
    /// The field tree of any `Encodable` value, through its own `encode(to:)` (synthesized or custom).
    public init(encoding value: some Encodable) throws {
        let slot = Slot()
        try value.encode(to: TreeEncoder(slot: slot, codingPath: []))
        self = slot.resolve()
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

    func resolve() -> FieldValue {
        switch content {
        case .empty: .null
        case .value(let value): value
        case .object(let box): .object(box.members.map { FieldValue.Member(key: $0.key, value: $0.slot.resolve()) })
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

private final class ObjectBox {
    var members: [(key: String, slot: Slot)] = []

    func slot(for key: String) -> Slot {
        if let existing = members.first(where: { $0.key == key }) { return existing.slot }
        let slot = Slot()
        members.append((key, slot))
        return slot
    }
}

private final class ArrayBox {
    var items: [Slot] = []

    func appendSlot() -> Slot {
        let slot = Slot()
        items.append(slot)
        return slot
    }
}

private struct IndexKey: CodingKey {
    let intValue: Int?
    let stringValue: String
    init(_ index: Int) {
        intValue = index
        stringValue = String(index)
    }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.init(intValue) }
}

private struct TreeEncoder: Encoder {
    let slot: Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(TreeKeyedContainer<Key>(box: slot.objectBox(), codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        TreeUnkeyedContainer(box: slot.arrayBox(), codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        TreeSingleValueContainer(slot: slot, codingPath: codingPath)
    }
}

/// Stores primitives directly and encodes anything else into a child slot.
private func store<T: Encodable>(_ value: T, in slot: Slot, codingPath: [any CodingKey]) throws {
    switch value {
    case let value as Bool: slot.content = .value(.bool(value))
    case let value as String: slot.content = .value(.string(value))
    case let value as Double: slot.content = .value(.double(value))
    case let value as Float: slot.content = .value(.double(Double(value)))
    case let value as Int: slot.content = .value(.integer(Int64(value)))
    case let value as Int8: slot.content = .value(.integer(Int64(value)))
    case let value as Int16: slot.content = .value(.integer(Int64(value)))
    case let value as Int32: slot.content = .value(.integer(Int64(value)))
    case let value as Int64: slot.content = .value(.integer(value))
    case let value as UInt8: slot.content = .value(.integer(Int64(value)))
    case let value as UInt16: slot.content = .value(.integer(Int64(value)))
    case let value as UInt32: slot.content = .value(.integer(Int64(value)))
    case let value as UInt: slot.content = .value(Int64(exactly: value).map { .integer($0) } ?? .unsigned(UInt64(value)))
    case let value as UInt64: slot.content = .value(Int64(exactly: value).map { .integer($0) } ?? .unsigned(value))
    default: try value.encode(to: TreeEncoder(slot: slot, codingPath: codingPath))
    }
}

private struct TreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: ObjectBox
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { box.slot(for: key.stringValue).content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try store(value, in: box.slot(for: key.stringValue), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(
            TreeKeyedContainer<NestedKey>(box: box.slot(for: key.stringValue).objectBox(), codingPath: codingPath + [key])
        )
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        TreeUnkeyedContainer(box: box.slot(for: key.stringValue).arrayBox(), codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        TreeEncoder(slot: box.slot(for: "super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(slot: box.slot(for: key.stringValue), codingPath: codingPath + [key])
    }
}

private struct TreeUnkeyedContainer: UnkeyedEncodingContainer {
    let box: ArrayBox
    let codingPath: [any CodingKey]
    var count: Int { box.items.count }

    mutating func encodeNil() throws { box.appendSlot().content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = IndexKey(box.items.count)
        try store(value, in: box.appendSlot(), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let key = IndexKey(box.items.count)
        return KeyedEncodingContainer(
            TreeKeyedContainer<NestedKey>(box: box.appendSlot().objectBox(), codingPath: codingPath + [key])
        )
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = IndexKey(box.items.count)
        return TreeUnkeyedContainer(box: box.appendSlot().arrayBox(), codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        TreeEncoder(slot: box.appendSlot(), codingPath: codingPath)
    }
}

private struct TreeSingleValueContainer: SingleValueEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { slot.content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try store(value, in: slot, codingPath: codingPath)
    }
}
