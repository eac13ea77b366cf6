import MMEXLegacy
import MMEXModel
import MMEXReaderWriter
import PersistenceSession

/// MIGRATION.md's status table, derived from the code: one row per repository of the registered slices, with which
/// session implements it (asked of the sessions themselves) and how many differential scenarios cover it (counted
/// in the slice).
///
/// `MigrationStatusTests` checks that the table in MIGRATION.md is exactly ``markdown(_:)`` of ``rows(options:slices:)``,
/// so the document cannot claim a port the code does not have.
public enum MigrationStatus {
    /// One row of the table.
    public struct Row: Sendable, Hashable {
        public let repository: MMEXRepository
        /// The slice that ports it.
        public let slice: RepositorySlice
        public let legacy: Bool
        /// Both reader/writer sessions (queue and pool) implement it.
        public let readerWriter: Bool
        /// Differential scenarios covering it, with the standard options of `driverport diff`.
        public let scenarios: Int

        /// Ported: both drivers implement it (its slice is registered, or it would have no row).
        public var isPorted: Bool { legacy && readerWriter }
    }

    /// The status of every repository of `slices`, asking each session type (on its sample database) whether it
    /// vends it.
    public static func rows(options: DiffOptions = .standard, slices: [PortedSlice] = SliceRegistry.ported) throws -> [Row] {
        let legacy = try LegacySession.openInMemorySample(configuration: .standard)
        let queue = try QueueSession.openInMemorySample(configuration: .standard)
        let pool = try PoolSession.openInMemorySample(configuration: .standard)
        defer {
            try? legacy.close()
            try? queue.close()
            try? pool.close()
        }
        return try slices.flatMap { slice in
            try slice.repositories.map { repository in
                Row(
                    repository: repository, slice: slice.slice, legacy: try repository.isImplemented(by: legacy),
                    readerWriter: try repository.isImplemented(by: queue) && repository.isImplemented(by: pool),
                    scenarios: slice.scenarioCount(for: repository, options)
                )
            }
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
