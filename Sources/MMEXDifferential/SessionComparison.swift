import Differential
import MMEXLegacy
import MMEXModel
import MMEXReaderWriter
import MMEXSession
import PersistenceSession

/// The two comparisons every ported slice runs: the legacy session (the reference) against each reader/writer
/// session.
public enum SessionComparison: String, Sendable, Hashable, Codable, CaseIterable {
    case legacyVsQueue = "legacy vs queue"
    case legacyVsPool = "legacy vs pool"

    /// The reference side.
    public var baseline: DriverKind { .legacy }

    /// The side being proven equal.
    public var candidate: DriverKind {
        switch self {
        case .legacyVsQueue: .queue
        case .legacyVsPool: .pool
        }
    }
}

/// What the sessions of a differential run open: a copy of a file (with its key), or each its own sample database.
public enum DiffSource: Sendable {
    case file(path: String, key: DatabaseKey?)
    case inMemorySample
}

extension DriverKind {
    /// The session type of this driver: one of the project's three kinds (``DriverKind/allCases``, the only kinds the
    /// command line parses, ``DriverKind/known(_:)``); an app's own kind has no MMEX session, and asking for one is a
    /// programming error.
    public var sessionType: any MMEXSession.Type {
        switch self {
        case .legacy: LegacySession.self
        case .queue: QueueSession.self
        case .pool: PoolSession.self
        default: preconditionFailure("no MMEX session runs on driver '\(rawValue)'; use legacy, queue or pool")
        }
    }

    /// How the harness opens and closes this driver's session on its copy (or on a sample), with the
    /// deterministic minter, so both sides mint the same ids.
    public func differentialSide(_ source: DiffSource) -> DifferentialSide<any MMEXSession> {
        differentialSide(source, statementRewrite: nil)
    }

    /// ``differentialSide(_:)`` with every statement the side's driver prepares passed through `statementRewrite`
    /// (the planted-bug run's hook).
    package func differentialSide(
        _ source: DiffSource, statementRewrite: (@Sendable (String) -> String)?
    ) -> DifferentialSide<any MMEXSession> {
        let type = sessionType
        return DifferentialSide(
            name: rawValue,
            open: { path -> any MMEXSession in
                var configuration = SessionConfiguration(minter: DeterministicMinter.make())
                configuration.statementRewrite = statementRewrite
                switch source {
                case .file(_, let key):
                    return try type.open(at: path, key: key, access: .readWrite, configuration: configuration)
                case .inMemorySample:
                    return try type.openInMemorySample(configuration: configuration)
                }
            },
            close: { session in try session.close() }
        )
    }
}
