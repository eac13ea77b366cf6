import LegacyDriver
import MMEXModel
import SQLiteEngine

// The model's value types as query-builder values, the way the MMEX app declares its own column types for
// SQLite.swift: `Expression<Amount>` for a `numeric` column, `Expression<MMEXDate>` for an ISO date, the open text
// enums for their TEXT columns.

/// A `numeric` column's value, bound and read exactly as stored (INTEGER, REAL or TEXT; see ``Amount``).
extension Amount: Binding, Value, Number {
    public typealias Datatype = Amount
    public static var declaredDatatype: String { "NUMERIC" }
    public var sqliteValue: SQLiteValue {
        switch self {
        case .integer(let value): .integer(value)
        case .real(let value): .real(value)
        case .text(let value): .text(value)
        }
    }
    public static func fromSQLiteValue(_ value: SQLiteValue) -> Amount? {
        switch value {
        case .integer(let number): .integer(number)
        case .real(let number): .real(number)
        case .text(let text): .text(text)
        case .null, .blob: nil
        }
    }
    public static func fromDatatypeValue(_ datatypeValue: Amount) -> Amount { datatypeValue }
    public var datatypeValue: Amount { self }
}

/// An ISO date column, stored as the TEXT it holds.
extension MMEXDate: Value {
    public typealias Datatype = String
    public static func fromDatatypeValue(_ datatypeValue: String) -> MMEXDate { MMEXDate(rawValue: datatypeValue) }
    public var datatypeValue: String { rawValue }
}

extension AccountType: Value {
    public typealias Datatype = String
    public static func fromDatatypeValue(_ datatypeValue: String) -> AccountType { AccountType(rawValue: datatypeValue) }
    public var datatypeValue: String { rawValue }
}

extension AccountStatus: Value {
    public typealias Datatype = String
    public static func fromDatatypeValue(_ datatypeValue: String) -> AccountStatus { AccountStatus(rawValue: datatypeValue) }
    public var datatypeValue: String { rawValue }
}

extension TransactionStatus: Value {
    public typealias Datatype = String
    public static func fromDatatypeValue(_ datatypeValue: String) -> TransactionStatus {
        TransactionStatus(rawValue: datatypeValue)
    }
    public var datatypeValue: String { rawValue }
}

extension TransactionCode: Value {
    public typealias Datatype = String
    public static func fromDatatypeValue(_ datatypeValue: String) -> TransactionCode {
        TransactionCode(rawValue: datatypeValue)
    }
    public var datatypeValue: String { rawValue }
}
