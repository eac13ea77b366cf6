import DriverPortCLI
import Foundation
import MMEXDifferential
import Testing
import TestSupport

@Suite("diff prints each slice as it finishes")
struct DiffStreamingTests {
    @Test("the runner hands over each slice before the next one starts, and the pieces make the whole report's text")
    func sliceByslice() throws {
        let folder = TemporaryDirectory.inMemory("diff-stream")
        let fixture = SharedData.repositoryRoot.appendingPathComponent("Fixtures/mmex-200.mmb").path
        var events: [String] = []
        let runner = SessionDiffRunner(
            source: .file(path: fixture, key: nil), options: DiffOptions(seed: 3, randomOperations: 10),
            workDirectory: folder.url
        )
        var pieces = SessionDiffReport.header(file: fixture, options: runner.options)
        let report = try runner.run(try SliceRegistry.slices(named: ["infotable", "tags"]), progress: { progress in
            if events.last != "run \(progress.slice)" { events.append("run \(progress.slice)") }
        }, finished: { slice in
            events.append("finished \(slice.name)")
            pieces += [""] + SessionDiffReport.lines(of: slice)
        })
        #expect(events == ["run infotable", "finished infotable", "run tags", "finished tags"])
        #expect((pieces + ["", report.footer]).joined(separator: "\n") == report.text)
        #expect(report.text.contains("(recorded: differences MIGRATION.md records as deliberate"), "the legend")
    }
}
