import Foundation
@testable import MMEXFiles
import MMEXSchema
import SQLiteEngine
import TestSupport
import Testing

@Suite("Upgrade scripts")
struct UpgradeScriptTests {
    /// `../shared/mmex/upgrade/database_version_N.sql`: the upstream text.
    private func upstream(_ version: Int) throws -> String {
        try String(contentsOf: SharedData.root.appendingPathComponent("mmex/upgrade/database_version_\(version).sql"), encoding: .utf8)
    }

    @Test("script N takes a file from N-1 to N: a v0 file runs 1...21, a v19 file runs 20 and 21, script 0 never runs", .needsSharedData)
    func scriptNumbering() throws {
        let folder = TemporaryDirectory()
        let v0 = try folder.copy(UpgradeFixtures.realV0, as: "v0.mmb")
        let v19 = try folder.copy(UpgradeFixtures.realV19, as: "v19.mmb")
        #expect(try MMEXUpgrader(path: v0).plan().steps.map(\.version) == Array(1...21))
        #expect(try MMEXUpgrader(path: v19).plan().steps.map(\.version) == [20, 21])
        // Script 1 says "skip version": it is what a version 0 file runs first, and it has nothing to do.
        let first = try UpgradeScript.load(version: 1)
        #expect(!first.hasStatements)
        #expect(first.summary.contains("skip version"))
        // Script 3 reads INFOTABLE's DATAVERSION, which the 0.9.7 file (version 0) has as 2.
        let three = try UpgradeScript.load(version: 3)
        #expect(three.mentionedNames.contains("INFOTABLE_V1"))
        #expect(three.sql.contains("INFONAME = 'DATAVERSION')=2"))
        let empty = try (1...21).filter { try !UpgradeScript.load(version: $0).hasStatements }
        #expect(empty == [1, 2, 8, 9, 10, 11, 12, 13, 14])
    }

    @Test("the scripts' added columns are read, including a single-quoted name")
    func addedColumnsAreParsed() throws {
        let seven = try UpgradeScript.load(version: 7)
        #expect(seven.addedColumns.count == 7)
        #expect(Set(seven.addedColumns.map(\.table)) == ["ACCOUNTLIST_V1"])
        #expect(seven.summary.hasPrefix("add ACCOUNTLIST_V1.STATEMENTLOCKED"))
        let eighteen = try UpgradeScript.load(version: 18)
        #expect(eighteen.addedColumns == [UpgradeScript.AddedColumn(table: "PAYEE_V1", column: "PATTERN")])
        #expect(try UpgradeScript.load(version: 19).createdTables == ["TAG_V1", "TAGLINK_V1"])
    }

