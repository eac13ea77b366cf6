@testable import DriverPortBench
import Foundation
import Testing
import TestSupport

/// The whole bench machinery end to end on a tiny configuration (a few hundred rows, two rounds): every family runs,
/// the row and value checks pass, the memory probe runs in child processes, and the reports render. No timing is
/// asserted: speed lives in `driverport bench`, not in tests.
@Suite("Bench suite end to end")
struct BenchSuiteTests {
    static let tiny = BenchConfiguration(
        mode: "custom", fetchRows: 300, insertRows: 200, mmexTransactions: 200, lookups: 50, scaleTransactions: [120],
        readerCounts: [1, 2], concurrentReads: 6, rowsPerRead: 50, memoryProbeTransactions: 200,
        runner: BenchRunner(minimumRounds: 2, maximumRounds: 2), longRunner: BenchRunner(minimumRounds: 1, maximumRounds: 1),
        diffOperations: 3, diffSmallTransactions: 120, diffLargestTransactions: 120, diffCipherSlices: "infotable",
        diffScaleSlices: ["infotable"])

    @Test("a tiny run of every family processes the expected rows with every implementation agreeing")
    func tinyRunOfEveryFamily() async throws {
        let executable = DriverPortBinary.url
        var configuration = Self.tiny
        configuration.codecExtensionLibrary = DriverPortBinary.builtExecutable("libdriverport_codec.so").path
        let document = try await onOwnThread { [configuration] in
            try BenchSuite.run(configuration, probeExecutable: executable, command: "test", build: "debug")
        }
        let byName = Dictionary(grouping: document.results, by: \.name)
        let expectedRows = [
            "fetch-300-by-index": 300, "fetch-300-by-name": 300, "fetch-300-records": 300, "insert-200": 200,
            "mmex-load-200": 200, "mmex-load-120": 120, "mmex-lookups-50-of-200": 50,
            "concurrency-2-readers": 6 * 50, "concurrency-2-readers-with-writer": 6 * 50,
            "memory-streamed-scan-200": 200,
        ]
        for (name, rows) in expectedRows {
            let results = try #require(byName[name], "case \(name) did not run")
            #expect(results.allSatisfy { $0.rows == rows }, "\(name): \(results.map(\.rows))")
        }
        for name in ["fetch-300-by-index", "insert-200", "mmex-load-200", "mmex-balances-200", "mmex-monthly-200"] {
            let implementations = Set(byName[name]?.map(\.implementation) ?? [])
            // The insert case also measures the legacy driver's floor: the app's setters, raw C inserting.
            let floor: Set<String> = name.hasPrefix("insert-") ? [InsertCases.settersFloorName] : []
            #expect(implementations == Set([RawC.name, "legacy", "queue", "pool"]).union(floor), "\(name)")
            #expect(byName[name]?.first { $0.implementation == RawC.name }?.ratioToRawC == 1)
        }
        // Balances and the monthly report: one row per account / per month and code, the same for every driver.
        #expect(byName["mmex-balances-200"]?.allSatisfy { $0.rows > 0 } == true)
        #expect(byName["mmex-monthly-200"]?.allSatisfy { $0.rows > 0 } == true)
        // Codec: the same rows through every cipher; the engines comparison where Debian's SQLCipher is installed.
        let scan = try #require(byName["codec-scan-200"])
        // With the SQLCipher v4 scan read-ahead off too, where this CPU has it (AVX2).
        #expect(Set(scan.map(\.implementation)).subtracting([CodecCases.readAheadOffName])
                == ["plain", "sqlcipher4", "sqlcipher3", "aes128", "chacha20"])
        #expect(Set(scan.map(\.rows)).count == 1 && scan[0].rows > 200)
        #expect(scan.allSatisfy { $0.baseline == "plain" && $0.ratioToRawC != nil })
        if document.engines["sqlcipher"] != "unavailable" {
            let engines = try #require(byName["codec-sqlcipher3-engines-scan-200"])
            #expect(engines.allSatisfy { $0.rows == scan[0].rows && $0.ratioToRawC == nil && $0.ratioToBaseline != nil })
        }
        // The SQLCipher v4 scan through the loadable extension in the sqlite3 shell: the same rows and checksum as on
        // the own connection (the runner stops on a difference), the shell's CPU time counted.
        let viaExtension = try #require(byName["codec-extension-scan-200"])
        #expect(viaExtension.map(\.implementation) == [ExtensionScanCase.ownName, ExtensionScanCase.shellName])
        #expect(viaExtension.allSatisfy { $0.rows == scan[0].rows && $0.baseline == ExtensionScanCase.ownName })
        #expect((viaExtension.last?.cpuRatioToBaseline ?? 0) > 0.2, "the shell's own CPU time is counted")
        #expect(document.goals.contains { $0.caseName == "codec-extension-scan-200" })
        // Concurrency: pool vs queue with the throughput ratio; the writer's commits are counted.
        let withWriter = try #require(byName["concurrency-2-readers-with-writer"]?.first { $0.implementation == "pool" })
        #expect(withWriter.extra?["throughputRatioToQueue"] != nil)
        #expect((withWriter.extra?["writerCommitsPerSecond"] ?? 0) > 0)
        // Memory: each implementation in its own child process reports its peak.
        let memory = try #require(byName["memory-streamed-scan-200"])
        #expect(memory.count == 4 && memory.allSatisfy { ($0.extra?["peakResidentBytes"] ?? 0) > 1_000_000 })
        // Diff: the commands in child processes, the same operations on every file, peak memory and key derivations
        // reported (inspect of the v4 file derives its key once).
        let ciphers = try #require(byName["diff-ciphers-200"])
        #expect(Set(ciphers.map(\.implementation)) == ["plain", "sqlcipher4", "aes128"])
        #expect(Set(ciphers.map(\.rows)).count == 1 && ciphers[0].rows > 3)
        #expect(ciphers.allSatisfy { ($0.extra?["peakResidentBytes"] ?? 0) > 1_000_000 && $0.cpuRatioToBaseline == nil })
        let scale = try #require(byName["diff-scale-infotable"])
        #expect(scale.map(\.implementation) == ["120 transactions", "200 transactions"])
        #expect(byName["diff-largest-120-infotable"]?.first?.extra?["peakResidentBytes"] != nil)
        let inspect = try #require(byName["inspect-ciphers-200"]?.first { $0.implementation == "sqlcipher4" })
        #expect(inspect.extra?["keyDerivations"] == 1)
        #expect(document.goals.contains { $0.caseName == "inspect-ciphers-200" && $0.met && $0.unit == "derivations" })
        #expect(document.goals.contains { $0.caseName == "diff-largest-120-infotable" && $0.remark != nil })
        // Goals are checked from what ran, and the reports render from the document.
        #expect(document.goals.contains { $0.goal.hasPrefix("legacy driver") && $0.caseName == "insert-200" })
        // Issue 34's 1.25x is judged too; on the insert its remark gives the floor the app's setters set.
        let issue34 = document.goals.filter { $0.limit == BenchGoals.legacyIssue34Limit && $0.implementation == "legacy" }
        #expect(Set(issue34.map(\.caseName)) == ["fetch-300-by-index", "fetch-300-by-name", "fetch-300-records", "insert-200"])
        #expect(issue34.first { $0.caseName == "insert-200" }?.remark?.hasPrefix("the app's setters alone") == true)
        #expect(issue34.filter { $0.remark != nil }.count == 1)
        #expect(document.goals.contains { $0.caseName == "memory-streamed-scan-200" && $0.remark != nil })
        #expect(try BenchDocument.decode(document.jsonData()) == document)
        let markdown = BenchReport.markdown(document)
        #expect(markdown.contains("| fetch-300-by-index | raw C |"))
        #expect(markdown.contains("Scale: microseconds per transaction"))
        #expect(BenchReport.text(document).contains("mmex-lookups-50-of-200"))
    }

    @Test("implementations that read different values from the same rows are caught by the checksum")
    func checksumMismatchIsCaught() {
        let benchCase = BenchCase(name: "values", family: "test", implementations: [
            .init(RawC.name) { BenchOutcome(rows: 5, checksum: 15) },
            .init("misreads") { BenchOutcome(rows: 5, checksum: 14) },
        ])
        #expect(throws: BenchMismatchError.self) { try BenchRunner(minimumRounds: 1, maximumRounds: 1).measure(benchCase) }
    }

    @Test("set-up runs before every timed run, and figures are reported as their median")
    func setUpAndFigures() throws {
        let counter = Counter()
        let benchCase = BenchCase(name: "figures", family: "test", baseline: nil, implementations: [
            .init("only", setUp: { counter.value += 1 }) {
                BenchOutcome(rows: 1, figures: ["setUps": Double(counter.value)])
            },
        ])
        let results = try BenchRunner(minimumRounds: 3, maximumRounds: 3).measure(benchCase)
        #expect(counter.value == 3)
        #expect(results[0].extra?["setUps"] == 2)
        #expect(results[0].ratioToRawC == nil && results[0].ratioToBaseline == nil)
    }

    @Test("the legacy driver's query builder renders exactly the SQL the raw C and reader/writer versions run")
    func legacyQueriesMatchTheRawSQL() {
        #expect(MMEXLegacyWork.loadQuery.expression.template == MMEXWork.loadSQL)
        #expect(MMEXLegacyWork.lookupQuery(7).expression.template == MMEXWork.lookupSQL)
        #expect(MMEXLegacyWork.flowsQuery.expression.template == MMEXWork.flowsSQL)
        #expect(MMEXLegacyWork.flowsQuery.expression.bindings == MMEXWork.countedArguments.map { .text($0) })
        #expect(MMEXLegacyWork.transfersInQuery.expression.template == MMEXWork.transfersInSQL)
        #expect(MMEXLegacyWork.transfersInQuery.expression.bindings == MMEXWork.transfersInArguments.map { .text($0) })
        #expect(MMEXLegacyWork.initialBalancesQuery.expression.template == MMEXWork.initialBalancesSQL)
        #expect(MMEXLegacyWork.monthlyQuery.expression.template == MMEXWork.monthlySQL)
        #expect(MMEXLegacyWork.monthlyQuery.expression.bindings == MMEXWork.monthlyArguments.map { .text($0) })
    }

    @Test("size labels name thousands and millions, and the scale table reads them back")
    func sizeLabels() {
        #expect(sizeLabel(200_000) == "200k")
        #expect(sizeLabel(1_000_000) == "1m")
        #expect(sizeLabel(2_500) == "2500")
        #expect(BenchReport.parseSize("1m") == 1_000_000)
        #expect(BenchReport.parseSize("10k") == 10_000)
        #expect(BenchReport.parseSize("120") == 120)
    }
}

/// A counter the test's closures share (the runner calls them on the test's thread, one after another).
private final class Counter {
    var value = 0
}

/// Runs blocking work on a thread of its own, off Swift's cooperative pool (the bench blocks its thread while its
/// concurrency cases run async tasks).
private func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
