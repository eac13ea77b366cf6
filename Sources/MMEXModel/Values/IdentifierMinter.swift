#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes new row ids the way the MMEX apps do: milliseconds since 1970 × 1000 + a random number in 0...999.
///
/// MMEX iOS, Android and desktop all mint ids this way (never SQLite's `max(rowid) + 1`), so rows created on
/// different devices rarely collide when files are merged. The clock and the random draw are injected: sessions get a
/// minter in their configuration, and the differential suite gives both drivers the same deterministic one so their
/// inserts are comparable row for row. The rule can collide (two ids minted in one millisecond with the same draw);
/// a repository that inserts checks for an existing id and mints again.
public struct IdentifierMinter: Sendable {
    /// The next id.
    public let next: @Sendable () -> Int64

    /// A minter from any source of ids (tests, replays).
    public init(next: @escaping @Sendable () -> Int64) {
        self.next = next
    }

    /// A minter that applies ``rule(milliseconds:random:)`` to an injected clock and random draw.
    public init(milliseconds: @escaping @Sendable () -> Int64, random: @escaping @Sendable () -> Int64) {
        self.next = { IdentifierMinter.rule(milliseconds: milliseconds(), random: random()) }
    }

    /// The MMEX rule: `milliseconds * 1000 + random`, with `random` in 0...999.
    public static func rule(milliseconds: Int64, random: Int64) -> Int64 {
        milliseconds &* 1000 &+ min(max(random, 0), 999)
    }

    /// The wall clock and the system random generator: what the apps do.
    public static let system = IdentifierMinter(
        milliseconds: { currentMilliseconds() },
        random: { Int64.random(in: 0...999) }
    )

    /// Milliseconds since 1970-01-01 UTC from the real-time clock.
    public static func currentMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