    @Test("the project's copy equals the upstream scripts except that double-quoted strings became single-quoted", .needsSharedData)
    func copyDiffersOnlyInQuoting() throws {
        var changed: [Int] = []
        for version in 0...21 {
            let reference = Array(try upstream(version).unicodeScalars)
            let copy = Array(try #require(try MMEXSchema.upgradeScript(toVersion: version)).unicodeScalars)
            #expect(reference.count == copy.count, "script \(version) length")
            guard reference.count == copy.count else { continue }
            let differences = reference.indices.filter { reference[$0] != copy[$0] }
            for index in differences {
                #expect(reference[index] == "\"" && copy[index] == "'", "script \(version) at \(index)")
            }
            #expect(differences.count % 2 == 0)
            #expect(!copy.contains("\""), "script \(version) still has a double quote")
            if !differences.isEmpty { changed.append(version) }
        }
        #expect(changed == [20, 21])
    }

    @Test("the double-quoted string switch of the system engine turns off and on")
    func doubleQuotedStringSwitch() throws {
        let connection = try EngineConnection(path: ":memory:", options: .create)
        #expect(try connection.scalar("SELECT \"text\"") == .text("text"))
        try connection.setDoubleQuotedStringLiterals(enabled: false)
        #expect(try connection.doubleQuotedStringLiterals() == (dml: false, ddl: false))
        #expect(throws: SQLiteError.self) { try connection.scalar("SELECT \"text\"") }
        try connection.setDoubleQuotedStringLiterals(enabled: true)
        #expect(try connection.scalar("SELECT \"text\"") == .text("text"))
    }

    @Test("every project script runs with double-quoted strings disabled; the upstream 20 does not", .needsSharedData)
    func scriptsRunWithoutDoubleQuotedStrings() throws {
        let folder = TemporaryDirectory()
        let project = try chain(in: folder, name: "project.mmb", doubleQuotedStrings: false) { try #require(try MMEXSchema.upgradeScript(toVersion: $0)) }
        #expect(project.failedAt == nil, "\(project.error.map { "\($0)" } ?? "")")
        let strict = try chain(in: folder, name: "upstream-strict.mmb", doubleQuotedStrings: false) { try upstream($0) }
        #expect(strict.failedAt == 20)
        #expect(strict.error?.message.contains("no such column") == true)
    }

    @Test("the project scripts without double-quoted strings leave the same file as the upstream ones with them", .needsSharedData)
    func projectAndUpstreamAgree() throws {
        let folder = TemporaryDirectory()
        let project = try chain(in: folder, name: "project.mmb", doubleQuotedStrings: false) { try #require(try MMEXSchema.upgradeScript(toVersion: $0)) }
        let upstreamRun = try chain(in: folder, name: "upstream.mmb", doubleQuotedStrings: true) { try upstream($0) }
        #expect(project.failedAt == nil && upstreamRun.failedAt == nil)
        let a = try UpgradeFixtures.state(of: project.path)
        let b = try UpgradeFixtures.state(of: upstreamRun.path)
        #expect(a == b)
        // The data the quoted literals touch really changed.
        let categories = a.rows["CATEGORY_V1"]?.values.compactMap { $0["CATEGNAME"]?.textValue } ?? []
        #expect(categories.contains { $0.hasSuffix(" [recovered]") })
        #expect(a.rows["INFOTABLE_V1"]?.values.contains { $0["INFOVALUE"] == .text("https://finance.yahoo.com/quote/%s") } == true)
        #expect(a.rows["CURRENCYFORMATS_V1"]?.values.contains { $0["CURRENCY_SYMBOL"] == .text("HUF") && $0["SFX_SYMBOL"] == .text("Ft") } == true)
    }

    /// Runs scripts 1...21 on a copy of the 0.9.7 file (with rows the quoted scripts change), each in a transaction
    /// with `user_version`, creating `REPORT_V1` before 15 as the upgrader does; stops at the first failure.
    private func chain(
        in folder: TemporaryDirectory, name: String, doubleQuotedStrings: Bool, script: (Int) throws -> String
    ) throws -> (path: String, failedAt: Int?, error: SQLiteError?) {
        let path = try folder.copy(UpgradeFixtures.realV0, as: name)
        let connection = try EngineConnection(path: path)
        defer { connection.close() }
        try connection.setDoubleQuotedStringLiterals(enabled: doubleQuotedStrings)
        try connection.execute("""
            INSERT INTO INFOTABLE_V1 (INFONAME, INFOVALUE) VALUES ('STOCKURL', 'http://finance.yahoo.com/echarts?s=%s');
            INSERT INTO CURRENCYFORMATS_V1 (CURRENCYNAME, PFX_SYMBOL, SFX_SYMBOL, CURRENCY_SYMBOL) VALUES ('Forint', 'Ft', '', 'HUF');
            """)
        for version in 1...21 {
            try connection.execute("BEGIN IMMEDIATE")
            do {
                if version == 15, let report = try MMEXReference.definitions().first(where: { $0.name == "REPORT_V1" }),
                   let sql = HistoricalTable.createStatement(report.sql, omitting: ["ACTIVE"]) {
                    try connection.execute(sql)
                }
                if version == 20 {
                    // A category that is its own parent: script 20 recovers it with a quoted literal.
                    try connection.execute("INSERT INTO CATEGORY_V1 (CATEGID, CATEGNAME, ACTIVE, PARENTID) VALUES (900, 'Loop', 1, 900)")
                }
                try connection.execute(try script(version))
                try connection.setUserVersion(Int64(version))
                try connection.execute("COMMIT")
            } catch let error as SQLiteError {
                try connection.execute("ROLLBACK")
                return (path, version, error)
            }
        }
        return (path, nil, nil)
    }
}
