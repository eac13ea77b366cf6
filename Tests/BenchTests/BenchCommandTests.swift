import DriverPortBench
import Foundation
import Testing
import TestSupport

/// `driverport bench` as a user runs it: rendering a saved run, its usage errors, and the memory probe's child mode.
/// (Running the bench itself is the end-to-end suite test's job, on a tiny configuration.)
@Suite("driverport bench command")
struct BenchCommandTests {
    static let document = BenchDocument(
        command: "driverport bench --quick", mode: "quick", build: "release", date: "2025-01-01T00:00:00Z",
        machine: MachineFacts(
            processors: 2, cpuModel: "Test CPU", loadAverageAtStart: [0.5, 0.4, 0.3], loadAverageAtEnd: [1, 1, 1],
            memoryBytes: 1 << 30, operatingSystem: "test"),
        engines: ["system": "SQLite 3.40.1"], totalSeconds: 42,
        results: [
            BenchResult(name: "fetch-20k-by-index", family: "fetch", implementation: "raw C", medianSeconds: 0.01,
                        ratioToRawC: 1, baseline: "raw C", ratioToBaseline: 1, rows: 20_000, rounds: 3, spread: 0.01),
            BenchResult(name: "fetch-20k-by-index", family: "fetch", implementation: "pool", medianSeconds: 0.0105,
                        ratioToRawC: 1.05, baseline: "raw C", ratioToBaseline: 1.05, rows: 20_000, rounds: 3, spread: 0.02),
        ],
        goals: BenchGoals.evaluate([
            BenchResult(name: "fetch-20k-by-index", family: "fetch", implementation: "pool", medianSeconds: 0.0105,
                        ratioToRawC: 1.05, baseline: "raw C", ratioToBaseline: 1.05, rows: 20_000, rounds: 3),
        ]),
        notes: ["a note"])

    @Test("--from renders a saved run as Markdown and as JSON without measuring anything")
    func rendersSavedRun() throws {
        let folder = TemporaryDirectory("bench-command")
        let path = folder.path("run.json")
        try Self.document.jsonData().write(to: URL(fileURLWithPath: path))
        let markdown = try DriverPortBinary.run(["bench", "--from", path, "--markdown"])
        #expect(markdown.exitCode == 0)
        #expect(markdown.standardOutput.contains("| fetch-20k-by-index | pool | 10.5 ms | 1.05x |  | raw C | 20000 | 3 |"))
        #expect(markdown.standardOutput.contains("2 processors, Test CPU"))
        #expect(markdown.standardOutput.contains("| reader/writer driver <= 1.1x raw C | fetch-20k-by-index | pool | 1.050x |  | <= 1.100x | yes |"))
        let json = try DriverPortBinary.run(["bench", "--from", path, "--json"])
        #expect(json.exitCode == 0)
        #expect(try BenchDocument.decode(Data(json.standardOutput.utf8)) == Self.document)
    }

    @Test("--markdown --page keeps what BENCHMARKS.md shows (the run, the goals, the records, shadow and diff tables)")
    func pageKeepsThePagesTables() throws {
        let folder = TemporaryDirectory("bench-page")
        let path = folder.path("run.json")
        var document = Self.document
        document.results.append(BenchResult(
            name: "shadow-write-units-200-of-2k", family: "shadow", implementation: "shadow 1%", medianSeconds: 0.06,
            ratioToRawC: nil, baseline: "control alone", ratioToBaseline: 1.2, rows: 200, rounds: 3, spread: 0.05))
        try document.jsonData().write(to: URL(fileURLWithPath: path))
        let page = try DriverPortBinary.run(["bench", "--from", path, "--markdown", "--page"])
        #expect(page.exitCode == 0, "\(page.standardError)")
        #expect(page.standardOutput.contains("### Goals"))
        #expect(page.standardOutput.contains("| shadow-write-units-200-of-2k | shadow 1% |"))
        #expect(!page.standardOutput.contains("### Case 1: fetch"), "the fetch table is not on the page")
        let all = try DriverPortBinary.run(["bench", "--from", path, "--markdown"])
        #expect(all.standardOutput.contains("### Case 1: fetch"))
        #expect(all.standardOutput.contains("| shadow-write-units-200-of-2k | shadow 1% |"))
    }

    @Test("usage errors and a missing saved run give one line on stderr and their exit codes")
    func usageErrors() throws {
        for (arguments, code) in [
            (["bench", "--json", "--markdown"], Int32(64)),
            (["bench", "--page"], 64),
            (["bench", "--only", "nonsense"], 64),
            (["bench", "--fixture", "x.mmb"], 64),
            (["bench", "--memory-probe", "nonsense", "--fixture", "x.mmb"], 64),
            (["bench", "--from", "/nonexistent/run.json"], 66),
            (["bench", "--from", "/nonexistent/run.json", "--quick"], 64),
        ] {
            let result = try DriverPortBinary.run(arguments)
            #expect(result.exitCode == code, "\(arguments)")
            #expect(result.standardError.split(separator: "\n").last?.hasPrefix("driverport bench: ") == true, "\(arguments)")
            #expect(result.standardOutput.isEmpty, "\(arguments)")
        }
    }

    @Test("the memory probe's child mode scans a database and reports its rows and peak resident memory as JSON")
    func memoryProbeChildMode() throws {
        let folder = TemporaryDirectory("bench-probe")
        let path = folder.path("probe.mmb")
        let created = try DriverPortBinary.run(["fixture", path, "--transactions", "50"])
        #expect(created.exitCode == 0)
        let result = try DriverPortBinary.run(["bench", "--memory-probe", "legacy", "--fixture", path])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let report = try JSONDecoder().decode(MemoryProbe.Report.self, from: Data(result.standardOutput.utf8))
        #expect(report.implementation == "legacy" && report.rows == 50)
        #expect((report.peakResidentBytes ?? 0) >= (report.residentBeforeScanBytes ?? 0))
    }
}
