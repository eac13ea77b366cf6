import SQLiteEngine

/// An exact decimal amount: an integer count of `10^-digits` units (cents for 2 digits, satoshis for 8).
///
/// The generator does all money arithmetic on these integers. A value becomes a `Double` only when it is bound to a
/// `numeric` column, through one correctly rounded IEEE division (`units / 10^digits`), which gives the same double
/// (the one nearest the decimal value) on every machine. Text forms are built from the digits, never from a
/// `Double`.
public struct FixedPoint: Sendable, Hashable {
    public var units: Int64
    public var digits: Int

    public init(units: Int64, digits: Int) {
        self.units = units
        self.digits = digits
    }

    /// `10^digits` (digits 0...18).
    public static func scale(_ digits: Int) -> Int64 {
        var result: Int64 = 1
        for _ in 0..<digits { result *= 10 }
        return result
    }

    /// The nearest double to the exact decimal value.
    public var double: Double { Double(units) / Double(FixedPoint.scale(digits)) }

    /// The value for a `numeric` column. SQLite stores a whole number as INTEGER and anything else as REAL, as it
    /// does for the doubles the MMEX apps bind.
    public var sqlValue: SQLiteValue { .real(double) }

    /// Plain decimal text with exactly `digits` decimals (`-12.50`, `0.00000001`, `1200`).
    public var text: String {
        let scale = FixedPoint.scale(digits)
        let magnitude = units.magnitude
        let whole = magnitude / UInt64(scale)
        var result = (units < 0 ? "-" : "") + String(whole)
        if digits > 0 {
            let fraction = String(magnitude % UInt64(scale))
            result += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return result
    }

    /// `a * b / c`, rounded toward zero, for non-negative operands; `nil` when the result does not fit in 64 bits.
    /// The product is kept at 128 bits, so no intermediate overflow.
    public static func multiplyDivide(_ a: Int64, _ b: Int64, _ c: Int64) -> Int64? {
        guard a >= 0, b >= 0, c > 0 else { return nil }
        let product = UInt64(a).multipliedFullWidth(by: UInt64(b))
        guard product.high < UInt64(c) else { return nil }
        let (quotient, _) = UInt64(c).dividingFullWidth(product)
        return quotient <= UInt64(Int64.max) ? Int64(quotient) : nil
    }
}
