import Foundation
import Testing
import TestSupport

@Suite("--html OUT of diff, verify and shadow")
struct HTMLReportCommandTests {
    private var fixture: String { SharedData.repositoryRoot.appendingPathComponent("Fixtures/mmex-200.mmb").path }

    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    @Test("diff --html writes a private page whose slice totals are the JSON report's")
    func diffPage() throws {
        let folder = TemporaryDirectory("html-diff")
        let page = folder.path("diff.html")
        let result = try DriverPortBinary.run([
            "diff", fixture, "--slices", "infotable,currencies", "--operations", "20", "--json", "--html", page,
        ])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(try mode(page) == 0o600)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any] ?? [:]
        let slices = json["slices"] as? [[String: Any]] ?? []
        #expect(slices.count == 2)
        for slice in slices {
            let name = slice["name"] as? String ?? "?"
            for comparison in slice["comparisons"] as? [[String: Any]] ?? [] {
                let operations = comparison["operations"] as? Int ?? -1
                let candidate = comparison["candidate"] as? String ?? "?"
                #expect(html.contains("<tr data-slice=\"\(name)\" data-mismatches=\"0\"><td>\(name)</td><td>legacy</td>"
                    + "<td>\(candidate)</td><td class=\"n\">\(operations)</td>"), "\(name) \(candidate)")
            }
        }
        #expect(html.contains("All slices agree."))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["diff.html"], "no partial file left")
    }

    @Test("an --html path in a missing folder, or a folder, is refused with 73 before anything runs",
          arguments: ["diff", "shadow", "verify"])
    func unwritablePageRefusedFirst(command: String) throws {
        let folder = TemporaryDirectory("html-refused")
        var arguments = [command, fixture]
        if command == "verify" { arguments += ["--transcript", folder.path("none.transcript")] }
        for target in [folder.path("missing/report.html"), folder.url.path] {
            let result = try DriverPortBinary.run(arguments + ["--html", target])
            #expect(result.exitCode == 73, "\(command) \(target): \(result.standardError)")
            #expect(result.standardError.split(separator: "\n").count == 1)
            #expect(result.standardError.contains(target))
        }
    }

    @Test("shadow --html and verify --html write their pages")
    func shadowAndVerifyPages() throws {
        let folder = TemporaryDirectory("html-shadow")
        let shadow = try DriverPortBinary.run([
            "shadow", fixture, "--operations", "20", "--html", folder.path("shadow.html"),
        ])
        #expect(shadow.exitCode == 0, "\(shadow.standardError)")
        let shadowPage = try String(contentsOfFile: folder.path("shadow.html"), encoding: .utf8)
        #expect(shadowPage.contains("<td>20 units, 20 compared</td><td>legacy</td><td>queue</td>"))

        let transcript = folder.path("t.transcript")
        let record = try DriverPortBinary.run([
            "record", fixture, "--out", transcript, "--slices", "infotable", "--operations", "10",
        ])
        #expect(record.exitCode == 0, "\(record.standardError)")
        let verify = try DriverPortBinary.run([
            "verify", fixture, "--transcript", transcript, "--html", folder.path("verify.html"),
        ])
        #expect(verify.exitCode == 0, "\(verify.standardError)")
        let verifyPage = try String(contentsOfFile: folder.path("verify.html"), encoding: .utf8)
        #expect(verifyPage.contains("<td>\(transcript)</td><td>queue</td>"))
        #expect(verifyPage.contains("All slices agree."))
    }
}
