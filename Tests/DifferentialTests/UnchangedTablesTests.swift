@testable import Differential
import Foundation
import SQLiteEngine
import TestSupport
import Testing

/// The row comparison skips only tables both copies hold byte for byte; everything else is still read row by row.
@Suite("Unchanged tables: what the state comparison may skip")
struct UnchangedTablesTests {
    /// Two copies of one file with two tables of a few hundred rows; `change` runs on the candidate copy.
    private func copies(
        _ folder: TemporaryDirectory, change: (EngineConnection) throws -> Void
    ) throws -> (baseline: String, candidate: String) {
        let source = folder.path("source.db")
        let connection = try EngineConnection(path: source, options: .create)
        try connection.execute(
            """
            CREATE TABLE a (id INTEGER PRIMARY KEY, body TEXT);
            CREATE TABLE b (id INTEGER PRIMARY KEY, body TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400)
            INSERT INTO a SELECT i, printf('row %d of a', i) FROM n;
            INSERT INTO b SELECT id, replace(body, 'of a', 'of b') FROM a;
            """
        )
        connection.close()
        let baseline = folder.path("baseline.db")
        let candidate = folder.path("candidate.db")
        try FileManager.default.copyItem(atPath: source, toPath: baseline)
        try FileManager.default.copyItem(atPath: source, toPath: candidate)
        let writer = try EngineConnection(path: candidate, options: .readWrite)
        try change(writer)
        writer.close()
        return (baseline, candidate)
    }

    private func unchanged(_ paths: (baseline: String, candidate: String)) throws -> Set<String> {
        let left = try EngineConnection(path: paths.baseline, options: .readOnly)
        defer { left.close() }
        let right = try EngineConnection(path: paths.candidate, options: .readOnly)
        defer { right.close() }
        return UnchangedTables.find(
            baselinePath: paths.baseline, candidatePath: paths.candidate, baseline: left, candidate: right
        )
    }

    @Test("identical copies: every table may be skipped")
    func identicalCopies() throws {
        let folder = TemporaryDirectory("unchanged")
        let paths = try copies(folder) { _ in }
        #expect(try unchanged(paths).isSuperset(of: ["a", "b"]))
    }

    @Test("a table one side changed is compared; the untouched one is skipped")
    func changedTableIsCompared() throws {
        let folder = TemporaryDirectory("unchanged")
        let paths = try copies(folder) { db in try db.execute("UPDATE a SET body = 'changed' WHERE id = 200") }
        let skipped = try unchanged(paths)
        #expect(!skipped.contains("a"))
        #expect(skipped.contains("b"))
    }

    @Test("a change the comparison would find is still found with skipping on")
    func skippingKeepsTheDifference() throws {
        let folder = TemporaryDirectory("unchanged")
        let paths = try copies(folder) { db in try db.execute("DELETE FROM b WHERE id = 7") }
        let left = try EngineConnection(path: paths.baseline, options: .readOnly)
        defer { left.close() }
        let right = try EngineConnection(path: paths.candidate, options: .readOnly)
        defer { right.close() }
        var diff = DatabaseStateDiff(baseline: left, candidate: right, options: .all)
        diff.unchangedTables = UnchangedTables.find(
            baselinePath: paths.baseline, candidatePath: paths.candidate, baseline: left, candidate: right
        )
        let fields = try diff.differences().map(\.field)
        #expect(fields == ["b[rowid 7]"])
    }

    @Test("only the baseline's b-trees are walked, yet a table the baseline alone changed is compared")
    func baselineChangeIsCompared() throws {
        let folder = TemporaryDirectory("unchanged")
        let paths = try copies(folder) { db in try db.execute("UPDATE b SET body = 'changed' WHERE id = 300") }
        let skipped = try unchanged((baseline: paths.candidate, candidate: paths.baseline))
        #expect(!skipped.contains("b"))
        #expect(skipped.contains("a"))
    }

