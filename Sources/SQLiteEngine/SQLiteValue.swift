/// One SQLite value, in one of the five storage classes.
public enum SQLiteValue: Sendable, Hashable, CustomStringConvertible {
    /// SQL NULL.
    case null
    /// A signed 64-bit integer.
    case integer(Int64)
    /// An IEEE 754 double.
    case real(Double)
    /// UTF-8 text; an empty string is text, not NULL.
    case text(String)
    /// Raw bytes; an empty array is a zero-length blob, not NULL.
    case blob([UInt8])

    /// The storage class of this value.
    public var storageClass: StorageClass {
        switch self {
        case .null: .null
        case .integer: .integer
        case .real: .real
        case .text: .text
        case .blob: .blob
        }
    }

    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): "'" + value.replacingAll("'", with: "''") + "'"
        case .blob(let bytes): "x'" + bytes.hexString + "'"
        }
    }
}

/// SQLite's storage classes, with the C API's type codes as raw values.
public enum StorageClass: Int32, Sendable, CaseIterable {
    /// `SQLITE_INTEGER`: a signed 64-bit integer.
    case integer = 1
    /// `SQLITE_FLOAT`: an IEEE 754 double.
    case real = 2
    /// `SQLITE_TEXT`: UTF-8 text.
    case text = 3
    /// `SQLITE_BLOB`: raw bytes.
    case blob = 4
    /// `SQLITE_NULL`: SQL NULL.
    case null = 5
}

extension Sequence where Element == UInt8 {
    /// Lower-case hexadecimal digits, two per byte.
    public var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension String {
    /// This string with every occurrence of `target` replaced (no Foundation needed in the engine).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        result.reserveCapacity(count)
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}

/// Quotes an identifier for SQL text: `"name"`, with embedded quotes doubled.
public func quoteIdentifier(_ name: String) -> String {
    "\"" + name.replacingAll("\"", with: "\"\"") + "\""
}
