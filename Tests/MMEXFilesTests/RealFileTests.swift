import Foundation
import MMEXFiles
import SQLiteEngine
import TestSupport
import Testing

@Suite("Real MMEX files")
struct RealFileTests {
    @Test("every real file inspects with its true user_version and changes nothing on disk", .needsSharedData,
          arguments: SharedData.realFiles.map(\.name))
    func realFileInspects(name: String) throws {
        let expected = try #require(SharedData.realFiles.first { $0.name == name }).userVersion
        // Work on a copy so a bug cannot touch the shared originals; the copy's folder is fingerprinted.
        let folder = TemporaryDirectory()
        let path = try folder.copy(SharedData.realFile(name))
        let before = folderFingerprint(folder.url)
        do {
            let probe = try FileProbe.examine(path)
            let database = try ReadOnlyDatabase.open(probe)
            let report = try InspectReport.read(
                path: path, connection: database.connection, cipher: "none",
                reserveBytes: probe.reserveBytes ?? 0, walHeader: probe.isWALMode
            )
            #expect(report.userVersion == expected)
            #expect(report.tables.isEmpty == false)
            if expected == 21 {
                // Desktop 1.9.2 keeps settings and usage outside the file: its v21 files lack exactly these two.
                #expect(report.schema.missingColumns.isEmpty)
                #expect(Set(report.schema.missingTables).isSubset(of: ["SETTING_V1", "USAGE_V1"]))
            }
            if name.contains("wal") { #expect(report.journalMode == "wal") }
        }
        #expect(folderFingerprint(folder.url) == before)
    }

    @Test("a WAL-mode file with committed transactions in its -wal is read with them, and the -wal is untouched")
    func walContentIsReadWithoutTouchingSidecars() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("live.db")
        let writer = try EngineConnection(path: path, options: .create)
        try writer.execute("PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0; CREATE TABLE t(v); INSERT INTO t VALUES (1), (2);")
        // The writer stays open: the rows live only in the -wal.
        let before = folderFingerprint(folder.url)
        #expect(before.keys.contains("live.db-wal"))
        do {
            let database = try ReadOnlyDatabase.open(try FileProbe.examine(path))
            #expect(database.readsCopy)
            #expect(try database.connection.scalar("SELECT count(*) FROM t") == .integer(2))
        }
        #expect(folderFingerprint(folder.url) == before)
        writer.close()
    }

    @Test("the 0.9.7 file has 1024-byte pages and the old SUBCATEGORY table", .needsSharedData)
    func oldFileShape() throws {
        let probe = try FileProbe.examine(SharedData.realFile("mmex-0.9.7.0-v0.mmb").path)
        #expect(probe.pageSize == 1024)
        let database = try ReadOnlyDatabase.open(probe)
        #expect(try TableDumper.tableNames(database.connection).contains("SUBCATEGORY_V1"))
    }
}
