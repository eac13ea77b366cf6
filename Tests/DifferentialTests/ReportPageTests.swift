import Differential
import Foundation
import Testing
import TestSupport

/// Debian's headless Chromium, which renders the report page as a person's browser would.
private enum HeadlessChromium {
    static let path = "/usr/bin/chromium"
    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: path) }
    static var isRequired: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The DOM Chromium builds from the page at `file` (no network: the page loads nothing).
    static func renderedDOM(of file: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
            "--user-data-dir=\(file.deletingLastPathComponent().appendingPathComponent("profile").path)",
            "--dump-dom", file.absoluteString,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

@Suite("The HTML report page")
struct ReportPageTests {
    /// A report with two named traps on two slices, one unnamed difference, and a shortest failing sequence.
    private func report() throws -> DifferentialReport {
        let dates = try runTrapToys(
            baseline: TrapToy.Habits(stored: .text("2026-12-01T10:20:30.456")),
            candidate: TrapToy.Habits(stored: .text("2026-12-01 10:20:30.456")),
            operations: [TrapOperations.put]
        )
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()
        let uuids = try runTrapToys(
            baseline: TrapToy.Habits(stored: .text(uuid.uuidString)),
            candidate: TrapToy.Habits(stored: .text(uuid.uuidString.lowercased())),
            operations: [TrapOperations.put]
        )
        let plain = ScenarioReport(
            name: "random", seed: 42, operations: 3,
            mismatches: [Mismatch(kind: .result, scenario: "random", seed: 42, operationIndex: 2, operation: "rename(<b>)",
                                  field: "name", baseline: "\"a<b>&c\"", candidate: "\"a<B>&c\"")],
            shortestFailingSequence: ["insert(1)", "rename(<b>)"]
        )
        return DifferentialReport(file: "/data/toy & co.db", slices: [
            SliceReport(name: "dates", baseline: "legacy", candidate: "queue", scenarios: [dates, plain]),
            SliceReport(name: "uuids", baseline: "legacy", candidate: "pool", scenarios: [uuids]),
            SliceReport(name: "clean", baseline: "legacy", candidate: "queue", scenarios: []),
        ])
    }

    @Test("the characters that differ are marked and everything is escaped")
    func markedAndEscaped() throws {
        let html = try report().page().html
        #expect(html.contains("<td class=\"value\">&quot;a&lt;<mark>b</mark>&gt;&amp;c&quot;</td>"))
        #expect(html.contains("<td class=\"value\">&quot;a&lt;<mark>B</mark>&gt;&amp;c&quot;</td>"))
        #expect(html.contains("/data/toy &amp; co.db"))
        #expect(!html.contains("rename(<b>)"), "operation text is escaped")
        #expect(!html.contains("<script"), "the page runs nothing")
        #expect(!html.contains("http://") && !html.contains("https://"), "the page loads nothing")
    }

    @Test("each trap's advice appears once, and the unnamed differences are grouped last")
    func adviceOnceUnnamedLast() throws {
        let page = try report().page()
        let html = page.html
        for trap in [PortingTrap.dateFormat, PortingTrap.uuidForm] {
            let advice = trap.advice.replacingOccurrences(of: "'", with: "&#39;")
            #expect(html.components(separatedBy: "<p class=\"advice\">\(advice)</p>").count - 1 == 1, "\(trap.id)")
        }
        #expect(page.trapTotals.last?.trap == nil)
        #expect(page.trapTotals.dropLast().allSatisfy { $0.trap != nil })
    }

    @Test("rendered by headless Chromium, the page shows the JSON report's totals by slice and by trap and every mismatch",
          .enabled(if: HeadlessChromium.isInstalled || HeadlessChromium.isRequired,
                   "needs Debian's chromium (make test installs it with the test oracles)"))
    func chromiumShowsTheJSONReport() throws {
        let report = try report()
        let folder = TemporaryDirectory.inMemory("report-page")
        let file = URL(fileURLWithPath: folder.path("report.html"))
        try Data(report.page().html.utf8).write(to: file)
        let dom = try HeadlessChromium.renderedDOM(of: file)
        #expect(dom.contains("<h1>Differential report</h1>"), "Chromium rendered the page")

        // What the JSON report says.
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any] ?? [:]
        let slices = json["slices"] as? [[String: Any]] ?? []
        var trapCounts: [String: Int] = [:]
        var mismatchCount = 0
        for slice in slices {
            let name = slice["name"] as? String ?? "?"
            let count = slice["mismatches"] as? Int ?? -1
            #expect(dom.contains("data-slice=\"\(name)\" data-mismatches=\"\(count)\""), "slice \(name)")
            for detail in slice["details"] as? [[String: Any]] ?? [] {
                mismatchCount += 1
                let trap = (detail["trap"] as? [String: Any])?["id"] as? String ?? ""
                trapCounts[trap, default: 0] += 1
            }
        }
        #expect(mismatchCount > 0 && trapCounts.count == 3, "the example has two traps and unnamed differences")
        for (trap, count) in trapCounts {
            #expect(dom.contains("data-trap=\"\(trap)\" data-count=\"\(count)\""), "trap \(trap)")
            #expect(dom.contains("id=\"trap-\(trap)\" data-count=\"\(count)\""), "section of trap \(trap)")
        }
        #expect(dom.components(separatedBy: "<tr class=\"mismatch\">").count - 1 == mismatchCount)
        #expect(dom.contains("data-mismatches=\"\(mismatchCount)\">\(mismatchCount) mismatches."))
        #expect(dom.contains("<li><code>rename(&lt;b&gt;)</code></li>"), "the shortest failing sequence")
    }
}
