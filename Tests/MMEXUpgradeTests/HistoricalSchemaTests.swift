import Foundation
import MMEXFiles
import SQLiteEngine
import TestSupport
import Testing

/// Seed 000's lesson: a historical schema test inserts rows with the table's shape at that version, read from the
/// file, never with today's model; then it upgrades and checks every row.
@Suite("Historical schemas upgrade to 21 with every row intact")
struct HistoricalSchemaTests {
    /// Every other version from 0 and the last three in the test run (each upgrade runs every later script, so every
    /// script still runs on rows of many older shapes); every version in the soak.
    static let versions: [Int64] = Soak.isEnabled
        ? Array(0...21) : Array(Swift.stride(from: Int64(0), through: 18, by: 2)) + [19, 20, 21]

    @Test("rows written in the version-k shape survive the upgrade to 21, apart from the scripts' documented changes", .needsSharedData,
          arguments: versions)
    func rowsSurviveFromVersion(version: Int64) throws {
        let folder = TemporaryDirectory()
        let path = try UpgradeFixtures.file(atVersion: version, in: folder)
        let before: TableRows
        do {
            let connection = try EngineConnection(path: path)
            #expect(try connection.userVersion == version)
            try HistoricalRows.insert(into: connection, version: version)
            before = try UpgradeFixtures.rows(connection)
            connection.close()
        }
        #expect(HistoricalRows.duplicateCategoryNames(before).isEmpty)

        let report = try MMEXUpgrader(path: path).upgrade()
        #expect(report.reachedVersion == 21)
        #expect(report.integrityCheck == "ok" || (version == 21 && report.steps.isEmpty))

        let after = try UpgradeFixtures.state(of: path)
        #expect(after.userVersion == 21)
        try expectRows(after.rows, match: HistoricalRows.expectedAfterUpgrade(before, from: version))
        let check = try schemaCheck(path)
        #expect(check.isClean, "\(check)")
    }

    @Test("the real 0.9.7 file upgrades to 21: every row kept, subcategories folded into CATEGORY_V1, schema clean", .needsSharedData)
    func realVersion0File() throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(UpgradeFixtures.realV0, as: "mmex-0.9.7.mmb")
        let before = try UpgradeFixtures.state(of: path).rows
        let report = try MMEXUpgrader(path: path).upgrade()
        #expect(report.fromVersion == 0 && report.reachedVersion == 21)
        #expect(report.createdTables.contains("REPORT_V1"))
        let after = try UpgradeFixtures.state(of: path)
        try expectRows(after.rows, match: HistoricalRows.expectedAfterUpgrade(before, from: 0))

        // Row counts: every table keeps its rows; CATEGORY_V1 gains one row per subcategory (no duplicates here).
        let countsBefore = UpgradeFixtures.counts(before)
        let countsAfter = UpgradeFixtures.counts(after.rows)
        for (table, count) in countsBefore where table != "SUBCATEGORY_V1" && table != "CATEGORY_V1" {
            #expect(countsAfter[table] == count, "\(table)")
        }
        #expect(countsBefore["CATEGORY_V1"] == 16 && countsBefore["SUBCATEGORY_V1"] == 41)
        #expect(countsAfter["CATEGORY_V1"] == 57)
        #expect(countsAfter["SUBCATEGORY_V1"] == nil)
        #expect(try schemaCheck(path).isClean)
        #expect(try FileProbe.examine(path).pageSize == 1024)
    }

    @Test("the real Android v19 file upgrades to 21 with row counts preserved and the schema check clean", .needsSharedData)
    func realAndroidV19File() throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(UpgradeFixtures.realV19, as: "android.mmb")
        let before = try UpgradeFixtures.state(of: path).rows
        let checkBefore = try schemaCheck(path)
        // Android, like desktop, keeps settings and usage out of the data file; the scripts never create them.
        #expect(checkBefore.missingTables == ["SETTING_V1", "USAGE_V1"])
        let report = try MMEXUpgrader(path: path).upgrade()
        #expect(report.steps.map(\.version) == [20, 21])
        #expect(report.createdTables == ["SETTING_V1", "USAGE_V1"])
        let after = try UpgradeFixtures.state(of: path)
        #expect(after.userVersion == 21)
        #expect(UpgradeFixtures.counts(after.rows).filter { before[$0.key] != nil } == UpgradeFixtures.counts(before))
        try expectRows(after.rows, match: HistoricalRows.expectedAfterUpgrade(before, from: 19))
        let names = after.rows["ACCOUNTLIST_V1"]?.values.compactMap { $0["ACCOUNTNAME"]?.textValue } ?? []
        #expect(names.contains { $0.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) } })
        #expect(try schemaCheck(path).isClean)
    }

    @Test("the upgrade scripts never create SETTING_V1 or USAGE_V1; only the completion of the last step does", .needsSharedData)
    func scriptsNeverCreateSettingOrUsage() throws {
        let scripts = try (1...21).map { try UpgradeScript.load(version: $0) }
        let created = scripts.reduce(into: Set<String>()) { $0.formUnion($1.createdTables) }
        #expect(!created.contains("SETTING_V1"))
        #expect(!created.contains("USAGE_V1"))
        let folder = TemporaryDirectory()
        let path = try UpgradeFixtures.file(atVersion: 20, in: folder)
        let plan = try MMEXUpgrader(path: path).plan()
        #expect(plan.steps.last?.completesTables.contains("SETTING_V1") == true)
    }

    @Test("a file built to version k by the scripts has exactly version k's shape: REPORT_V1 appears at 15 without ACTIVE", .needsSharedData)
    func intermediateShapes() throws {
        let folder = TemporaryDirectory()
        let v14 = try UpgradeFixtures.file(atVersion: 14, in: folder, name: "v14.mmb")
        let v15 = try UpgradeFixtures.file(atVersion: 15, in: folder, name: "v15.mmb")
        let shape14 = try UpgradeFixtures.state(of: v14)
        #expect(shape14.rows["REPORT_V1"] == nil)
        #expect(shape14.rows["SUBCATEGORY_V1"] != nil)
        let connection = try EngineConnection(path: v15)
        let columns = try connection.rows("PRAGMA table_info(REPORT_V1)").compactMap { $0[1].textValue }
        #expect(columns.last == "ACTIVE")
        #expect(columns.filter { $0 == "ACTIVE" }.count == 1)
        #expect(try connection.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'SUBCATEGORY_V1'") == .integer(1))
    }

    private func schemaCheck(_ path: String) throws -> SchemaCheck {
        let connection = try EngineConnection(path: path)
        defer { connection.close() }
        return SchemaCheck(file: try SchemaShape.read(from: connection), reference: try MMEXReference.shape())
    }

    /// Every expected table holds exactly the expected rows, and each checked column has the expected value.
    private func expectRows(_ actual: TableRows, match expected: TableRows, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (table, rows) in expected {
            let have = actual[table] ?? [:]
            #expect(Set(have.keys) == Set(rows.keys), "\(table): rowids differ", sourceLocation: sourceLocation)
            for (rowid, columns) in rows {
                guard let row = have[rowid] else { continue }
                for (column, value) in columns {
                    #expect(row[column] == value, "\(table) row \(rowid) \(column)", sourceLocation: sourceLocation)
                }
            }
        }
    }
}
