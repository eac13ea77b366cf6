import Foundation
import MMEXDifferential
import MMEXLegacy
import MMEXModel
import MMEXReaderWriter
import MMEXSessionSupport
import MMEXSession
import PersistenceSession
import SQLiteEngine
import TestSupport
import Testing

/// The three session types.
enum SessionKind: String, CaseIterable, CustomStringConvertible {
    case legacy, queue, pool
    var description: String { rawValue }

    func open(_ path: String) throws -> any MMEXSession {
        switch self {
        case .legacy: try LegacySession.open(at: path, key: nil, access: .readWrite, configuration: .standard)
        case .queue: try QueueSession.open(at: path, key: nil, access: .readWrite, configuration: .standard)
        case .pool: try PoolSession.open(at: path, key: nil, access: .readWrite, configuration: .standard)
        }
    }
}

/// Slice 6 (import) and slice 7 (duplicates) on each driver: the behaviours the differential suite compares, pinned
/// with their expected values.
@Suite("Import and duplicate merging on each driver")
struct ImportAndDuplicateTests {
    private let base: Int64 = 9_100_000

    /// A fresh copy of the plain fixture, opened with `kind`.
    private func session(_ kind: SessionKind, in folder: TemporaryDirectory) throws -> (any MMEXSession, String) {
        let path = try folder.copy(URL(fileURLWithPath: CommittedFixture.plain), as: "target.mmb")
        return (try kind.open(path), path)
    }

    private func count(_ path: String, _ sql: String) throws -> Int64 {
        let connection = try EngineConnection(path: path, options: .readOnly)
        defer { connection.close() }
        guard case .integer(let value) = try connection.scalar(sql) else { return -1 }
        return value
    }

    private func summary(_ summaries: [ImportTableSummary], _ table: String) -> ImportTableSummary? {
        summaries.first { $0.table == table }
    }

    @Test("import inserts new rows, skips existing ids, renames clashing names and never changes the source", arguments: SessionKind.allCases)
    func importMerges(kind: SessionKind) throws {
        let sources = try ImportSources.shared()
        let before = folderFingerprint(URL(fileURLWithPath: sources.folder))
        let folder = TemporaryDirectory()
        let (session, path) = try session(kind, in: folder)
        let first = try session.write { try $0.importer.merge(from: ImportSource(path: sources.dupes), dryRun: false) }
        #expect(summary(first, "ACCOUNTLIST_V1") == ImportTableSummary(table: "ACCOUNTLIST_V1", inserted: 2, skipped: 0, renamed: 0))
        #expect(summary(first, "CHECKINGACCOUNT_V1")?.inserted == 9)
        let again = try session.write { try $0.importer.merge(from: ImportSource(path: sources.dupes), dryRun: false) }
        #expect(again.allSatisfy { $0.inserted == 0 }, "every id exists now")
        #expect(summary(again, "CHECKINGACCOUNT_V1")?.skipped == 9)
        let renamed = try session.write { try $0.importer.merge(from: ImportSource(path: sources.dupesRenamed), dryRun: false) }
        let accounts = try #require(summary(renamed, "ACCOUNTLIST_V1"))
        #expect(accounts.renames.map(\.to) == ["DP Import Checking (2)", "dp import savings (2)"])
        #expect(summary(renamed, "TAG_V1")?.renames.map(\.to) == ["DP Tag A (2)", "dp tag b (2)"])
        #expect(summary(renamed, "CATEGORY_V1")?.renames.first?.from == "DP Bills")
        #expect(summary(renamed, "CURRENCYHISTORY_V1")?.conflicts == 1, "same currency and day: skipped, not renamed")
        try session.close()
        #expect(try count(path, "SELECT count(*) FROM ACCOUNTLIST_V1 WHERE ACCOUNTNAME LIKE 'DP Import Checking%'") == 2)
        #expect(folderFingerprint(URL(fileURLWithPath: sources.folder)) == before, "sources unchanged")
    }

    @Test("sources are detached after each unit of work: many imports in a row", arguments: SessionKind.allCases)
    func manyImports(kind: SessionKind) throws {
        let sources = try ImportSources.shared()
        let folder = TemporaryDirectory()
        let (session, _) = try session(kind, in: folder)
        for _ in 0..<12 {
            _ = try session.write { try $0.importer.merge(from: ImportSource(path: sources.dupes), dryRun: true) }
        }
        try session.close()
    }

