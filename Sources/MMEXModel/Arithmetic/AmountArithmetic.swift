/// The little arithmetic the lookup slices do on stored amounts (balances, currency conversion), written once so that
/// both drivers' repositories compute the same result from the same stored values.
///
/// The rule is SQLite's: two INTEGERs add as an INTEGER (a REAL on overflow), anything with a REAL adds as a double,
/// and TEXT counts as the number it spells (0 when it spells none, as SQLite's `+` reads it). A double result is
/// returned the way the file would store it (``Amount/init(_:)-(Double)``: an integral value becomes an INTEGER).
extension Amount {
    /// `self + other` under SQLite's rules.
    public func adding(_ other: Amount) -> Amount {
        if case .integer(let a) = self, case .integer(let b) = other {
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? Amount(Double(a) + Double(b)) : .integer(sum)
        }
        return Amount(numericValue + other.numericValue)
    }

    /// `self - other` under SQLite's rules.
    public func subtracting(_ other: Amount) -> Amount {
        if case .integer(let a) = self, case .integer(let b) = other {
            let (difference, overflow) = a.subtractingReportingOverflow(b)
            return overflow ? Amount(Double(a) - Double(b)) : .integer(difference)
        }
        return Amount(numericValue - other.numericValue)
    }

    /// The number SQLite's arithmetic reads from the value (text that is not a number reads as 0).
    var numericValue: Double { doubleValue ?? 0 }

    /// `self` (in a currency worth `fromRate` base units) expressed in a currency worth `toRate` base units:
    /// `self × fromRate ÷ toRate`, in that order, in doubles. `nil` when a value is not a number or `toRate` is 0.
    public func converted(fromRate: Amount, toRate: Amount) -> Amount? {
        guard let value = doubleValue, let from = fromRate.doubleValue, let to = toRate.doubleValue, to != 0 else {
            return nil
        }
        return Amount(value * from / to)
    }
}