    @Test("a table the candidate grew onto new pages (the baseline's pages untouched) is compared")
    func grownTableIsCompared() throws {
        let folder = TemporaryDirectory("unchanged")
        let paths = try copies(folder) { db in
            try db.execute(
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
                INSERT INTO a SELECT i + 1000, printf('new row %d', i) FROM n;
                """
            )
        }
        let skipped = try unchanged(paths)
        #expect(!skipped.contains("a"))
        #expect(skipped.contains("b"))
    }

    @Test("a -wal beside either copy turns skipping off")
    func walTurnsSkippingOff() throws {
        let folder = TemporaryDirectory("unchanged")
        let paths = try copies(folder) { _ in }
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: paths.candidate + "-wal"))
        #expect(try unchanged(paths).isEmpty)
    }
}

@Suite("Unchanged tables: the whole-file fast path")
struct SameContentTests {
    private func header(_ bytes: [(Int, UInt8)]) -> Data {
        var data = Data(repeating: 7, count: 4096)
        for (offset, value) in bytes { data[offset] = value }
        return data
    }

    @Test("the change counter, version-valid-for, SQLite version and WAL flags do not count as content")
    func countersAreNotContent() {
        #expect(UnchangedTables.sameContent(header([]), header([(24, 1), (27, 9), (92, 3), (99, 4), (18, 2), (19, 2)])))
    }

    @Test("any other byte, the page count in the header included, is content")
    func otherBytesAreContent() {
        #expect(!UnchangedTables.sameContent(header([]), header([(28, 1)])))
        #expect(!UnchangedTables.sameContent(header([]), header([(4095, 1)])))
        #expect(!UnchangedTables.sameContent(header([]), header([(16, 1)])))
        #expect(!UnchangedTables.sameContent(header([]), Data(repeating: 7, count: 8192)))
    }
}

@Suite("Working copies are reset to the source, not copied anew")
struct WorkingCopiesResetTests {
    @Test("one pass over the source resets both sides, and leaves a side that already matches unwritten")
    func oneSourcePassForBothSides() throws {
        let folder = TemporaryDirectory("reset")
        let source = folder.path("source.bin")
        let original = Data((0..<(200 * 1024 + 17)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try original.write(to: URL(fileURLWithPath: source))
        let same = folder.path("same.bin")
        let changed = folder.path("changed.bin")
        try original.write(to: URL(fileURLWithPath: same))
        var altered = original
        altered[150 * 1024] ^= 0xFF
        altered.append(contentsOf: [1, 2, 3])
        try altered.write(to: URL(fileURLWithPath: changed))
        let old = Date(timeIntervalSince1970: 946_684_800)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: same)
        try WorkingCopies.rewriteDifferences(of: [same, changed], from: source)
        #expect(try Data(contentsOf: URL(fileURLWithPath: same)) == original)
        #expect(try Data(contentsOf: URL(fileURLWithPath: changed)) == original)
        let modified = try FileManager.default.attributesOfItem(atPath: same)[.modificationDate] as? Date
        #expect(modified == old, "a side that already held the source's bytes was written")
    }

    @Test("after writes, a longer file, a shorter file and stray sidecars, reset leaves exactly the source's bytes")
    func resetRestoresTheSource() throws {
        let folder = TemporaryDirectory("reset")
        let source = folder.path("source.db")
        let connection = try EngineConnection(path: source, options: .create)
        try connection.execute(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
            INSERT INTO t SELECT i, printf('row %d', i) FROM n;
            """
        )
        connection.close()
        let original = try Data(contentsOf: URL(fileURLWithPath: source))
        var copies = try WorkingCopies(source: source, under: folder.url)
        defer { copies.remove() }
        // The baseline grows and gets a stray sidecar; the candidate shrinks.
        let grown = try EngineConnection(path: copies.baselinePath, options: .readWrite)
        try grown.execute("INSERT INTO t SELECT id + 5000, body FROM t; UPDATE t SET body = 'x' WHERE id = 3")
        grown.close()
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: copies.baselinePath + "-shm"))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: copies.candidatePath))
        try handle.truncate(atOffset: 4096)
        try handle.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: copies.baselinePath)) != original)
        try copies.reset(from: source)
        for path in [copies.baselinePath, copies.candidatePath] {
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
            #expect(WorkingCopies.files(beside: path) == ["source.db"])
        }
    }
}
