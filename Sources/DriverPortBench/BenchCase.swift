/// One benchmark case: the same work done by several implementations, one of which may be the baseline.
/// Not `Sendable`: the runner calls implementations one after another on the calling thread, and they hold
/// open connections.
public struct BenchCase {
    /// One way to do the case's work. `run` says how many rows it processed (and, where the case can, a checksum of
    /// the values it read): both are checked equal across implementations, so a faster implementation that skips
    /// or misreads work is caught.
    public struct Implementation {
        public let name: String
        /// Untimed work before each timed run (emptying a table, checkpointing a WAL).
        public let setUp: (() throws -> Void)?
        public let run: () throws -> BenchOutcome

        /// An implementation that reports rows only.
        public init(_ name: String, setUp: (() throws -> Void)? = nil, run: @escaping () throws -> Int) {
            self.name = name
            self.setUp = setUp
            self.run = { BenchOutcome(rows: try run()) }
        }

        /// An implementation that reports rows, a checksum and figures.
        public init(_ name: String, setUp: (() throws -> Void)? = nil, measure: @escaping () throws -> BenchOutcome) {
            self.name = name
            self.setUp = setUp
            self.run = measure
        }
    }

    /// The case's name, as the JSON reports it (`fetch-200k-by-index`).
    public let name: String
    /// The family it belongs to (`fetch`, `insert`, `mmex`, `codec`, `concurrency`, `memory`): how reports group it.
    public let family: String
    /// The name of the implementation every other one is compared with, if any (`raw C`).
    public let baseline: String?
    /// Whether the baseline is hand-written C API calls over the same engine (then its ratio is `ratioToRawC`).
    public let baselineIsRawC: Bool
    public let implementations: [Implementation]

    public init(
        name: String, family: String, baseline: String? = RawC.name, baselineIsRawC: Bool = true,
        implementations: [Implementation]
    ) {
        self.name = name
        self.family = family
        self.baseline = baseline
        self.baselineIsRawC = baseline != nil && baselineIsRawC
        self.implementations = implementations
    }
}

/// What one timed run of an implementation produced.
public struct BenchOutcome {
    /// Rows processed.
    public var rows: Int
    /// A checksum of the values read, computed after the clock stopped (so it costs the timing nothing); `nil` when
    /// the case has none. Compared across implementations like `rows`.
    public var checksum: (() -> Int64)?
    /// Extra figures of this run (commits a concurrent writer made), reported as their median over the rounds.
    public var figures: [String: Double]

    /// CPU time a child process spent on this run, counted with the bench process's own (a case whose work runs in
    /// a child it talks to, such as the `sqlite3` shell of the codec's extension scan); `nil`: none.
    public var childCPUSeconds: Double?

    public init(rows: Int, checksum: (() -> Int64)? = nil, figures: [String: Double] = [:]) {
        self.rows = rows
        self.checksum = checksum
        self.figures = figures
    }

    /// An outcome whose checksum was already computed while reading.
    public init(rows: Int, checksum value: Int64, figures: [String: Double] = [:]) {
        self.init(rows: rows, checksum: { value }, figures: figures)
    }
}

/// What one implementation measured in one case: one object of `driverport bench --json`.
public struct BenchResult: Sendable, Codable, Equatable {
    public var name: String
    public var family: String
    public var implementation: String
    /// The median wall-clock time of one run, over the rounds.
    public var medianSeconds: Double
    /// The median CPU time of one run (all threads of the process), over the rounds.
    public var medianCPUSeconds: Double?
    /// The median of the per-round ratios of CPU time to the baseline's: steadier than the wall-clock ratio when
    /// other programs compete for the processors (not meaningful for the concurrency cases, whose point is time).
    public var cpuRatioToBaseline: Double?
    /// The median of the per-round ratios to the raw C baseline measured in the same round (`nil` when the case's
    /// baseline is not raw C over the same engine).
    public var ratioToRawC: Double?
    /// The implementation this case compares with (raw C, the plain file, a queue, Debian's SQLCipher engine).
    public var baseline: String?
    /// The median of the per-round ratios to ``baseline`` (equal to ``ratioToRawC`` when that is the baseline).
    public var ratioToBaseline: Double?
    /// Rows processed by one run.
    public var rows: Int
    /// How many rounds ran.
    public var rounds: Int
    /// The interquartile range of the per-round ratios (or times, without a baseline) over their median.
    public var spread: Double?
    /// Extra figures a case reports (peak resident memory, writer commits), by name.
    public var extra: [String: Double]?

    public init(
        name: String, family: String, implementation: String, medianSeconds: Double, medianCPUSeconds: Double? = nil,
        cpuRatioToBaseline: Double? = nil, ratioToRawC: Double? = nil,
        baseline: String? = nil, ratioToBaseline: Double? = nil, rows: Int, rounds: Int, spread: Double? = nil,
        extra: [String: Double]? = nil
    ) {
        self.name = name
        self.family = family
        self.implementation = implementation
        self.medianSeconds = medianSeconds
        self.medianCPUSeconds = medianCPUSeconds
        self.cpuRatioToBaseline = cpuRatioToBaseline
        self.ratioToRawC = ratioToRawC
        self.baseline = baseline
        self.ratioToBaseline = ratioToBaseline
        self.rows = rows
        self.rounds = rounds
        self.spread = spread
        self.extra = extra
    }
}

/// A case whose implementations disagree on the rows they processed or on what they read.
public struct BenchMismatchError: Error, CustomStringConvertible {
    public let caseName: String
    public let counts: [String: Int]
    public let checksums: [String: Int64]

    public init(caseName: String, counts: [String: Int], checksums: [String: Int64] = [:]) {
        self.caseName = caseName
        self.counts = counts
        self.checksums = checksums
    }

    public var description: String {
        if Set(counts.values).count > 1 {
            let list = counts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
            return "bench case \(caseName): implementations processed different row counts (\(list))"
        }
        let list = checksums.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        return "bench case \(caseName): implementations read different values (checksums \(list))"
    }
}
