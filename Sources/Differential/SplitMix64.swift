/// A small deterministic pseudo-random generator for reproducible scenarios: the same seed gives the same operation
/// sequence on every machine and Swift version.
///
/// Hand-written SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014): a 64-bit
/// counter advanced by the golden-ratio increment, then mixed. Not cryptographic; chosen because it is tiny, fast
/// and fully specified, so a seed printed in a report replays exactly. The bounded helpers below use their own
/// rejection sampling rather than the standard library's `random(in:using:)`, whose algorithm may change between
/// Swift versions.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's whole state.
    public private(set) var state: UInt64

    /// A generator that starts from `seed`: the same seed always gives the same numbers.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<bound` (`bound` > 0), without modulo bias.
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "below(_:) needs a positive bound")
        let range = UInt64(bound)
        let limit = UInt64.max - UInt64.max % range
        var value = next()
        while value >= limit { value = next() }
        return Int(value % range)
    }

    /// A uniform integer in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// `true` with probability `numerator / denominator`.
    public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        below(denominator) < numerator
    }

    /// A uniformly chosen element, or `nil` for an empty collection.
    public mutating func element<C: Collection>(of collection: C) -> C.Element? {
        guard !collection.isEmpty else { return nil }
        return collection[collection.index(collection.startIndex, offsetBy: below(collection.count))]
    }
}
