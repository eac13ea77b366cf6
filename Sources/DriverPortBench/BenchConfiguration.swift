import Foundation

/// The case families `driverport bench` runs, in the order it runs them.
public enum BenchFamily: String, Sendable, CaseIterable, Codable {
    /// Case 1: fetch rows of ten integer columns by index, by column name, into records.
    case fetch
    /// Case 2: insert rows of ten integer columns in one transaction.
    case insert
    /// Case 3 and 6: MMEX load, balances, monthly report, point lookups, at one or several fixture sizes.
    case mmex
    /// Case 4: full scans of one fixture plain and in each cipher; key derivation; SQLCipher v3 on both engines.
    case codec
    /// Case 5: reader tasks on a pool and on a queue, with and without a concurrent writer.
    case concurrency
    /// Case 6: peak resident memory of a streamed scan, each implementation in its own child process.
    case memory
    /// The reader/writer driver's query interface and records against the raw C work of `fetch` and `insert`.
    case records
    /// Shadow mode's cost: MMEX read and write units through the control session alone and through a shadow session
    /// comparing 0%, 1% and 100% of them (the cases live with the command line, which links the MMEX sessions).
    case shadow
    /// `driverport diff` and `driverport inspect` as a user runs them, each run a child process: plain vs SQLCipher
    /// v4 vs AES-128, the 200-transaction fixture vs the large one per slice, the 1M fixture's peak memory.
    case diff
}

/// What a bench run measures: sizes, rounds and which families.
public struct BenchConfiguration: Sendable {
    /// `full`, `quick` or `custom` (tests), as the report names it.
    public var mode: String
    /// Rows of the fetch case (case 1).
    public var fetchRows: Int
    /// Rows of the insert case (case 2).
    public var insertRows: Int
    /// Transactions of the fixture the MMEX cases (3) and the codec cases (4) use.
    public var mmexTransactions: Int
    /// Point lookups of the MMEX lookup case.
    public var lookups: Int
    /// Further fixture sizes for the MMEX load and report cases (case 6); `mmexTransactions` is measured anyway.
    public var scaleTransactions: [Int]
    /// Reader task counts of the concurrency case.
    public var readerCounts: [Int]
    /// Reads per concurrency run, shared among its reader tasks.
    public var concurrentReads: Int
    /// Rows each concurrent read scans.
    public var rowsPerRead: Int
    /// Transactions of the fixture the memory probe scans (`nil`: no probe).
    public var memoryProbeTransactions: Int?
    /// Rounds for ordinary cases.
    public var runner: BenchRunner
    /// Rounds for long cases (loads of a million transactions, key derivations).
    public var longRunner: BenchRunner
    /// The families to run.
    public var families: [BenchFamily]
    /// Random operations per slice of each `diff` run (same seed, 1, everywhere).
    public var diffOperations: Int
    /// Transactions of the small fixture the `diff` family's scale cases compare the mmex-size one with.
    public var diffSmallTransactions: Int
    /// Transactions of the fixture the `diff` family runs the infotable slice on once for its peak memory (`nil`:
    /// not in this run).
    public var diffLargestTransactions: Int?
    /// The slices of the `diff` family's cipher case (comma-separated, as `--slices` takes them).
    public var diffCipherSlices: String
    /// The slices of the `diff` family's scale cases (200 transactions vs the mmex size), one case each.
    public var diffScaleSlices: [String]
    /// The codec as a loadable extension (`libdriverport_codec.so`), for the codec family's scan through the
    /// `sqlite3` shell; `nil`: that case is left out, with a note.
    public var codecExtensionLibrary: String?

