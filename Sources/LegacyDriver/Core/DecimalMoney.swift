import Foundation
import SQLiteEngine

/// Money: `Decimal` in `numeric` columns, without binary floating-point drift.
///
/// **How it is stored.** A `numeric` column cannot keep a decimal fraction: SQLite converts any well-formed number
/// it receives, text included, to INTEGER when it is whole and to an 8-byte REAL otherwise. So binding text would
/// not help, and other apps sharing such files (MMEX desktop and Android, for example) bind doubles anyway. A `Decimal` therefore binds as INTEGER when it is a
/// whole number that fits in 64 bits (exact), and otherwise as the REAL nearest to its decimal value (the same
/// REAL SQLite makes from the literal text, so files stay byte-compatible with apps that bind doubles).
///
/// **How it is read.** INTEGER reads exactly. REAL is rounded to 15 significant decimal digits, the precision
/// SQLite itself guarantees between text and REAL (`%.15g`), and parsed as a `Decimal`. Every decimal of up to 15
/// significant digits survives the round trip exactly (0.1 binds as 0.1000000000000000055... and reads as 0.1),
/// and sums SQL computes in floating point come back at their decimal value: `0.1 + 0.2` is stored as
/// 0.30000000000000004 and reads as 0.3. TEXT reads when it is a well-formed decimal number. NaN and infinities
/// cannot be read as money and are reported as invalid values.
///
/// Amounts with more than 15 significant digits are not representable in a `numeric` column by an app that binds doubles; they
/// are rounded to 15 digits on the way back.
extension Decimal: Binding {
    /// `NUMERIC`: the column type a schema declares for a money column, as money schemas do.
    public static var declaredDatatype: String { "NUMERIC" }

    /// INTEGER when the amount is whole and fits in 64 bits, else the REAL nearest to it; NULL for NaN (see
    /// above).
    public var sqliteValue: SQLiteValue {
        let text = description
        if text == "NaN" { return .null }
        if !text.contains("."), let whole = Int64(text) { return .integer(whole) }
        // Swift's parser rounds correctly: the nearest double to the decimal value.
        guard let real = Double(text) else { return .null }
        return .real(real)
    }

    /// The amount an INTEGER, a REAL (at 15 significant digits) or a decimal TEXT stands for; `nil` for
    /// BLOB, NULL, NaN, infinities and text that is not a decimal number.
    public static func fromSQLiteValue(_ value: SQLiteValue) -> Decimal? {
        switch value {
        case .integer(let number):
            return Decimal(number)
        case .real(let number):
            return Decimal(storedReal: number)
        case .text(let text):
            return Decimal(strictText: text)
        case .blob, .null:
            return nil
        }
    }

    /// The decimal a REAL stands for, at SQLite's 15 significant digits; `nil` for NaN and infinities.
    init?(storedReal real: Double) {
        guard real.isFinite else { return nil }
        if real == 0 {
            self = 0
            return
        }
        var buffer = [CChar](repeating: 0, count: 40)
        let written = buffer.withUnsafeMutableBufferPointer { pointer in
            withVaList([real]) { vsnprintf(pointer.baseAddress, pointer.count, "%.15g", $0) }
        }
        guard written > 0 else { return nil }
        let text = String(decoding: buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let decimal = Decimal(string: text, locale: nil) else { return nil }
        self = decimal
    }

    /// A decimal from text that is entirely a decimal number (`-12.50`, `1e-8`), surrounding spaces allowed.
    init?(strictText text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard Self.isDecimalLiteral(trimmed), let decimal = Decimal(string: trimmed, locale: nil) else { return nil }
        self = decimal
    }

    /// Whether text is `[+-]digits[.digits][e[+-]digits]` with at least one digit in the mantissa.
    static func isDecimalLiteral(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        var mantissaDigits = 0
        while let byte = bytes.first, isDigit(byte) { mantissaDigits += 1; bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            while let byte = bytes.first, isDigit(byte) { mantissaDigits += 1; bytes = bytes.dropFirst() }
        }
        guard mantissaDigits > 0 else { return false }
        if let byte = bytes.first, byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            var exponentDigits = 0
            while let byte = bytes.first, isDigit(byte) { exponentDigits += 1; bytes = bytes.dropFirst() }
            guard exponentDigits > 0 else { return false }
        }
        return bytes.isEmpty
    }
}

extension Decimal: Value {
    /// The decimal itself: a `Decimal` is its own stored form.
    public static func fromDatatypeValue(_ datatypeValue: Decimal) -> Decimal { datatypeValue }
    /// The decimal itself, bound as described for its ``Binding`` conformance.
    public var datatypeValue: Decimal { self }
}
