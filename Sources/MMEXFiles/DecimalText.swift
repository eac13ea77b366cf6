import Foundation

/// Exact money arithmetic on MMEX's `numeric` columns.
///
/// SQLite stores a `numeric` value as an integer or a double, and `SUM()` adds doubles, so `0.1 + 0.2` comes back
/// as `0.30000000000000004`. The toolkit reads each amount as SQLite's text for it (`CAST(x AS TEXT)`, which prints
/// a double with 15 significant digits, the digits the user entered), parses that text strictly into a Foundation
/// `Decimal`, and adds decimals.
public enum DecimalText {
    /// The decimal a numeric text stands for: `[+-]digits[.digits][e[+-]digits]` (also `.5` and `5.`), or `nil` for
    /// anything else (Foundation's own parser would read `12,3` as 12).
    public static func parse(_ text: String) -> Decimal? {
        let scalars = Array(text.trimmingCharacters(in: .whitespaces).unicodeScalars)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            return index - start
        }
        if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
        var mantissaDigits = digits()
        if index < scalars.count, scalars[index] == "." {
            index += 1
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return nil }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            index += 1
            if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
            guard digits() > 0 else { return nil }
        }
        guard index == scalars.count else { return nil }
        return Decimal(string: String(String.UnicodeScalarView(scalars)), locale: Locale(identifier: "en_US_POSIX"))
    }

    /// The plain text of a decimal (`-1234.5`), as written into snapshots.
    public static func format(_ value: Decimal) -> String {
        var copy = value
        return NSDecimalString(&copy, Locale(identifier: "en_US_POSIX"))
    }
}
