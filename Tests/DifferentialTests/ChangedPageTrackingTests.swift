@testable import Differential
import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// The changed-pages tracker: what it records, the resets and findings that trust it, and every case where it
/// must not be trusted and the harness compares whole files instead.
@Suite("Changed-pages tracking: resets and findings that follow what a scenario wrote", .serialized)
struct ChangedPageTrackingTests {
    /// A database of two tables (`a`, `b`) of 600 rows each, spread over many pages.
    private func makeSource(_ folder: TemporaryDirectory) throws -> String {
        let source = folder.path("source/notes.db")
        try FileManager.default.createDirectory(atPath: folder.path("source"), withIntermediateDirectories: true)
        let connection = try EngineConnection(path: source, options: .create)
        defer { connection.close() }
        try connection.execute(
            """
            CREATE TABLE a (id INTEGER PRIMARY KEY, body TEXT);
            CREATE TABLE b (id INTEGER PRIMARY KEY, body TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 600)
            INSERT INTO a SELECT i, printf('row %d of a %s', i, hex(randomblob(20))) FROM n;
            INSERT INTO b SELECT id, replace(body, 'of a', 'of b') FROM a;
            """
        )
        return source
    }

    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    private func write(_ path: String, _ sql: String, vfs: String? = nil) throws {
        let connection = try EngineConnection(path: path, options: OpenOptions(access: .readWrite, vfs: vfs))
        defer { connection.close() }
        try connection.execute(sql)
    }

    private func counters() -> (tracked: Int, whole: Int, disagreements: Int) {
        (
            ChangedPageTracking.trackedResets.load(ordering: .relaxed),
            ChangedPageTracking.wholeFileResets.load(ordering: .relaxed),
            ChangedPageTracking.disagreements.load(ordering: .relaxed)
        )
    }

    @Test("writes through a connection opened without a VFS name are recorded by unit; read-only opens do not count")
    func writesAreRecorded() throws {
        let folder = TemporaryDirectory.inMemory("tracking")
        let source = try makeSource(folder)
        #expect(ChangedPageTracking.activate())
        #expect(ChangedPageTracking.tracksDefaultOpens)
        #expect(ChangedPageTracking.recorded(source, forget: false) == nil, "an unwatched file has no record")
        #expect(ChangedPageTracking.watch(source))
        defer { ChangedPageTracking.unwatch(source) }
        let reader = try EngineConnection(path: source, options: .readOnly)
        _ = try reader.rows("SELECT count(*) FROM a")
        reader.close()
        #expect(ChangedPageTracking.recorded(source, forget: false) == ChangedUnits(units: [], opens: 0, truncatedTo: nil))
        try write(source, "UPDATE b SET body = 'changed' WHERE id = 300")
        let recorded = try #require(ChangedPageTracking.recorded(source, forget: true))
        #expect(recorded.opens == 1)
        #expect(recorded.units.contains(0), "the header's change counter is in unit 0")
        let pages = try bytes(source).count / ChangedPageTracking.unitSize
        #expect(recorded.units.count >= 2 && recorded.units.count < pages / 4, "\(recorded.units) of \(pages) units")
        #expect(ChangedPageTracking.recorded(source, forget: false)?.units == [], "forget starts the record over")
    }

