import Foundation

// Codable writes as SQLite.swift 0.15.3 makes them: each property of a keyed `Encodable` becomes a setter of the
// column with the property's key name. Int, Int64, Bool (0/1), Float and Double, String, Data (BLOB), Date
// (``dateFormatter`` text) and UUID (`uuidString`) are stored as themselves; any other value, URL included, is
// stored as the JSON text `JSONEncoder` makes of it. Int8...Int32 and the unsigned integers are refused.
// Where SQLite.swift traps (a nested, unkeyed or single-value container, a super encoder), this encoder throws.

extension Table {
    /// `INSERT` of an encodable value's properties (plus `otherSetters`).
    ///
    /// - Throws: `EncodingError` for a property type SQLite.swift does not store (`Int8`, `UInt`, ...) or an
    ///   encoding shape it does not support (nested containers), and whatever the value's `encode(to:)` throws.
    public func insert(
        _ encodable: any Encodable, userInfo: [CodingUserInfoKey: Any] = [:], otherSetters: [Setter] = []
    ) throws -> Insert {
        insert(try encodedSetters(encodable, userInfo: userInfo) + otherSetters)
    }

    /// `INSERT OR <resolution>` of an encodable value's properties.
    public func insert(
        or onConflict: OnConflict, encodable: any Encodable, userInfo: [CodingUserInfoKey: Any] = [:],
        otherSetters: [Setter] = []
    ) throws -> Insert {
        insert(or: onConflict, try encodedSetters(encodable, userInfo: userInfo) + otherSetters)
    }

    /// One `INSERT` of several encodable values. As in SQLite.swift, when some values leave out a `nil` property
    /// that others set, every value is encoded again with `NULL` for its `nil` properties, so all rows set the
    /// same columns.
    public func insertMany(
        _ encodables: [any Encodable], userInfo: [CodingUserInfoKey: Any] = [:], otherSetters: [Setter] = []
    ) throws -> Insert {
        let sparse = try encodables.map { try encodedSetters($0, userInfo: userInfo) + otherSetters }
        if Set(sparse.map(\.count)).count <= 1 { return insertMany(sparse) }
        return insertMany(try encodables.map {
            try encodedSetters($0, userInfo: userInfo, nilAsNull: true) + otherSetters
        })
    }

    /// `INSERT ... ON CONFLICT (column) DO UPDATE SET` the other encoded properties.
    public func upsert(
        _ encodable: any Encodable, userInfo: [CodingUserInfoKey: Any] = [:], otherSetters: [Setter] = [],
        onConflictOf conflicting: any Expressible
    ) throws -> Insert {
        upsert(try encodedSetters(encodable, userInfo: userInfo) + otherSetters, onConflictOf: conflicting)
    }

    /// `UPDATE` setting the encodable value's properties, on the rows this query filters.
    public func update(
        _ encodable: any Encodable, userInfo: [CodingUserInfoKey: Any] = [:], otherSetters: [Setter] = []
    ) throws -> Update {
        update(try encodedSetters(encodable, userInfo: userInfo) + otherSetters)
    }
}

/// The setters an encodable value makes; `nilAsNull` also sets the `nil` properties (to NULL).
func encodedSetters(
    _ encodable: any Encodable, userInfo: [CodingUserInfoKey: Any], nilAsNull: Bool = false
) throws -> [Setter] {
    let encoder = SetterEncoder(userInfo: userInfo, nilAsNull: nilAsNull)
    try encodable.encode(to: encoder)
    if let failure = encoder.failure { throw failure }
    return encoder.setters
}

/// Collects one setter per encoded property.
final class SetterEncoder: Encoder {
    var setters: [Setter] = []
    /// The first unsupported use of the encoder (where SQLite.swift traps), thrown once encoding returns.
    var failure: EncodingError?
    let codingPath: [any CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any]
    let nilAsNull: Bool

    init(userInfo: [CodingUserInfoKey: Any], nilAsNull: Bool) {
        self.userInfo = userInfo
        self.nilAsNull = nilAsNull
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(SetterContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnsupportedEncoding(encoder: self, what: "an unkeyed container (a value must encode its properties by key)")
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        UnsupportedEncoding(encoder: self, what: "a single value container (a value must encode its properties by key)")
    }

    /// Records (the first) unsupported use and returns the error to throw at once where the API can throw.
    @discardableResult
    func unsupported(_ what: String, at path: [any CodingKey] = []) -> EncodingError {
        let error = EncodingError.invalidValue(
            what, EncodingError.Context(codingPath: path, debugDescription: "encoding \(what) is not supported "
                                        + "(SQLite.swift traps here)")
        )
        if failure == nil { failure = error }
        return error
    }
}

/// The keyed container: each `encode` appends a setter for the column named by the key.
struct SetterContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: SetterEncoder
    var codingPath: [any CodingKey] { [] }

