import Foundation
import SQLiteEngine

/// Bytes stored as a BLOB, SQLite.swift's raw-SQL form of binary data: what a BLOB column reads as through
/// `Statement` rows and ``Connection/scalar(_:_:)-(String,(any Value)?...)``, and a ``Value`` for columns
/// (`Expression<Blob>`). `Data` columns store the same BLOB.
public struct Blob: Hashable, Sendable, CustomStringConvertible {
    /// The bytes.
    public let bytes: [UInt8]

    /// A blob of these bytes.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A blob copied from `length` bytes at `bytes`.
    public init(bytes: UnsafeRawPointer, length: Int) {
        self.bytes = [UInt8](UnsafeRawBufferPointer(start: bytes, count: length))
    }

    /// The bytes in lowercase hexadecimal, two digits each.
    public func toHex() -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// `x'…'`: the blob as an SQL literal, as SQLite.swift prints it.
    public var description: String { "x'\(toHex())'" }
}

extension Blob: Binding {
    /// `BLOB`: the column type a schema declares for a blob column.
    public static var declaredDatatype: String { "BLOB" }
    /// The bytes as SQLite's BLOB value, for binding to a statement parameter.
    public var sqliteValue: SQLiteValue { .blob(bytes) }

    /// The bytes of a BLOB value; `nil` for any other storage class (TEXT is not converted to bytes).
    public static func fromSQLiteValue(_ value: SQLiteValue) -> Blob? {
        if case .blob(let bytes) = value { return Blob(bytes: bytes) }
        return nil
    }
}

extension Blob: Value {
    /// The blob itself: a ``Blob`` is stored as it is.
    public static func fromDatatypeValue(_ datatypeValue: Blob) -> Blob { datatypeValue }
    /// The blob itself, its own stored form.
    public var datatypeValue: Blob { self }
}

extension SQLiteValue {
    /// The value as SQLite.swift hands raw results out: `Int64`, `Double`, `String`, ``Blob``, or `nil` for NULL.
    public var binding: Binding? {
        switch self {
        case .null: nil
        case .integer(let number): number
        case .real(let number): number
        case .text(let text): text
        case .blob(let bytes): Blob(bytes: bytes)
        }
    }
}
