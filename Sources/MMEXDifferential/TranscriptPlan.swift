import Differential
import MMEXModel
import MMEXSession
import MMEXSessionSupport
import PersistenceSession
import SQLiteEngine

/// What a golden transcript of MMEX runs (`driverport record` and `verify`): the differential's scenarios of the
/// chosen slices, one session at a time, and the rules for reading its copies back. The parameters recorded in the
/// transcript's header (``parameters``) make the same scenarios again (``init(parameters:)``).
public struct TranscriptPlan: Sendable, Equatable {
    public var slices: [String]
    public var options: DiffOptions

    /// - Throws: ``UnknownSliceError`` for a name that is not a ported slice.
    public init(slices names: [String], options: DiffOptions) throws {
        slices = try SliceRegistry.slices(named: names).map(\.name)
        self.options = options
    }

    /// The plan a transcript's header describes.
    ///
    /// - Throws: ``PlanError`` when a parameter is missing or not valid, ``UnknownSliceError`` for a slice that is no
    ///   longer ported.
    public init(parameters: [String: String]) throws {
        func number(_ name: String) throws -> UInt64 {
            guard let text = parameters[name] else { throw PlanError(reason: "no '\(name)' parameter") }
            guard let value = UInt64(text) else { throw PlanError(reason: "the '\(name)' parameter is not a whole number") }
            return value
        }
        let seed = try number("seed")
        let operations = try number("operations")
        let perScenario = try number("operations-per-scenario")
        guard operations <= 10_000_000, perScenario >= 1, perScenario <= 10_000_000 else {
            throw PlanError(reason: "an operation count is out of range")
        }
        guard let slices = parameters["slices"] else { throw PlanError(reason: "no 'slices' parameter") }
        try self.init(
            slices: slices.split(separator: ",").map(String.init),
            options: DiffOptions(seed: seed, randomOperations: Int(operations), operationsPerScenario: Int(perScenario))
        )
    }

    /// A transcript header's parameter that is missing or not valid.
    public struct PlanError: Error, Sendable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// The header's parameters, in order.
    public var parameters: [(name: String, value: String)] {
        [
            ("seed", String(options.seed)), ("operations", String(options.randomOperations)),
            ("operations-per-scenario", String(options.operationsPerScenario)), ("slices", slices.joined(separator: ",")),
        ]
    }

    /// "open and close", then every chosen slice's scenarios (hand-written, then seeded random ones), each named
    /// `slice/scenario`.
    public func scenarios() throws -> [Scenario<any MMEXSession>] {
        var all = [Scenario<any MMEXSession>(name: "open and close", operations: [])]
        for slice in try SliceRegistry.slices(named: slices) {
            all += slice.scenarios(options).map { scenario in
                var named = scenario
                named.name = "\(slice.name)/\(scenario.name)"
                return named
            }
        }
        return all
    }

    /// Columns left out of the state hash: the clock stamps the differential does not compare either
    /// (``SessionDiffRunner``), which a transcript recorded on one day and verified on another always sees differ.
    public static var ignoredColumns: Set<String> { SessionDiffRunner.clockStampedColumns }

    /// An error as a transcript keeps it: ``ComparedErrors/standard(_:)`` (as the differential compares errors), with the
    /// folder of the import scenarios' source files (a new temporary folder in every process) replaced by
    /// `<import-sources>`, so a transcript recorded in one process verifies in another.
    public static func describeError(_ error: any Error) -> String {
        let text = ComparedErrors.standard(error)
        guard let folder = try? ImportSources.shared().folder else { return text }
        return text.replacingOccurrences(of: folder, with: "<import-sources>")
    }

    /// Opens a copy for reading its state back (applying the key of an encrypted file).
    public static func inspect(key: DatabaseKey?) throws -> @Sendable (String) throws -> EngineConnection {
        let sessionKey = try key.map(SessionKey.init)
        return { path in try SessionKey.openForInspection(path, key: sessionKey) }
    }

    /// Refuses what no session can open (missing, not a database, wrong key, not MMEX, too new) before any copy is
    /// made, with `path` in the error; read-only, so the file and its sidecars are left as they are.
    public static func checkOpens(_ path: String, key: DatabaseKey?) throws {
        try DriverKind.legacy.sessionType.open(at: path, key: key, access: .readOnly, configuration: .standard).close()
    }
}
