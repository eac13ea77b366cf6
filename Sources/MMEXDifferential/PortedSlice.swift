import Differential
import MMEXModel
import MMEXSession
import PersistenceSession

/// A hand-written scenario of a slice, with the repositories it exercises (for the status table's counts).
public struct SliceScenario {
    public let scenario: Scenario<any MMEXSession>
    public let repositories: Set<MMEXRepository>

    public init(_ name: String, covers repositories: Set<MMEXRepository>, _ operations: [DifferentialOperation<any MMEXSession>]) {
        scenario = Scenario(name: name, operations: operations)
        self.repositories = repositories
    }
}

/// One ported slice, the one value everything else about it is derived from: its place in the port, its repositories
/// (their model keys, vended by both drivers), its hand-written scenarios, its random operation generator and what
/// the legacy driver reads back after every scenario.
///
/// A slice's scenario file makes one of these; ``SliceRegistry/ported`` lists them. From that list come the
/// `--slices` names, the status table's rows (``MigrationStatus``), the scenarios `driverport diff` and `record` run
/// and the read-back of every comparison.
public struct PortedSlice {
    /// Its name and stage in the port.
    public let slice: RepositorySlice
    /// The repositories the slice ports on both drivers.
    public let repositories: [MMEXRepository]
    /// The scenarios that pin the contract's corners, run before the random ones.
    public let handWritten: [SliceScenario]
    /// Draws random operations over all of ``repositories``.
    public let random: OperationGenerator<any MMEXSession>
    /// What the read-back check reads after every scenario: every table the slice writes, read by the legacy session
    /// on the copy the reader/writer session left, which must give what the reader/writer session itself reads
    /// (``DifferentialHarness/readBack``). Each is made with ``SessionOperation/readBack(_:_:)``.
    public let readBack: [DifferentialOperation<any MMEXSession>]

    /// The slice from its parts; a slice's file makes it, ``SliceRegistry/ported`` lists it.
    public init(
        slice: RepositorySlice, repositories: [MMEXRepository], handWritten: [SliceScenario],
        random: OperationGenerator<any MMEXSession>, readBack: [DifferentialOperation<any MMEXSession>]
    ) {
        self.slice = slice
        self.repositories = repositories
        self.handWritten = handWritten
        self.random = random
        self.readBack = readBack
    }

    /// The name `--slices` takes and reports show (`infotable`).
    public var name: String { slice.rawValue }

    /// Its stage in the port plan.
    public var stage: Int { slice.stage }

    /// The hand-written scenarios, then `options.randomScenarioCount` random ones of at most
    /// `options.operationsPerScenario` operations, seeded `seed`, `seed + 1`, ...
    public func scenarios(_ options: DiffOptions) -> [Scenario<any MMEXSession>] {
        var scenarios = handWritten.map(\.scenario)
        var remaining = options.randomOperations
        var index: UInt64 = 0
        while remaining > 0 {
            let count = min(remaining, options.operationsPerScenario)
            let seed = options.seed &+ index
            scenarios.append(random.scenario(named: "random-\(seed)", seed: seed, count: count))
            remaining -= count
            index += 1
        }
        return scenarios
    }

    /// How many scenarios cover `repository` with `options`: the hand-written ones that exercise it, plus every
    /// random one (the generator draws from all of the slice's repositories).
    public func scenarioCount(for repository: MMEXRepository, _ options: DiffOptions) -> Int {
        guard repositories.contains(repository) else { return 0 }
        let random = options.randomScenarioCount
        return handWritten.filter { $0.repositories.contains(repository) }.count + random
    }
}

/// How much random work a differential run does.
public struct DiffOptions: Sendable, Hashable, Codable {
    /// The first random scenario's seed (the next ones count up from it).
    public var seed: UInt64
    /// Random operations per slice (per comparison), spread over scenarios of ``operationsPerScenario``.
    public var randomOperations: Int
    /// At most this many operations per random scenario (each scenario runs on fresh copies, so a failure is
    /// found and shrunk within a short history).
    public var operationsPerScenario: Int

    public init(seed: UInt64 = 1, randomOperations: Int = 1000, operationsPerScenario: Int = 250) {
        self.seed = seed
        self.randomOperations = max(0, randomOperations)
        self.operationsPerScenario = max(1, operationsPerScenario)
    }

    /// What `driverport diff` runs without options: seed 1, 1000 random operations per slice.
    public static let standard = DiffOptions()

    /// The number of random scenarios these options make.
    public var randomScenarioCount: Int {
        (randomOperations + operationsPerScenario - 1) / operationsPerScenario
    }
}
