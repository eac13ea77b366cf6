import DriverPortBench
import Testing

@Suite("Benchmark statistics and runner")
struct StatisticsTests {
    @Test("median and quantiles interpolate between order statistics")
    func medianAndQuantiles() {
        #expect(Statistics.median([3, 1, 2]) == 2)
        #expect(Statistics.median([4, 1, 3, 2]) == 2.5)
        #expect(Statistics.quantile([1, 2, 3, 4, 5], 0.25) == 2)
        #expect(Statistics.interquartileRange([1, 2, 3, 4, 5]) == 2)
        #expect(Statistics.median([]) == 0)
    }

    @Test("the runner rejects implementations that process different row counts")
    func runnerRejectsRowMismatch() {
        let benchCase = BenchCase(name: "mismatch", family: "test", implementations: [
            .init(RawC.name) { 10 },
            .init("lazy") { 9 },
        ])
        #expect(throws: BenchMismatchError.self) { try BenchRunner(minimumRounds: 1, maximumRounds: 1).measure(benchCase) }
    }

    @Test("the runner reports the baseline's ratio as exactly 1 and every implementation's rows")
    func runnerReportsRatios() throws {
        let benchCase = BenchCase(name: "same", family: "test", implementations: [
            .init(RawC.name) { 3 },
            .init("other") { 3 },
        ])
        let results = try BenchRunner(minimumRounds: 3, maximumRounds: 3).measure(benchCase)
        #expect(results.count == 2)
        #expect(results[0].ratioToRawC == 1)
        #expect(results.allSatisfy { $0.rows == 3 && $0.rounds == 3 })
    }
}
