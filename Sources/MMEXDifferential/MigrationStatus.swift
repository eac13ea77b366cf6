import MMEXLegacy
import MMEXModel
import MMEXReaderWriter
import PersistenceSession

/// MIGRATION.md's status table, derived from the code: which session implements each repository (asked of the
/// sessions themselves) and how many differential scenarios cover it (counted in ``SliceRegistry``).
///
/// `MigrationStatusTests` checks that the table in MIGRATION.md is exactly ``markdown(_:)`` of ``rows()``, so the
/// document cannot claim a port the code does not have.
public enum MigrationStatus {
    /// One row of the table.
    public struct Row: Sendable, Hashable {
        public let repository: MMEXRepository
        public let legacy: Bool
        /// Both reader/writer sessions (queue and pool) implement it.
        public let readerWriter: Bool
        /// Differential scenarios covering it, with the standard options of `driverport diff`.
        public let scenarios: Int
        /// Whether the registry lists its slice as ported.
        public let registered: Bool

        public var slice: RepositorySlice { repository.slice }
        /// Ported: both drivers implement it and the registry runs its scenarios.
        public var isPorted: Bool { legacy && readerWriter && registered }
    }

    /// The status of every repository, asking each session type (on its sample database) what it implements.
    public static func rows(options: DiffOptions = .standard) throws -> [Row] {
        let registry = SliceRegistry.ported
        let legacy = try LegacySession.openInMemorySample(configuration: .standard)
        let queue = try QueueSession.openInMemorySample(configuration: .standard)
        let pool = try PoolSession.openInMemorySample(configuration: .standard)
        defer {
            try? legacy.close()
            try? queue.close()
            try? pool.close()
        }
        return try MMEXRepository.allCases.map { repository in
            let slice = registry.first { $0.slice == repository.slice }
            return Row(
                repository: repository, legacy: try repository.isImplemented(by: legacy),
                readerWriter: try repository.isImplemented(by: queue) && repository.isImplemented(by: pool),
                scenarios: slice?.scenarioCount(for: repository, options) ?? 0,
                registered: slice?.repositories.contains(repository) ?? false
            )
        }
    }

    /// The command that reruns a slice's scenarios on the committed fixture.
    public static func rerunCommand(for slice: RepositorySlice) -> String {
        "driverport diff Fixtures/mmex-200.mmb --slices \(slice.rawValue)"
    }

    /// The Markdown table (header and one line per repository), as MIGRATION.md holds it.
    public static func markdown(_ rows: [Row]) -> String {
        var lines = [
            "| repository | slice | legacy driver | reader/writer driver | differential scenarios | rerun |",
            "|---|---|---|---|---|---|",
        ]
        for row in rows {
            let rerun = row.isPorted ? "`\(rerunCommand(for: row.slice))`" : "—"
            lines.append(
                "| `\(row.repository.protocolName)` | \(row.slice.stage): \(row.slice.rawValue) | \(row.legacy ? "yes" : "no") "
                    + "| \(row.readerWriter ? "yes" : "no") | \(row.scenarios) | \(rerun) |"
            )
        }
        return lines.joined(separator: "\n")
    }
}
