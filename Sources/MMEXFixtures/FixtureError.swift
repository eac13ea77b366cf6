/// Why the generator stopped.
public enum FixtureError: Error, Sendable, CustomStringConvertible, Equatable {
    /// A generated row did not have one value per column (a bug in the generator).
    case rowShape(table: String, expected: Int, got: Int)
    /// The requested size is outside what the generator makes.
    case invalidSize(transactions: Int, allowed: ClosedRange<Int>)
    /// A generated fixture could not be moved into the cache folder.
    case cacheNotWritable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .rowShape(table, expected, got):
            "fixture generator bug: a \(table) row has \(got) values for \(expected) columns"
        case let .invalidSize(transactions, allowed):
            "cannot generate \(transactions) transactions: the generator makes \(allowed.lowerBound) to \(allowed.upperBound)"
        case let .cacheNotWritable(path, reason):
            "cannot store the fixture at \(path): \(reason)"
        }
    }
}