    private func set(_ key: Key, _ value: SetterValue) {
        encoder.setters.append(Setter(column: Expression<Void>(key.stringValue), value: value))
    }

    mutating func encodeNil(forKey key: Key) throws { set(key, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(key, .integer(value ? 1 : 0)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(key, .integer(Int64(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(key, .integer(value)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(key, .real(Double(value))) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(key, .real(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(key, .text(value)) }

    mutating func encode(_ value: Int8, forKey key: Key) throws { throw refused(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { throw refused(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { throw refused(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { throw refused(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { throw refused(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { throw refused(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { throw refused(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { throw refused(value, key) }

    /// Data, Date and UUID as their SQLite.swift values; anything else as JSON text.
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        switch value {
        case let data as Data: set(key, .blob([UInt8](data)))
        case let date as Date: set(key, .text(date.datatypeValue))
        case let uuid as UUID: set(key, .text(uuid.datatypeValue))
        default:
            let json = try JSONEncoder().encode(value)
            set(key, .text(String(decoding: json, as: UTF8.self)))
        }
    }

    // A nil optional sets nothing (the column keeps its default), unless every nil must be NULL (insertMany).
    // Each overload calls the `encode` of its own type (a generic helper would reach the JSON one).
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { setNilIfForced(key) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { setNilIfForced(key) }
    }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { setNilIfForced(key) }
    }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { setNilIfForced(key) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { setNilIfForced(key) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { setNilIfForced(key) }
    }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { setNilIfForced(key) }
    }

    private func setNilIfForced(_ key: Key) {
        if encoder.nilAsNull { set(key, .null) }
    }

    private func refused(_ value: some Any, _ key: Key) -> EncodingError {
        EncodingError.invalidValue(value, EncodingError.Context(
            codingPath: [key], debugDescription: "encoding \(type(of: value)) (column \(key.stringValue)) is not "
                + "supported, as in SQLite.swift: store Int or Int64"
        ))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        encoder.unsupported("a nested container (column \(key.stringValue))", at: [key])
        return KeyedEncodingContainer(SetterContainer<NestedKey>(encoder: SetterEncoder(userInfo: [:], nilAsNull: false)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        UnsupportedEncoding(encoder: encoder, what: "a nested unkeyed container (column \(key.stringValue))")
    }

    mutating func superEncoder() -> any Encoder {
        encoder.unsupported("a super encoder")
        return SetterEncoder(userInfo: [:], nilAsNull: false)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.unsupported("a super encoder (column \(key.stringValue))", at: [key])
        return SetterEncoder(userInfo: [:], nilAsNull: false)
    }
}

/// The container handed out where SQLite.swift traps (unkeyed and single-value encoding): the request is recorded
/// as the encoder's failure, and every write throws it.
struct UnsupportedEncoding: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    let encoder: SetterEncoder
    let error: EncodingError
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }

    init(encoder: SetterEncoder, what: String) {
        self.encoder = encoder
        error = encoder.unsupported(what)
    }

    mutating func encodeNil() throws { throw error }
    mutating func encode(_ value: Bool) throws { throw error }
    mutating func encode(_ value: String) throws { throw error }
    mutating func encode(_ value: Double) throws { throw error }
    mutating func encode(_ value: Float) throws { throw error }
    mutating func encode(_ value: Int) throws { throw error }
    mutating func encode(_ value: Int8) throws { throw error }
    mutating func encode(_ value: Int16) throws { throw error }
    mutating func encode(_ value: Int32) throws { throw error }
    mutating func encode(_ value: Int64) throws { throw error }
    mutating func encode(_ value: UInt) throws { throw error }
    mutating func encode(_ value: UInt8) throws { throw error }
    mutating func encode(_ value: UInt16) throws { throw error }
    mutating func encode(_ value: UInt32) throws { throw error }
    mutating func encode(_ value: UInt64) throws { throw error }
    mutating func encode<T: Encodable>(_ value: T) throws { throw error }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(SetterContainer<NestedKey>(encoder: SetterEncoder(userInfo: [:], nilAsNull: false)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }

    mutating func superEncoder() -> any Encoder { SetterEncoder(userInfo: [:], nilAsNull: false) }
}
