/// A field type that maps to one column value: what the record mapping stores and reads.
///
/// Conversions are strict in the way a typed column read is: an `Int64` reads only an INTEGER, a `String` only TEXT.
/// A value in another storage class is a ``RecordMappingError`` naming the column, never a silent conversion.
public protocol StoredValueConvertible {
    /// The value to store.
    var storedValue: StoredValue { get }
    /// The field value for a stored, non-NULL value; `nil` when the storage class does not fit.
    init?(storedValue: StoredValue)
    /// The storage class name a mismatch message quotes (`integer`, `text`, `number`).
    static var expectedStorage: String { get }
}

extension Int64: StoredValueConvertible {
    public var storedValue: StoredValue { .integer(self) }
    public init?(storedValue: StoredValue) {
        guard case .integer(let value) = storedValue else { return nil }
        self = value
    }
    public static var expectedStorage: String { "integer" }
}

extension String: StoredValueConvertible {
    public var storedValue: StoredValue { .text(self) }
    public init?(storedValue: StoredValue) {
        guard case .text(let value) = storedValue else { return nil }
        self = value
    }
    public static var expectedStorage: String { "text" }
}

extension Amount: StoredValueConvertible {
    public var storedValue: StoredValue {
        switch self {
        case .integer(let value): .integer(value)
        case .real(let value): .real(value)
        case .text(let value): .text(value)
        }
    }
    /// INTEGER, REAL or TEXT, kept as stored (a `numeric` column can hold any of them).
    public init?(storedValue: StoredValue) {
        switch storedValue {
        case .integer(let value): self = .integer(value)
        case .real(let value): self = .real(value)
        case .text(let value): self = .text(value)
        case .null, .blob: return nil
        }
    }
    public static var expectedStorage: String { "number" }
}

extension MMEXDate: StoredValueConvertible {
    public var storedValue: StoredValue { .text(rawValue) }
    public init?(storedValue: StoredValue) {
        guard case .text(let value) = storedValue else { return nil }
        self.init(rawValue: value)
    }
    public static var expectedStorage: String { "text" }
}

extension OpenTextEnum {
    public var storedValue: StoredValue { .text(rawValue) }
    public init?(storedValue: StoredValue) {
        guard case .text(let value) = storedValue else { return nil }
        self.init(rawValue: value)
    }
    public static var expectedStorage: String { "text" }
}

extension TransactionCode: StoredValueConvertible {}
extension TransactionStatus: StoredValueConvertible {}
extension AccountType: StoredValueConvertible {}
extension AccountStatus: StoredValueConvertible {}
