import Foundation
import MMEXFiles
import SQLiteEngine
import TestSupport
import Testing

@Suite("Upgrade safety: refusals, dry run, backup")
struct UpgradeSafetyTests {
    @Test("a file newer than 21 is refused and its folder stays byte for byte the same")
    func newerFileRefused() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("future.mmb")
        let connection = try MMEXFileCreator.create(at: path)
        try connection.setUserVersion(22)
        connection.close()
        let before = folderFingerprint(folder.url)
        #expect(throws: UpgradeError.newerThanSupported(path: path, version: 22, newest: 21)) {
            try MMEXUpgrader(path: path).upgrade()
        }
        let result = try DriverPortBinary.run(["upgrade", path])
        #expect(result.exitCode == 65)
        #expect(result.standardError.contains("newer than this toolkit supports"))
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(folderFingerprint(folder.url) == before)
    }

    @Test("--dry-run lists every step and changes nothing", .needsSharedData)
    func dryRunChangesNothing() throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(UpgradeFixtures.realV0, as: "old.mmb")
        let before = folderFingerprint(folder.url)
        let result = try DriverPortBinary.run(["upgrade", path, "--dry-run", "--json"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(json["dryRun"] as? Bool == true)
        #expect(json["reachedVersion"] as? Int == 0)
        let steps = try #require(json["steps"] as? [[String: Any]])
        #expect(steps.compactMap { $0["version"] as? Int } == Array(1...21))
        #expect((steps[14]["createsFirst"] as? [String]) == ["REPORT_V1"])
        #expect(folderFingerprint(folder.url) == before)
    }

    @Test("the backup is removed after a verified upgrade, and kept byte for byte with --keep-backup", .needsSharedData)
    func backupLifecycle() throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(UpgradeFixtures.realV19, as: "a.mmb")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        var phases: [String] = []
        let report = try MMEXUpgrader(path: path).upgrade(observe: { phases.append($0.description) })
        #expect(phases == ["backup", "applied:20", "committed:20", "applied:21", "committed:21", "verified"])
        let backup = try #require(report.backup)
        #expect(backup.hasPrefix(path + ".pre-upgrade-v19."))
        #expect(!report.backupKept)
        #expect(!FileManager.default.fileExists(atPath: backup))
        #expect(UpgradeBackup.existing(for: path).isEmpty)

        let kept = try folder.copy(UpgradeFixtures.realV19, as: "b.mmb")
        let result = try DriverPortBinary.run(["upgrade", kept, "--keep-backup"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let backups = UpgradeBackup.existing(for: kept)
        #expect(backups.count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: backups[0])) == original)
        #expect(result.standardOutput.contains("backup kept: \(backups[0])"))
    }

    @Test("a failing step is rolled back: the file stays at the last committed version and the backup is kept", .needsSharedData)
    func failingStepKeepsBackup() throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(UpgradeFixtures.realV0, as: "broken.mmb")
        do {
            let connection = try EngineConnection(path: path)
            try connection.execute("DROP VIEW alldata; DROP TABLE SUBCATEGORY_V1;")
            connection.close()
        }
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        var failure: UpgradeError?
        do {
            _ = try MMEXUpgrader(path: path).upgrade()
        } catch let error as UpgradeError {
            failure = error
        }
        guard case .stepFailed(_, let step, let fileVersion, let backup, let reason)? = failure else {
            Issue.record("expected a failed step, got \(String(describing: failure))")
            return
        }
        #expect(step == 15)
        #expect(fileVersion == 14)
        #expect(reason.contains("SUBCATEGORY_V1"))
        let backupPath = try #require(backup)
        #expect(try Data(contentsOf: URL(fileURLWithPath: backupPath)) == original)
        let state = try UpgradeFixtures.state(of: path)
        #expect(state.userVersion == 14)
        #expect(state.rows["ACCOUNTLIST_V1"]?.values.first?["INITIALDATE"] == nil)
    }

    @Test("a database that is not MMEX is refused untouched")
    func notMMEXRefused() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("other.db")
        try SQLiteEngineFixture.plain(at: path, sql: "CREATE TABLE t(v); INSERT INTO t VALUES (1);").close()
        let before = folderFingerprint(folder.url)
        #expect(throws: UpgradeError.self) { try MMEXUpgrader(path: path).upgrade() }
        let result = try DriverPortBinary.run(["upgrade", path])
        #expect(result.exitCode == 65)
        #expect(result.standardError.contains("not an MMEX database"))
        #expect(folderFingerprint(folder.url) == before)
    }

    @Test("a development-build file (version 8-14 with the columns script 15 adds) is refused before any change", .needsSharedData)
    func developmentBuildRefused() throws {
        let folder = TemporaryDirectory()
        let path = try UpgradeFixtures.file(atVersion: 7, in: folder)
        do {
            let connection = try EngineConnection(path: path)
            try connection.execute("ALTER TABLE CURRENCYFORMATS_V1 ADD COLUMN CURRENCY_TYPE TEXT; PRAGMA user_version = 10;")
            connection.close()
        }
        let before = folderFingerprint(folder.url)
        #expect(throws: UpgradeError.shapeConflict(
            path: path, version: 10, step: 15, table: "CURRENCYFORMATS_V1", column: "CURRENCY_TYPE"
        )) { try MMEXUpgrader(path: path).upgrade() }
        #expect(folderFingerprint(folder.url) == before)
    }

    @Test("a file stored as 7 whose ACCOUNTLIST_V1 lacks script 7's columns is upgraded from 6, as desktop does", .needsSharedData)
    func version7FixUp() throws {
        let folder = TemporaryDirectory()
        let path = try UpgradeFixtures.file(atVersion: 6, in: folder)
        do {
            let connection = try EngineConnection(path: path)
            try connection.setUserVersion(7)
            connection.close()
        }
        let plan = try MMEXUpgrader(path: path).plan()
        #expect(plan.storedVersion == 7)
        #expect(plan.fromVersion == 6)
        #expect(plan.steps.first?.version == 7)
        let report = try MMEXUpgrader(path: path).upgrade()
        #expect(report.reachedVersion == 21)
    }

    @Test("a target below the file's version is refused, and one above 21 is a usage error", .needsSharedData)
    func targetsOutOfRange() throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(UpgradeFixtures.realV19, as: "a.mmb")
        let before = folderFingerprint(folder.url)
        #expect(throws: UpgradeError.cannotDowngrade(path: path, version: 19, target: 15)) {
            try MMEXUpgrader(path: path).upgrade(to: 15)
        }
        #expect(try DriverPortBinary.run(["upgrade", path, "--to", "15"]).exitCode == 65)
        #expect(try DriverPortBinary.run(["upgrade", path, "--to", "30"]).exitCode == 64)
        #expect(folderFingerprint(folder.url) == before)
    }

    @Test("a file already at 21 is not touched and gets no backup", .needsSharedData)
    func currentFileUntouched() throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(SharedData.realFile("desktop-1.9.2-empty.mmb"), as: "d.mmb")
        let before = folderFingerprint(folder.url)
        let report = try MMEXUpgrader(path: path).upgrade()
        #expect(report.steps.isEmpty && report.backup == nil)
        let result = try DriverPortBinary.run(["upgrade", path])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("already at version 21"))
        #expect(folderFingerprint(folder.url) == before)
    }

    @Test("a WAL-mode file is checkpointed first, so the backup holds the transactions that were in its -wal", .needsSharedData)
    func walFileBackupIsComplete() throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(UpgradeFixtures.realV19, as: "wal.mmb")
        let writer = try EngineConnection(path: path)
        try writer.execute("""
            PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;
            INSERT INTO PAYEE_V1 (PAYEENAME, CATEGID) VALUES ('Only in the WAL', -1);
            """)
        #expect(((try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? NSNumber)?.intValue ?? 0) > 0)
        let report = try MMEXUpgrader(path: path).upgrade(keepBackup: true)
        writer.close()
        let backup = try #require(report.backup)
        let copy = try folder.copy(URL(fileURLWithPath: backup), as: "restored.mmb")
        let restored = try EngineConnection(path: copy)
        #expect(try restored.scalar("SELECT count(*) FROM PAYEE_V1 WHERE PAYEENAME = 'Only in the WAL'") == .integer(1))
        #expect(try restored.userVersion == 19)
        let upgraded = try UpgradeFixtures.state(of: path)
        #expect(upgraded.userVersion == 21)
        #expect(upgraded.rows["PAYEE_V1"]?.values.contains { $0["PAYEENAME"] == .text("Only in the WAL") } == true)
    }

    @Test("a file a crash left with a hot journal is planned from a private copy and upgraded after the rollback", .needsSharedData)
    func hotJournalIsRolledBack() throws {
        let folder = TemporaryDirectory()
        let live = try folder.copy(UpgradeFixtures.realV19, as: "live.mmb")
        let crashed = folder.path("crashed.mmb")
        // A writer with a one-page cache spills its changes into the file mid-transaction; copying the file and
        // then its journal at that moment gives exactly what a crash leaves behind.
        let writer = try EngineConnection(path: live)
        try writer.execute("""
            PRAGMA cache_size = 1; BEGIN;
            UPDATE CURRENCYFORMATS_V1 SET CURRENCYNAME = CURRENCYNAME || printf('%.200c', 'x');
            PRAGMA user_version = 20;
            """)
        try FileManager.default.copyItem(atPath: live, toPath: crashed)
        try FileManager.default.copyItem(atPath: live + "-journal", toPath: crashed + "-journal")
        try writer.execute("ROLLBACK")
        writer.close()
        let crashedBytes = try Data(contentsOf: URL(fileURLWithPath: crashed))
        #expect(crashedBytes != (try Data(contentsOf: UpgradeFixtures.realV19)), "the writer did not spill")

        let before = folderFingerprint(folder.url)
        let plan = try MMEXUpgrader(path: crashed).plan()
        #expect(plan.storedVersion == 19)
        #expect(folderFingerprint(folder.url) == before)

        let report = try MMEXUpgrader(path: crashed).upgrade()
        #expect(report.reachedVersion == 21)
        let state = try UpgradeFixtures.state(of: crashed)
        let names = state.rows["CURRENCYFORMATS_V1"]?.values.compactMap { $0["CURRENCYNAME"]?.textValue } ?? []
        #expect(!names.isEmpty && names.allSatisfy { !$0.hasSuffix("xxxx") })
        #expect(!FileManager.default.fileExists(atPath: crashed + "-journal"))
    }
}
