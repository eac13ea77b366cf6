/// The value of an MMEX `numeric` column (money amounts, exchange rates, share counts and prices), exactly as SQLite
/// stores it.
///
/// ## Why not `Double` or `Decimal`
/// A `numeric` column has NUMERIC affinity: SQLite stores `100` as an INTEGER, `0.1` as a REAL (the IEEE double
/// nearest 0.1), a REAL with no fraction such as `100.0` as the INTEGER `100`, and text that does not look like a
/// number as TEXT. Real MMEX files hold all of these side by side. `Amount` keeps the storage class and the exact
/// value SQLite returned, so:
/// - reading and writing back never drifts (no decimal rounding, no integer turning into `100.0`);
/// - equality is exact and structural (storage class and value): a driver whose query returns the REAL `3200.0`
///   (SQL `total()`) where the other returns the INTEGER `3200` (`sum()`) is caught by the differential suite, and
///   so is text where the other side has a number. Reading keeps what SQLite returned (``init(storedValue:)``);
///   building an amount from a `Double` applies SQLite's own rule for storing it (an integral REAL becomes an
///   INTEGER), so `Amount(100.0) == Amount(100)`, exactly as the file will hold it;
/// - `Decimal` would have to convert the stored double: keeping its binary expansion (`0.1000000000000000055...`)
///   or rounding it to a decimal SQLite never held; either way, writing it back could change the stored value.
///
/// Arithmetic and formatting belong to the app: ``doubleValue`` gives the number, ``isNumericallyEqual(to:)``
/// compares numbers across storage classes.
public enum Amount: Sendable, Hashable {
    /// Stored as an INTEGER.
    case integer(Int64)
    /// Stored as a REAL (never integral within the `Int64` range when SQLite stored it through NUMERIC affinity).
    case real(Double)
    /// Stored as TEXT because it did not look like a number (kept so a file with such a value still loads).
    case text(String)

    /// An integer amount.
    public init(_ value: Int64) { self = .integer(value) }

    /// An integer amount.
    public init(_ value: Int) { self = .integer(Int64(value)) }

    /// A floating-point amount, stored the way SQLite's NUMERIC affinity stores a REAL: a value with no fraction
    /// that fits strictly inside the `Int64` range becomes an INTEGER, everything else stays REAL.
    public init(_ value: Double) {
        // SQLite (sqlite3VdbeIntegerAffinity): integral, round-trips, and neither the smallest nor the largest Int64.
        if let exact = Int64(exactly: value), exact != .min, exact != .max {
            self = .integer(exact)
        } else {
            self = .real(value)
        }
    }

    /// The numeric value: the integer or real as a `Double`, text parsed as a decimal number (`nil` when it is not
    /// one).
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        case .text(let text): Double(text)
        }
    }

    /// Whether the storage class is INTEGER or REAL (text is a value SQLite could not read as a number).
    public var isNumber: Bool {
        if case .text = self { return false }
        return true
    }

    /// Whether two amounts are the same number, whatever their storage class (`.integer(2)` and `.real(2.0)` are;
    /// `==` says they are not).
    public func isNumericallyEqual(to other: Amount) -> Bool {
        switch (self, other) {
        case (.integer(let a), .integer(let b)): return a == b
        case (.text(let a), .text(let b)) where Double(a) == nil || Double(b) == nil: return a == b
        default:
            guard let a = doubleValue, let b = other.doubleValue else { return false }
            return a == b
        }
    }

    /// Zero, stored as an INTEGER.
    public static let zero = Amount.integer(0)
}

extension Amount: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension Amount: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self.init(value) }
}

extension Amount: CustomStringConvertible {
    /// The number as Swift prints it (`12`, `0.1`), or the stored text in quotes.
    public var description: String {
        switch self {
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let text): "\"\(text)\""
        }
    }
}

extension Amount: Codable {
    private enum CodingKeys: String, CodingKey {
        case integer, real, text
    }

    /// Decodes `{"integer": 12}`, `{"real": 0.1}` or `{"text": "..."}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let value = try container.decodeIfPresent(Int64.self, forKey: .integer) {
            self = .integer(value)
        } else if let value = try container.decodeIfPresent(Double.self, forKey: .real) {
            self = .real(value)
        } else if let value = try container.decodeIfPresent(String.self, forKey: .text) {
            self = .text(value)
        } else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "an Amount needs one of integer, real, text"
                )
            )
        }
    }

    /// Encodes the storage class as the key, so JSON (which has one number type) cannot blur `1` and `1.0`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .integer(let value): try container.encode(value, forKey: .integer)
        case .real(let value): try container.encode(value, forKey: .real)
        case .text(let value): try container.encode(value, forKey: .text)
        }
    }
}
