import Foundation
import MMEXFiles
import SQLiteEngine
import TestSupport
import Testing

@Suite("FileProbe and an interrupted WAL checkpoint")
struct InterruptedCheckpointProbeTests {
    /// A WAL-mode file whose header promises more pages than the file has, as a checkpoint killed after writing
    /// page 1 leaves it; `withWAL` keeps the -wal that still holds the missing pages.
    static func makeImage(in folder: TemporaryDirectory, withWAL: Bool) throws -> String {
        let path = folder.path("checkpoint.db")
        let writer = try EngineConnection(path: path, options: .create)
        _ = try writer.scalar("PRAGMA journal_mode = WAL")
        _ = try writer.scalar("PRAGMA wal_autocheckpoint = 0")
        try writer.execute("CREATE TABLE t(v BLOB)")
        try writer.run("INSERT INTO t VALUES (zeroblob(20000))")
        try FileManager.default.copyItem(atPath: path, toPath: path + ".image")
        if withWAL { try FileManager.default.copyItem(atPath: path + "-wal", toPath: path + ".image-wal") }
        writer.close()
        let image = path + ".image"
        // The header's page count (bytes 28-31) says 20 pages; the file keeps its few.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: image))
        bytes.replaceSubrange(28..<32, with: [0, 0, 0, 20])
        try bytes.write(to: URL(fileURLWithPath: image))
        return image
    }

    @Test("a main file shorter than its header, with a -wal beside it, is not called truncated")
    func walBesideShortMainFileIsAccepted() throws {
        let folder = TemporaryDirectory()
        let image = try Self.makeImage(in: folder, withWAL: true)
        let probe = try FileProbe.examine(image)
        #expect(probe.isWALMode)
    }

    @Test("the same file without its -wal is still reported truncated")
    func shortMainFileAloneIsTruncated() throws {
        let folder = TemporaryDirectory()
        let image = try Self.makeImage(in: folder, withWAL: false)
        let error = #expect(throws: DatabaseFileError.self) { try FileProbe.examine(image) }
        guard case .truncated(_, let expected, _)? = error else {
            Issue.record("expected a truncated-file error, got \(String(describing: error))")
            return
        }
        #expect(expected == 20 * 4096)
    }
}
