/// What an upgrade did (or, for a dry run, would do).
public struct UpgradeReport: Sendable, Equatable, Codable {
    /// The file, as given.
    public let path: String
    /// `user_version` as stored before the upgrade.
    public let storedVersion: Int64
    /// The version the steps started from (see ``UpgradePlan/fromVersion``).
    public let fromVersion: Int64
    /// The version asked for.
    public let targetVersion: Int64
    /// The version the file is at now.
    public let reachedVersion: Int64
    /// Whether nothing was changed because only the plan was asked for.
    public let dryRun: Bool
    /// The steps run (or, for a dry run, planned).
    public let steps: [UpgradeStep]
    /// The backup written before the first step.
    public let backup: String?
    /// Whether that backup is still on disk.
    public let backupKept: Bool
    /// `PRAGMA integrity_check` after the last step (`ok`), when steps ran.
    public let integrityCheck: String?
    /// Tables created besides those the scripts create (older shapes first, then the version 21 completion).
    public let createdTables: [String]
    /// Backups of this file that existed before this run (an interrupted run's, or kept ones); never removed.
    public let earlierBackups: [String]

    init(
        plan: UpgradePlan, dryRun: Bool, reachedVersion: Int64? = nil, backup: String? = nil, backupKept: Bool = false,
        integrityCheck: String? = nil, createdTables: [String] = [], earlierBackups: [String]
    ) {
        path = plan.path
        storedVersion = plan.storedVersion
        fromVersion = plan.fromVersion
        targetVersion = plan.targetVersion
        self.reachedVersion = reachedVersion ?? plan.storedVersion
        self.dryRun = dryRun
        steps = plan.steps
        self.backup = backup
        self.backupKept = backupKept
        self.integrityCheck = integrityCheck
        self.createdTables = createdTables
        self.earlierBackups = earlierBackups
    }

    /// The report of a dry run: the plan, nothing changed.
    public static func dryRun(_ plan: UpgradePlan, earlierBackups: [String] = []) -> UpgradeReport {
        UpgradeReport(plan: plan, dryRun: true, earlierBackups: earlierBackups)
    }
}