    @Test("a tracked reset gives both sides the source's bytes again, a grown side and a checkpointed WAL side included")
    func trackedResetRestoresTheSource() throws {
        let folder = TemporaryDirectory.inMemory("tracking")
        let source = try makeSource(folder)
        let original = try bytes(source)
        let pool = WorkingCopyPool()
        var copies = try pool.take(source: source, under: folder.url)
        defer { copies.remove() }
        try write(copies.baselinePath, "INSERT INTO a SELECT id + 10000, body FROM a; UPDATE b SET body = 'x' WHERE id = 7")
        // WAL and back: the closing checkpoint truncates the file to its page count (a truncation the tracker keeps).
        try write(copies.candidatePath, "PRAGMA journal_mode = WAL; DELETE FROM a WHERE id > 500; PRAGMA journal_mode = DELETE")
        let before = counters()
        try copies.reset(from: source)
        let after = counters()
        #expect(after.tracked == before.tracked + 1)
        #expect(after.disagreements == before.disagreements, "the whole-file check found bytes the tracked reset missed")
        for path in copies.targets { #expect(try bytes(path) == original) }
    }

    @Test("a codec installed as the default VFS after the tracker passes through it: files opened by default are still tracked")
    func codecInstalledAfterTheTrackerStillTracks() throws {
        let folder = TemporaryDirectory.inMemory("tracking")
        let source = try makeSource(folder)
        #expect(ChangedPageTracking.activate())
        // SQLite3 Multiple Ciphers' C API: the codec becomes the default VFS (in whichever order the process did it).
        try KeyPragmas.install()
        #expect(ChangedPageTracking.activate(), "the codec stays the default and reaches the tracker, or the tracker is back on top")
        #expect(ChangedPageTracking.tracksDefaultOpens)
        #expect(ChangedPageTracking.watch(source))
        defer { ChangedPageTracking.unwatch(source) }
        try write(source, "UPDATE a SET body = 'changed' WHERE id = 5")
        let recorded = try #require(ChangedPageTracking.recorded(source, forget: true))
        #expect(recorded.opens == 1)
        #expect(recorded.units.contains(0), "the header's change counter is in unit 0: \(recorded.units)")
    }

    @Test("a side written through another VFS is not trusted: the reset compares whole files")
    func untrackedWritesFallBack() throws {
        let folder = TemporaryDirectory.inMemory("tracking")
        let source = try makeSource(folder)
        let original = try bytes(source)
        var copies = try WorkingCopyPool().take(source: source, under: folder.url)
        defer { copies.remove() }
        try write(copies.baselinePath, "UPDATE a SET body = 'tracked' WHERE id = 1")
        try write(copies.candidatePath, "UPDATE a SET body = 'untracked' WHERE id = 400", vfs: "unix")
        #expect(copies.trackedChanges(source: source, forget: false) == nil)
        let before = counters()
        try copies.reset(from: source)
        #expect(counters().whole == before.whole + 1)
        for path in copies.targets { #expect(try bytes(path) == original) }
    }

    @Test("a source changed after the copies were made is not trusted: the reset copies the new source whole")
    func changedSourceFallsBack() throws {
        let folder = TemporaryDirectory.inMemory("tracking")
        let source = try makeSource(folder)
        var copies = try WorkingCopyPool().take(source: source, under: folder.url)
        defer { copies.remove() }
        try write(copies.baselinePath, "UPDATE a SET body = 'one' WHERE id = 1")
        try write(copies.candidatePath, "UPDATE a SET body = 'two' WHERE id = 1")
        try write(source, "INSERT INTO b SELECT id + 5000, body FROM b", vfs: "unix")
        let before = counters()
        try copies.reset(from: source)
        #expect(counters().whole == before.whole + 1)
        let changed = try bytes(source)
        for path in copies.targets { #expect(try bytes(path) == changed) }
    }

    @Test("with tracking off, the harness's reset compares whole files even when the tracker could vouch")
    func trackingOffComparesWholeFiles() throws {
        let folder = TemporaryDirectory.inMemory("tracking")
        let source = try makeSource(folder)
        let pool = WorkingCopyPool()
        var copies = try pool.take(source: source, under: folder.url, tracking: false)
        defer { copies.remove() }
        try write(copies.baselinePath, "UPDATE a SET body = 'one' WHERE id = 1")
        let before = counters()
        try copies.reset(from: source, tracking: false)
        #expect(counters().whole == before.whole + 1)
        #expect(counters().tracked == before.tracked)
    }

    @Test("tracked findings skip only tables neither side wrote, and only ones the byte comparison skips too")
    func trackedFindingIsASubsetOfTheByteComparison() throws {
        let finding = try trackedFinding("SELECT 1", "UPDATE a SET body = 'changed' WHERE id = 599")
        #expect(!finding.sameWrittenUnits)
        #expect(finding.found == ["b"])
    }

    /// What `UnchangedTables.find` skips on two copies after `left` ran on the baseline and `right` on the
    /// candidate, with the tracker's record; asserts the debug check saw no disagreement.
    private func trackedFinding(
        _ left: String, _ right: String
    ) throws -> (found: Set<String>, sameWrittenUnits: Bool, sameDatabase: Bool) {
        let folder = TemporaryDirectory.inMemory("tracking")
        let source = try makeSource(folder)
        let copies = try WorkingCopyPool().take(source: source, under: folder.url)
        defer { copies.remove() }
        try write(copies.baselinePath, left)
        try write(copies.candidatePath, right)
        let changes = try #require(copies.trackedChanges(source: source, forget: false))
        let reader = try EngineConnection(path: source, options: .readOnly)
        let tracked = UnchangedTables.Tracked(changes: changes, source: try SourcePages.read(reader))
        reader.close()
        let baseline = try EngineConnection(path: copies.baselinePath, options: .readOnly)
        defer { baseline.close() }
        let candidate = try EngineConnection(path: copies.candidatePath, options: .readOnly)
        defer { candidate.close() }
        let before = counters()
        let found = UnchangedTables.find(
            baselinePath: copies.baselinePath, candidatePath: copies.candidatePath, baseline: baseline,
            candidate: candidate, tracked: tracked
        )
        #expect(counters().disagreements == before.disagreements)
        return (
            found, UnchangedTables.sameWrittenUnits(tracked, copies.baselinePath, copies.candidatePath),
            UnchangedTables.sameDatabase(changes, copies.baselinePath, copies.candidatePath)
        )
    }

    @Test("two sides that wrote the same bytes skip every table, the written ones too, reading only what they wrote")
    func sameWritesSkipEveryTable() throws {
        let sql = "UPDATE a SET body = 'changed' WHERE id = 599; DELETE FROM b WHERE id > 500; INSERT INTO b VALUES (9000, 'new')"
        let finding = try trackedFinding(sql, sql)
        #expect(finding.sameWrittenUnits)
        #expect(finding.sameDatabase)
        #expect(finding.found == ["a", "b"])
    }

    @Test("two sides that wrote the same rows, one of them in WAL mode, are not the same database, and the harness reports the journal mode")
    func walHeaderIsNotTheSameDatabase() throws {
        let sql = "UPDATE a SET body = 'changed' WHERE id = 599"
        let finding = try trackedFinding(sql, "PRAGMA journal_mode = WAL; " + sql)
        #expect(finding.sameWrittenUnits, "only the header's file format bytes (and counters) differ")
        #expect(!finding.sameDatabase)

        let folder = TemporaryDirectory.inMemory("tracking")
        let source = try makeSource(folder)
        let side = { (name: String, wal: Bool) in
            DifferentialSide<EngineConnection>(
                name: name,
                open: { path in
                    let connection = try EngineConnection(path: path, options: .readWrite)
                    if wal { _ = try connection.pragma("journal_mode = WAL") }
                    return connection
                },
                close: { $0.close() }
            )
        }
        let harness = DifferentialHarness(
            baseline: side("rollback", false), candidate: side("wal", true), workDirectory: folder.url
        )
        defer { harness.removeWorkingCopies() }
        let update = DifferentialOperation<EngineConnection>("update") { connection -> Bool in
            try connection.execute(sql)
            return true
        }
        let before = counters()
        let report = try harness.run(Scenario(name: "wal", operations: [update]), on: source)
        #expect(report.mismatches.map(\.kind) == [.journalMode], "\(report.mismatches)")
        #expect(report.mismatches.first?.candidate == "wal")
        #expect(counters().disagreements == before.disagreements)
    }

    @Test("two sides that wrote different bytes (one value apart) skip only the tables neither wrote")
    func differentWritesSkipOnlyUntouchedTables() throws {
        let finding = try trackedFinding(
            "UPDATE a SET body = 'changed' WHERE id = 599", "UPDATE a SET body = 'chanGed' WHERE id = 599"
        )
        #expect(!finding.sameWrittenUnits)
        #expect(finding.found == ["b"])
    }

    @Test("two sides that shrank the file the same way (VACUUM after a delete) skip every table; beside one that did not, the shrunk table is compared")
    func sameTruncationSkipsEveryTable() throws {
        let shrink = "DELETE FROM b WHERE id > 100; VACUUM"
        let same = try trackedFinding(shrink, shrink)
        #expect(same.sameWrittenUnits)
        #expect(same.found == ["a", "b"])
        let different = try trackedFinding(shrink, "DELETE FROM b WHERE id > 100")
        #expect(!different.sameWrittenUnits)
        #expect(!different.found.contains("b"))
    }

    @Test("a unit touched by a write or lying past a truncation counts as changed; others do not")
    func unitsTouched() {
        let units = ChangedUnits(units: [2, 5, 6], opens: 1, truncatedTo: nil)
        #expect(units.touches(8192, 8193))
        #expect(!units.touches(0, 8192))
        #expect(!units.touches(12288, 20480))
        #expect(units.touches(20479, 20481))
        let truncated = ChangedUnits(units: [], opens: 1, truncatedTo: 40960)
        #expect(!truncated.touches(0, 40960))
        #expect(truncated.touches(40000, 41000))
        #expect(truncated.unitsToRestore(sourceLength: 49152) == [10, 11])
        #expect(truncated.unitsToRestore(sourceLength: 40960) == [])
    }

    @Test("a tracked copy is re-made from the written units only while the tracker saw every commit: a record another watcher started over, or a commit past the tracker, sends it to whole files")
    func trackedCopyVouchesOnlyForWhatItSaw() throws {
        let folder = TemporaryDirectory.inMemory("tracking")
        let source = try makeSource(folder)
        #expect(ChangedPageTracking.activate())
        let copy = folder.path("source/copy.db")
        try FileManager.default.copyItem(atPath: source, toPath: copy)
        let disagreements = ChangedPageTracking.disagreements.load(ordering: .relaxed)
        var tracked = TrackedCopy(source: source, copy: copy)
        defer { tracked.unwatch() }
        tracked.markIdentical()
        try write(source, "UPDATE a SET body = 'changed' WHERE id = 5; INSERT INTO a SELECT id + 1000, body FROM a WHERE id < 40")
        try write(copy, "UPDATE b SET body = 'other' WHERE id = 9")
        #expect(try tracked.remake(), "every commit to both went through the tracker")
        #expect(try bytes(copy) == bytes(source))
        // Another watcher of the source starts its record over: what it held is lost.
        try write(source, "UPDATE a SET body = 'again' WHERE id = 6")
        try write(copy, "UPDATE b SET body = 'x' WHERE id = 10")
        #expect(ChangedPageTracking.watch(source))
        #expect(try !tracked.remake(), "a record started over by someone else is not trusted")
        #expect(try bytes(copy) == bytes(source))
        // A commit through SQLite's own VFS, past the tracker, as another process's would be.
        try write(copy, "UPDATE b SET body = 'y' WHERE id = 11")
        try write(source, "UPDATE a SET body = 'unix' WHERE id = 7", vfs: "unix")
        #expect(!tracked.holdSameDatabase())
        #expect(try !tracked.remake(), "a commit the tracker did not see leaves a change counter it did not record")
        #expect(try bytes(copy) == bytes(source))
        // Tracked again from there on.
        try write(source, "DELETE FROM a WHERE id > 1000")
        try write(copy, "UPDATE b SET body = 'z' WHERE id = 12")
        #expect(!tracked.holdSameDatabase(), "the two sides wrote different rows")
        #expect(try tracked.remake())
        #expect(try bytes(copy) == bytes(source))
        #expect(ChangedPageTracking.disagreements.load(ordering: .relaxed) == disagreements)
    }
}
