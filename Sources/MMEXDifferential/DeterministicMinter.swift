import MMEXModel
import Synchronization

/// The id minter both sessions of a comparison get: the same sequence of ids on each side, so their inserts agree
/// row for row, shaped like MMEX ids (milliseconds × 1000 + a draw).
///
/// The first two ids are 1 and 2, which most MMEX files already use (`DATAVERSION` is `INFOID` 1): the first
/// inserts of a run prove that both repositories skip an id that is taken and mint again.
public enum DeterministicMinter {
    /// A new minter, starting the sequence over.
    public static func make() -> IdentifierMinter {
        let counter = Counter()
        return IdentifierMinter { counter.next() }
    }

    private final class Counter: Sendable {
        private let count = Mutex<Int64>(0)

        func next() -> Int64 {
            let n = count.withLock { value in
                value += 1
                return value
            }
            if n <= 2 { return n }
            return IdentifierMinter.rule(milliseconds: 1_767_225_600_000 + n, random: (n &* 7919) % 1000)
        }
    }
}