    @Test("a dry run reports what an import would do and changes nothing", arguments: SessionKind.allCases)
    func importDryRun(kind: SessionKind) throws {
        let sources = try ImportSources.shared()
        let folder = TemporaryDirectory()
        let (session, path) = try session(kind, in: folder)
        let dry = try session.write { try $0.importer.merge(from: ImportSource(path: sources.dupes), dryRun: true) }
        let real = try session.write { try $0.importer.merge(from: ImportSource(path: sources.dupes), dryRun: false) }
        #expect(dry == real)
        try session.close()
        #expect(try count(path, "SELECT count(*) FROM CHECKINGACCOUNT_V1 WHERE TRANSID BETWEEN 9100000 AND 9199999") == 9)
    }

    @Test("encrypted sources import like plain ones; a wrong key is refused", arguments: SessionKind.allCases)
    func encryptedSources(kind: SessionKind) throws {
        let sources = try ImportSources.shared()
        let before = folderFingerprint(URL(fileURLWithPath: sources.folder))
        let folders = (0..<3).map { _ in TemporaryDirectory() }
        let plain = try session(kind, in: folders[0]).0
        let expected = try plain.write { try $0.importer.merge(from: ImportSource(path: sources.dupes), dryRun: false) }
        for (file, key) in [(sources.dupesEncrypted, ImportSources.encryptedKey), (sources.dupesSQLCipher, ImportSources.sqlcipherKey)] {
            let folder = TemporaryDirectory()
            let session = try session(kind, in: folder).0
            let summaries = try session.write { try $0.importer.merge(from: ImportSource(path: file, key: key), dryRun: false) }
            #expect(summaries == expected, "\(file)")
        }
        let session = try session(kind, in: folders[1]).0
        let wrong = DatabaseKey(passphrase: "nope", cipher: .aes128cbc)
        #expect(throws: PersistenceError.wrongKey(path: sources.dupesEncrypted)) {
            try session.write { try $0.importer.merge(from: ImportSource(path: sources.dupesEncrypted, key: wrong), dryRun: false) }
        }
        #expect(folderFingerprint(URL(fileURLWithPath: sources.folder)) == before, "sources unchanged")
    }

    @Test("an encrypted source is attached from a private decrypted copy, removed once attached")
    func decryptedCopy() throws {
        let sources = try ImportSources.shared()
        let file = try ImportSourceFile.prepare(ImportSource(path: sources.dupesEncrypted, key: ImportSources.encryptedKey))
        let copy = try #require(URL(string: file.uri)?.path)
        let folder = URL(fileURLWithPath: copy).deletingLastPathComponent().path
        #expect(copy != sources.dupesEncrypted && file.uri.hasSuffix("?mode=ro"))
        let permissions = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
        #expect(permissions == 0o700)
        #expect(try count(copy, "SELECT count(*) FROM CHECKINGACCOUNT_V1") == 9, "the copy is plain")
        file.discard()
        #expect(!FileManager.default.fileExists(atPath: folder))
        let plain = try ImportSourceFile.prepare(ImportSource(path: sources.dupes))
        #expect(plain.uri.contains(sources.dupes), "a plain rollback-journal source is attached where it is")
        #expect(plain.schema != file.schema)
    }

    @Test("an import that fails midway leaves the target unchanged", arguments: SessionKind.allCases)
    func failedImport(kind: SessionKind) throws {
        let sources = try ImportSources.shared()
        let folder = TemporaryDirectory()
        let (session, path) = try session(kind, in: folder)
        #expect(throws: PersistenceError.self) {
            try session.write { try $0.importer.merge(from: ImportSource(path: sources.broken), dryRun: false) }
        }
        #expect(throws: PersistenceError.self) {
            try session.write { try $0.importer.merge(from: ImportSource(path: sources.notMMEX), dryRun: false) }
        }
        try session.close()
        #expect(try count(path, "SELECT count(*) FROM ACCOUNTLIST_V1 WHERE ACCOUNTID BETWEEN 9300000 AND 9399999") == 0, "accounts rolled back")
    }

    private func importDupes(_ session: any MMEXSession) throws {
        _ = try session.write { try $0.importer.merge(from: ImportSource(path: try ImportSources.shared().dupes), dryRun: false) }
    }

    @Test("duplicates: the key normalizes the day and the amount, and the richest record is kept", arguments: SessionKind.allCases)
    func findsDuplicates(kind: SessionKind) throws {
        let folder = TemporaryDirectory()
        let (session, _) = try session(kind, in: folder)
        try importDupes(session)
        let groups = try session.read { try $0.duplicates.duplicateGroups(accountId: base + 1) }
        #expect(groups == [
            DuplicateGroup(keepId: base + 509, duplicateIds: [base + 501, base + 502, base + 503]),
            DuplicateGroup(keepId: base + 506, duplicateIds: [base + 505]),
        ])
    }

    @Test("merging folds in what the others add, then removes them with their dependants", arguments: SessionKind.allCases)
    func mergesRichest(kind: SessionKind) throws {
        let folder = TemporaryDirectory()
        let (session, path) = try session(kind, in: folder)
        try importDupes(session)
        let group = DuplicateGroup(keepId: base + 509, duplicateIds: [base + 501, base + 502, base + 503])
        let dry = try session.write { try $0.duplicates.merge(group, dryRun: true) }
        let merged = try session.write { try $0.duplicates.merge(group, dryRun: false) }
        #expect(dry == merged, "a dry run lists exactly what the merge does")
        #expect(merged.foldedIn == ["notes of \(base + 502) appended", "share info moved from \(base + 502)"])
        #expect(merged.deletedIds == [base + 501, base + 502, base + 503])
        try session.close()
        #expect(try count(path, "SELECT count(*) FROM CHECKINGACCOUNT_V1 WHERE TRANSID IN (9100501, 9100502, 9100503)") == 0)
        #expect(try count(path, "SELECT count(*) FROM SPLITTRANSACTIONS_V1 WHERE TRANSID IN (9100501, 9100502, 9100503)") == 0)
        #expect(try count(path, "SELECT count(*) FROM TAGLINK_V1 WHERE REFID IN (9100501, 9100502, 9100503, 9100601, 9100602)") == 0)
        #expect(try count(path, "SELECT count(*) FROM CUSTOMFIELDDATA_V1 WHERE REFID IN (9100501, 9100502, 9100503)") == 0)
        #expect(try count(path, "SELECT count(*) FROM SHAREINFO_V1 WHERE CHECKINGACCOUNTID = 9100509") == 1)
        #expect(try count(path, "SELECT count(*) FROM CHECKINGACCOUNT_V1 WHERE TRANSID = 9100509 AND NOTES = 'second note' || char(10) || 'first import'") == 1)
        #expect(try count(path, "SELECT count(*) FROM CHECKINGACCOUNT_V1 WHERE TRANSID IN (9100504, 9100507, 9100508)") == 3, "near-misses and the deleted one stay")
    }

    @Test("a kept record without splits takes the first duplicate's splits, tags and attachments", arguments: SessionKind.allCases)
    func keeperGainsSplits(kind: SessionKind) throws {
        let folder = TemporaryDirectory()
        let (session, path) = try session(kind, in: folder)
        try importDupes(session)
        let merged = try session.write {
            try $0.duplicates.merge(DuplicateGroup(keepId: base + 501, duplicateIds: [base + 509, base + 503]), dryRun: false)
        }
        #expect(merged.foldedIn == [
            "notes taken from \(base + 503)", "2 splits moved from \(base + 503)", "tag \(base + 301) added from \(base + 509)",
            "tag \(base + 302) added from \(base + 509)", "attachment \"RECEIPT.PDF\" added from \(base + 509)",
        ])
        try session.close()
        #expect(try count(path, "SELECT count(*) FROM SPLITTRANSACTIONS_V1 WHERE TRANSID = 9100501") == 2)
        #expect(try count(path, "SELECT count(*) FROM TAGLINK_V1 WHERE REFTYPE = 'TransactionSplit' AND REFID = 9100601") == 1, "split tags follow their split")
        #expect(try count(path, "SELECT count(*) FROM SPLITTRANSACTIONS_V1 WHERE SPLITTRANSID = 9100603") == 0)
    }

    @Test("a group that is not a duplicate group is refused", arguments: SessionKind.allCases)
    func invalidGroups(kind: SessionKind) throws {
        let folder = TemporaryDirectory()
        let (session, _) = try session(kind, in: folder)
        try importDupes(session)
        for group in [
            DuplicateGroup(keepId: base + 501, duplicateIds: []), DuplicateGroup(keepId: base + 501, duplicateIds: [base + 504]),
            DuplicateGroup(keepId: base + 501, duplicateIds: [base + 508]), DuplicateGroup(keepId: base + 501, duplicateIds: [base + 501]),
        ] {
            #expect(throws: PersistenceError.self) { try session.write { try $0.duplicates.merge(group, dryRun: false) } }
        }
    }
}
