import Differential
import Foundation
import SQLiteEngine
import TestSupport
import Testing

@Suite("The harness runs on real MMEX files")
struct RealFileTests {
    /// Plain connections doing the same reads and a no-op write: the harness must see no difference on a real file,
    /// whatever its journal mode, extra tables or age.
    @Test("identical plain connections agree on every real file", .needsSharedData, arguments: SharedData.realFiles.map(\.name))
    func realFilesAgreeWithThemselves(name: String) throws {
        let folder = TemporaryDirectory()
        let source = SharedData.realFile(name).path
        let before = folderFingerprint(SharedData.realFile(name).deletingLastPathComponent())
        let side = DifferentialSide<EngineConnection>(
            name: "plain", open: { try EngineConnection(path: $0) }, close: { $0.close() }
        )
        let harness = DifferentialHarness(baseline: side, candidate: side, workDirectory: folder.url)
        let scenario = Scenario<EngineConnection>(name: "infotable", operations: [
            DifferentialOperation("entries") { connection in
                try connection.rows("SELECT INFONAME, INFOVALUE FROM INFOTABLE_V1 ORDER BY INFOID")
                    .map { row in row.map(\.description) }
            },
            DifferentialOperation("touch") { connection in
                try connection.run("UPDATE INFOTABLE_V1 SET INFOVALUE = INFOVALUE WHERE INFONAME = 'DATAVERSION'")
                return connection.changes
            },
        ])
        let report = try harness.run(scenario, on: source)
        #expect(report.agrees, "\(report.mismatches)")
        #expect(folderFingerprint(SharedData.realFile(name).deletingLastPathComponent()) == before, "the source is untouched")
    }
}
