import Foundation
import SQLiteEngine

/// SQLite's conversions between storage classes, for values already copied out of a statement.
///
/// Live rows use SQLite's `sqlite3_column_*` conversions directly; copied rows (``Row/copy()``, `fetchAll`) go
/// through these so both give the same answer for INTEGER, REAL and TEXT. NULL gives `nil` everywhere.
public enum SQLiteConversion {
    /// INTEGER as is; REAL truncated toward zero (clamped to the Int64 range); TEXT and BLOB: their leading integer,
    /// 0 when there is none.
    public static func int64(_ value: SQLiteValue) -> Int64? {
        switch value {
        case .null: return nil
        case .integer(let v): return v
        case .real(let v): return clampedInt64(v)
        case .text(let s): return leadingInteger(Array(s.utf8))
        case .blob(let b): return leadingInteger(b)
        }
    }

    /// INTEGER converted; REAL as is; TEXT and BLOB: their leading number, 0 when there is none.
    public static func double(_ value: SQLiteValue) -> Double? {
        switch value {
        case .null: return nil
        case .integer(let v): return Double(v)
        case .real(let v): return v
        case .text(let s): return leadingReal(Array(s.utf8))
        case .blob(let b): return leadingReal(b)
        }
    }

    /// TEXT as is; numbers as SQLite renders them; BLOB bytes read as UTF-8.
    public static func text(_ value: SQLiteValue) -> String? {
        switch value {
        case .null: return nil
        case .integer(let v): return String(v)
        case .real(let v): return renderReal(v)
        case .text(let s): return s
        case .blob(let b): return String(decoding: b, as: UTF8.self)
        }
    }

    /// BLOB as is; TEXT as its UTF-8 bytes; numbers as the bytes of their text.
    public static func bytes(_ value: SQLiteValue) -> [UInt8]? {
        switch value {
        case .blob(let b): return b
        case .null: return nil
        default: return text(value).map { Array($0.utf8) }
        }
    }

    static func clampedInt64(_ v: Double) -> Int64 {
        if v.isNaN { return 0 }
        if v <= -9.223372036854775808e18 { return .min }
        if v >= 9.223372036854775807e18 { return .max }
        return Int64(v)
    }

    /// Leading white space, an optional sign, digits; stops at the first other byte (as `sqlite3Atoi64`).
    static func leadingInteger(_ bytes: [UInt8]) -> Int64 {
        var index = 0
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var magnitude: UInt64 = 0
        var overflow = false
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
            overflow = overflow || o1 || o2
            magnitude = sum
            index += 1
        }
        if negative {
            if overflow || magnitude > UInt64(Int64.max) + 1 { return .min }
            return magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude)
        }
        if overflow || magnitude > UInt64(Int64.max) { return .max }
        return Int64(magnitude)
    }

    /// The longest leading run that reads as a decimal number (sign, digits, point, exponent); 0 when none.
    static func leadingReal(_ bytes: [UInt8]) -> Double {
        var index = 0
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        let start = index
        var end = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var sawDigit = false
        while index < bytes.count, isDigit(bytes[index]) { index += 1; sawDigit = true; end = index }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, isDigit(bytes[index]) { index += 1; sawDigit = true; end = index }
            if sawDigit { end = index }
        }
        guard sawDigit else { return 0 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E") {
            var probe = end + 1
            if probe < bytes.count, bytes[probe] == UInt8(ascii: "-") || bytes[probe] == UInt8(ascii: "+") {
                probe += 1
            }
            var expDigits = false
            while probe < bytes.count, isDigit(bytes[probe]) { probe += 1; expDigits = true }
            if expDigits { end = probe }
        }
        return Double(String(decoding: bytes[start..<end], as: UTF8.self)) ?? 0
    }

    /// SQLite's text for a REAL: 15 significant digits, with ".0" added to whole numbers.
    static func renderReal(_ v: Double) -> String {
        if v.isNaN { return "" }
        if v.isInfinite { return v < 0 ? "-Inf" : "Inf" }
        if v == 0 { return "0.0" }  // SQLite prints negative zero without its sign
        var text = String(format: "%.15g", v)
        guard !text.contains(".") else { return text }
        if let exponent = text.firstIndex(of: "e") {
            text.insert(contentsOf: ".0", at: exponent)  // SQLite writes 3.0e+300
        } else {
            text += ".0"
        }
        return text
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
}
