/// The fixture generator's own seeded pseudo-random numbers: the same seed gives the same numbers on every machine
/// and with every Swift release.
///
/// Hand-written on purpose: the standard library has no seeded generator, and its `random(in:using:)` and
/// `shuffled(using:)` algorithms are not promised to stay the same between releases, so this type deliberately does
/// not conform to `RandomNumberGenerator` and offers its own range functions instead.
///
/// The state is xoshiro256** 1.0 (Blackman and Vigna, 2018), seeded through SplitMix64 (Steele, Lea and Flood, 2014),
/// as the xoshiro authors recommend. Independent streams come from one seed by mixing a stream number into it.
public struct FixtureRandom: Sendable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// A generator for `seed`, on the numbered `stream` (streams of one seed are independent sequences).
    public init(seed: UInt64, stream: UInt64 = 0) {
        var mixer = SplitMix64(state: seed ^ (stream &* 0xD1B5_4A32_D192_ED03))
        s0 = mixer.next()
        s1 = mixer.next()
        s2 = mixer.next()
        s3 = mixer.next()
    }

    /// The next 64 random bits (xoshiro256**).
    public mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotateLeft(s3, 45)
        return result
    }

    /// A uniform integer in `0..<bound` (`bound` > 0), without modulo bias (Lemire's multiply-and-reject method).
    public mutating func below(_ bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let n = UInt64(bound)
        var product = next().multipliedFullWidth(by: n)
        if product.low < n {
            let threshold = (0 &- n) % n
            while product.low < threshold { product = next().multipliedFullWidth(by: n) }
        }
        return Int(product.high)
    }

    /// A uniform integer in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// A uniform 64-bit integer in `range`.
    public mutating func int64(in range: ClosedRange<Int64>) -> Int64 {
        range.lowerBound + Int64(below(Int(range.upperBound - range.lowerBound) + 1))
    }

    /// `true` with probability `perMille` / 1000.
    public mutating func chance(perMille: Int) -> Bool { below(1000) < perMille }

    /// One element of a non-empty array, uniformly.
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// An index into `weights`, chosen with probability proportional to its weight (weights >= 0, sum > 0).
    public mutating func weightedIndex(_ weights: [Int]) -> Int {
        var total = 0
        for weight in weights { total += weight }
        var draw = below(total)
        for (index, weight) in weights.enumerated() {
            if draw < weight { return index }
            draw -= weight
        }
        return weights.count - 1
    }

    /// `count` different indexes in `0..<bound` (at most `bound` of them), in the order drawn.
    public mutating func distinctIndexes(_ count: Int, below bound: Int) -> [Int] {
        var chosen: [Int] = []
        while chosen.count < min(count, bound) {
            let candidate = below(bound)
            if !chosen.contains(candidate) { chosen.append(candidate) }
        }
        return chosen
    }

    /// An index in `0..<count` that favours small indexes (the smaller of two uniform draws), for "a few payees
    /// get most of the transactions".
    public mutating func skewedIndex(_ count: Int) -> Int { min(below(count), below(count)) }
}

/// SplitMix64: a tiny generator that turns any 64-bit seed into well-mixed state for xoshiro256**. Hand-written.
public struct SplitMix64: Sendable {
    /// The counter the next output is mixed from.
    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    /// The next 64 well-mixed bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@inline(__always)
private func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }
