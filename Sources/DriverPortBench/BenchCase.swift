/// One benchmark case: the same work done by several implementations, one of which may be the raw C API baseline.
/// Not `Sendable`: the runner calls implementations one after another on the calling thread, and they hold
/// open connections.
public struct BenchCase {
    /// One way to do the case's work. `run` returns how many rows it processed (checked equal across
    /// implementations, so a faster implementation that skips work is caught).
    public struct Implementation {
        public let name: String
        public let run: () throws -> Int

        public init(_ name: String, run: @escaping () throws -> Int) {
            self.name = name
            self.run = run
        }
    }

    /// The case's name, as the JSON reports it (`fetch-200k-by-index`).
    public let name: String
    /// The name of the baseline implementation, if the case has one (`raw C`).
    public let baseline: String?
    public let implementations: [Implementation]

    public init(name: String, baseline: String? = RawC.name, implementations: [Implementation]) {
        self.name = name
        self.baseline = baseline
        self.implementations = implementations
    }
}

/// What one implementation measured in one case.
public struct BenchResult: Sendable, Codable, Equatable {
    public var name: String
    public var implementation: String
    /// The median wall-clock time of one run, over the rounds.
    public var medianSeconds: Double
    /// The median of the per-round ratios to the baseline measured in the same round (`nil` without a baseline).
    public var ratioToRawC: Double?
    /// Rows processed by one run.
    public var rows: Int
    /// How many rounds ran.
    public var rounds: Int
    /// Extra figures a case reports (peak resident memory, time to open), by name.
    public var extra: [String: Double]?
}

/// A case whose implementations disagree on the number of rows they processed.
public struct BenchMismatchError: Error, CustomStringConvertible {
    public let caseName: String
    public let counts: [String: Int]
    public var description: String { "bench case \(caseName): implementations processed different row counts \(counts)" }
}