    public init(
        mode: String, fetchRows: Int, insertRows: Int, mmexTransactions: Int, lookups: Int, scaleTransactions: [Int],
        readerCounts: [Int], concurrentReads: Int, rowsPerRead: Int, memoryProbeTransactions: Int?,
        runner: BenchRunner, longRunner: BenchRunner, families: [BenchFamily] = BenchFamily.allCases,
        diffOperations: Int = 100, diffSmallTransactions: Int = 200, diffLargestTransactions: Int? = nil,
        diffCipherSlices: String = "infotable,currencies,accounts",
        diffScaleSlices: [String] = ["infotable", "currencies", "accounts", "transactions"]
    ) {
        self.mode = mode
        self.fetchRows = fetchRows
        self.insertRows = insertRows
        self.mmexTransactions = mmexTransactions
        self.lookups = lookups
        self.scaleTransactions = scaleTransactions
        self.readerCounts = readerCounts
        self.concurrentReads = concurrentReads
        self.rowsPerRead = rowsPerRead
        self.memoryProbeTransactions = memoryProbeTransactions
        self.runner = runner
        self.longRunner = longRunner
        self.families = families
        self.diffOperations = diffOperations
        self.diffSmallTransactions = diffSmallTransactions
        self.diffLargestTransactions = diffLargestTransactions
        self.diffCipherSlices = diffCipherSlices
        self.diffScaleSlices = diffScaleSlices
    }

    /// The full run of issue 11: 200k-row fetches, 50k-row inserts, a 100k-transaction fixture, scale to 1M, the
    /// memory probe on 1M transactions. A few minutes in a release build (plus making the fixtures the first time).
    public static let full = BenchConfiguration(
        mode: "full", fetchRows: 200_000, insertRows: 50_000, mmexTransactions: 100_000, lookups: 10_000,
        scaleTransactions: [10_000, 1_000_000], readerCounts: [1, 2, 4], concurrentReads: 160, rowsPerRead: 2_500,
        memoryProbeTransactions: 1_000_000,
        runner: BenchRunner(minimumRounds: 5, maximumRounds: 11, targetSpread: 0.05),
        longRunner: BenchRunner(minimumRounds: 3, maximumRounds: 4, targetSpread: 0.05),
        // The transactions slice is left out of the full run's scale cases: on 100k transactions its operations
        // read every transaction (474 s for 20 operations, measured once), which would make `make bench` take hours.
        diffOperations: 100, diffLargestTransactions: 1_000_000, diffScaleSlices: ["infotable", "currencies", "accounts"])

    /// The CI smoke run: every family at a tenth of the size, fewer rounds; under a minute in a release build.
    public static let quick = BenchConfiguration(
        mode: "quick", fetchRows: 20_000, insertRows: 5_000, mmexTransactions: 10_000, lookups: 1_000,
        scaleTransactions: [2_000], readerCounts: [1, 2, 4], concurrentReads: 48, rowsPerRead: 2_000,
        memoryProbeTransactions: 10_000,
        runner: BenchRunner(minimumRounds: 3, maximumRounds: 5, targetSpread: 0.1),
        longRunner: BenchRunner(minimumRounds: 2, maximumRounds: 3, targetSpread: 0.1),
        diffOperations: 20, diffCipherSlices: "infotable", diffScaleSlices: ["infotable", "accounts"])

    /// Every size a fixture is needed at, plain.
    var fixtureSizes: [Int] {
        var sizes: [Int] = []
        if families.contains(.mmex) { sizes += [mmexTransactions] + scaleTransactions }
        if families.contains(.codec) || families.contains(.shadow) { sizes.append(mmexTransactions) }
        if families.contains(.memory), let probe = memoryProbeTransactions { sizes.append(probe) }
        if families.contains(.diff) {
            sizes += [diffSmallTransactions, mmexTransactions] + (diffLargestTransactions.map { [$0] } ?? [])
        }
        return Array(Set(sizes)).sorted()
    }
}

/// A row or transaction count as case names print it: `200k`, `1m`, `2500`.
func sizeLabel(_ count: Int) -> String {
    if count >= 1_000_000, count % 1_000_000 == 0 { return "\(count / 1_000_000)m" }
    if count >= 1_000, count % 1_000 == 0 { return "\(count / 1_000)k" }
    return "\(count)"
}
