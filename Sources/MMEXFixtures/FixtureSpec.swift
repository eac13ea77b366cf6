/// What to generate: how many transactions, from which seed. Same spec, same rows, on every machine.
public struct FixtureSpec: Sendable, Hashable, Codable {
    /// Rows of CHECKINGACCOUNT_V1 (splits, links and the reference data come on top).
    public var transactions: Int
    /// The seed of every random choice.
    public var seed: UInt64

    /// The sizes the generator accepts.
    public static let transactionRange = 0...10_000_000

    public init(transactions: Int, seed: UInt64 = 1) {
        self.transactions = transactions
        self.seed = seed
    }

    /// The small data set of `driverport create --sample` and of the committed `Fixtures/mmex-200.mmb`.
    public static let sample = FixtureSpec(transactions: 200, seed: 1)
}

/// How the generator writes: rows per committed transaction, and what to call while it works.
public struct FixtureWriteOptions {
    /// Rows written between two COMMITs (large transactions are fast; each one is bounded in memory).
    public var commitEvery: Int
    /// Called with the number of transactions written so far, every thousand and at the end.
    public var progress: (Int) -> Void

    public init(commitEvery: Int = 50_000, progress: @escaping (Int) -> Void = { _ in }) {
        self.commitEvery = commitEvery
        self.progress = progress
    }
}
