import MMEXSchema
import SQLiteEngine

/// One step of an upgrade: the script that takes the file from `version - 1` to `version`, run in its own
/// transaction together with `PRAGMA user_version = version`.
public struct UpgradeStep: Sendable, Equatable, Codable {
    /// The version the step reaches.
    public let version: Int
    /// What the script is for (its comments).
    public let summary: String
    /// Whether the script holds statements; an empty one only moves `user_version` on.
    public let runsStatements: Bool
    /// Version 21 tables the script needs that the file lacks, created first in their shape at `version - 1`
    /// (see ``HistoricalTable``).
    public let createsFirst: [String]
    /// Whether the step ends by creating every version 21 table and index the file still lacks (the last step to
    /// 21: the scripts never create tables such as `SETTING_V1`, `USAGE_V1` or `ATTACHMENT_V1`, which the MMEX apps
    /// create when they open a file).
    public let completesSchema: Bool
    /// The version 21 tables that completion will create, as far as the plan can tell.
    public let completesTables: [String]
}

/// What an upgrade will do to a file, read without changing it.
public struct UpgradePlan: Sendable, Equatable, Codable {
    /// The file, as given.
    public let path: String
    /// `PRAGMA user_version` as stored in the file.
    public let storedVersion: Int64
    /// The version the steps start from: the stored one, except that a file stored as 7 whose `ACCOUNTLIST_V1` has
    /// fewer than the 20 columns script 7 leaves is at 6 (MMEX desktop corrects this the same way).
    public let fromVersion: Int64
    /// The version the steps reach.
    public let targetVersion: Int64
    /// The steps, in the order they run: `fromVersion + 1` ... `targetVersion`.
    public let steps: [UpgradeStep]

    /// Whether the file is already at the target.
    public var isEmpty: Bool { steps.isEmpty }
}

/// Reads a file's version and shape and works out the steps to a target version. Changes nothing.
enum UpgradePlanner {
    /// Tables every MMEX file has had since its first version.
    static let requiredTables = ["ACCOUNTLIST_V1", "CHECKINGACCOUNT_V1", "INFOTABLE_V1"]

    /// Every script, 1 through the newest version, loaded once.
    static func scripts() throws -> [UpgradeScript] { try cachedScripts.get() }

    private static let cachedScripts: Result<[UpgradeScript], any Error> = Result {
        try (1...Int(MMEXSchema.currentVersion)).map { try UpgradeScript.load(version: $0) }
    }

    /// Columns that scripts from `version` on add to `table` (upper-case).
    static func columnsAdded(to table: String, fromVersion version: Int) throws -> Set<String> {
        Set(try scripts().filter { $0.version >= version }.flatMap(\.addedColumns)
            .filter { $0.table == table }.map(\.column))
    }

    static func plan(
        _ connection: EngineConnection, path: String, target: Int64
    ) throws -> UpgradePlan {
        let newest = MMEXSchema.currentVersion
        guard (1...newest).contains(target) else { throw UpgradeError.unknownTarget(target: target, newest: newest) }
        let stored = try connection.userVersion
        if stored > newest { throw UpgradeError.newerThanSupported(path: path, version: stored, newest: newest) }
        var columns = try tableColumns(connection)
        var from = stored
        if stored == 7, let accountColumns = columns["ACCOUNTLIST_V1"]?.count, (1..<20).contains(accountColumns) {
            from = 6
        }
        if from > target { throw UpgradeError.cannotDowngrade(path: path, version: from, target: target) }
        guard from < target else {
            return UpgradePlan(path: path, storedVersion: stored, fromVersion: from, targetVersion: target, steps: [])
        }
        let missing = requiredTables.filter { columns[$0] == nil }
        if !missing.isEmpty { throw UpgradeError.notMMEX(path: path, missingTables: missing) }

        let referenceTables = try MMEXReference.definitions().filter { $0.kind == .table }.map { $0.name.uppercased() }
        let reference = try MMEXReference.shape()
        var steps: [UpgradeStep] = []
        for version in Int(from + 1)...Int(target) {
            let script = try scripts()[version - 1]
            let needed = referenceTables.filter {
                script.mentionedNames.contains($0) && !script.createdTables.contains($0) && columns[$0] == nil
            }
            for table in needed {
                let all = Set((reference.tables.first { $0.key.uppercased() == table }?.value ?? []).map { $0.name.uppercased() })
                columns[table] = all.subtracting(try columnsAdded(to: table, fromVersion: version))
            }
            for table in script.createdTables where columns[table] == nil { columns[table] = [] }
            for added in script.addedColumns {
                if columns[added.table]?.contains(added.column) == true {
                    throw UpgradeError.shapeConflict(
                        path: path, version: stored, step: version, table: added.table, column: added.column
                    )
                }
                columns[added.table, default: []].insert(added.column)
            }
            let completes = version == Int(newest)
            steps.append(UpgradeStep(
                version: version, summary: script.summary, runsStatements: script.hasStatements,
                createsFirst: needed, completesSchema: completes,
                completesTables: completes ? referenceTables.filter { columns[$0] == nil } : []
            ))
        }
        return UpgradePlan(path: path, storedVersion: stored, fromVersion: from, targetVersion: target, steps: steps)
    }

    /// Table name (upper-case) -> its column names (upper-case).
    static func tableColumns(_ connection: EngineConnection) throws -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for table in try TableDumper.tableNames(connection) {
            let info = try connection.rows("PRAGMA table_info(\(quoteIdentifier(table)))")
            result[table.uppercased()] = Set(info.compactMap { $0[1].textValue?.uppercased() })
        }
        return result
    }
}
