import Foundation

/// Runs cases the way noisy machines need: implementations alternate round by round (the order rotates each
/// round), rounds repeat until the spread of the per-round ratios is small, and the result is the median.
///
/// Comparing within a round cancels slow drifts of the machine (another process compiling): both sides of a ratio
/// ran seconds apart. Each implementation's `setUp` runs untimed before each of its runs.
public struct BenchRunner: Sendable {
    public var minimumRounds: Int
    public var maximumRounds: Int
    /// Stop once every implementation's per-round ratio (or time, without a baseline) has an interquartile range
    /// below this fraction of its median.
    public var targetSpread: Double

    public init(minimumRounds: Int = 5, maximumRounds: Int = 21, targetSpread: Double = 0.05) {
        self.minimumRounds = max(1, minimumRounds)
        self.maximumRounds = max(self.minimumRounds, maximumRounds)
        self.targetSpread = targetSpread
    }

    /// The same runner with its round limits scaled for long cases (at least one round, never more than before).
    public func limited(minimumRounds: Int, maximumRounds: Int) -> BenchRunner {
        BenchRunner(
            minimumRounds: min(self.minimumRounds, minimumRounds),
            maximumRounds: min(self.maximumRounds, maximumRounds), targetSpread: targetSpread)
    }

    /// Measures one case. `progress` is told which case and round is running.
    ///
    /// - Throws: ``BenchMismatchError`` when implementations process different row counts or read different values
    ///   in a round, and any error an implementation throws.
    public func measure(_ benchCase: BenchCase, progress: (String) -> Void = { _ in }) throws -> [BenchResult] {
        let names = benchCase.implementations.map(\.name)
        var seconds: [String: [Double]] = [:]
        var cpuSeconds: [String: [Double]] = [:]
        var ratios: [String: [Double]] = [:]
        var cpuRatios: [String: [Double]] = [:]
        var figures: [String: [String: [Double]]] = [:]
        var rows: [String: Int] = [:]
        var round = 0
        while round < maximumRounds {
            progress("\(benchCase.name): round \(round + 1)")
            let rotation = round % max(benchCase.implementations.count, 1)
            let order = Array(benchCase.implementations[rotation...] + benchCase.implementations[..<rotation])
            var thisRound: [String: Double] = [:]
            var thisRoundCPU: [String: Double] = [:]
            var checksums: [String: Int64] = [:]
            for implementation in order {
                try implementation.setUp?()
                let start = DispatchTime.now().uptimeNanoseconds
                let cpuStart = Self.processCPUSeconds()
                let outcome = try implementation.run()
                let cpuElapsed = Self.processCPUSeconds() - cpuStart + (outcome.childCPUSeconds ?? 0)
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                thisRound[implementation.name] = elapsed
                thisRoundCPU[implementation.name] = cpuElapsed
                rows[implementation.name] = outcome.rows
                if let checksum = outcome.checksum { checksums[implementation.name] = checksum() }
                for (figure, value) in outcome.figures { figures[implementation.name, default: [:]][figure, default: []].append(value) }
            }
            if Set(rows.values).count > 1 || Set(checksums.values).count > 1 {
                throw BenchMismatchError(caseName: benchCase.name, counts: rows, checksums: checksums)
            }
            for name in names {
                seconds[name, default: []].append(thisRound[name] ?? 0)
                cpuSeconds[name, default: []].append(thisRoundCPU[name] ?? 0)
                if let baseline = benchCase.baseline, let base = thisRound[baseline], base > 0 {
                    ratios[name, default: []].append((thisRound[name] ?? 0) / base)
                }
                if let baseline = benchCase.baseline, let base = thisRoundCPU[baseline], base > 0 {
                    cpuRatios[name, default: []].append((thisRoundCPU[name] ?? 0) / base)
                }
            }
            round += 1
            if round >= minimumRounds, isSettled(ratios.isEmpty ? seconds : ratios) { break }
        }
        return names.map { name in
            let ratio = ratios[name].map(Statistics.median)
            let samples = ratios[name] ?? seconds[name] ?? []
            let median = Statistics.median(samples)
            let extra = figures[name].map { $0.mapValues(Statistics.median) }
            return BenchResult(
                name: benchCase.name,
                family: benchCase.family,
                implementation: name,
                medianSeconds: Statistics.median(seconds[name] ?? []),
                medianCPUSeconds: Statistics.median(cpuSeconds[name] ?? []),
                cpuRatioToBaseline: cpuRatios[name].map(Statistics.median),
                ratioToRawC: benchCase.baselineIsRawC ? ratio : nil,
                baseline: benchCase.baseline,
                ratioToBaseline: ratio,
                rows: rows[name] ?? 0,
                rounds: round,
                spread: median > 0 ? Statistics.interquartileRange(samples) / median : nil,
                extra: extra
            )
        }
    }

    /// CPU time used so far by every thread of this process (`CLOCK_PROCESS_CPUTIME_ID`): the drivers run their
    /// work on their own dispatch queues, so the calling thread's CPU time would miss it. Time spent waiting for a
    /// processor that other programs hold is not counted, which makes it steadier than wall-clock time on a
    /// shared machine (though caches and hyper-threads still feel the neighbours).
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private func isSettled(_ samples: [String: [Double]]) -> Bool {
        samples.values.allSatisfy { values in
            let median = Statistics.median(values)
            return median > 0 && Statistics.interquartileRange(values) / median <= targetSpread
        }
    }
}

/// Order statistics for benchmark samples.
public enum Statistics {
    public static func median(_ values: [Double]) -> Double { quantile(values, 0.5) }

    public static func interquartileRange(_ values: [Double]) -> Double {
        quantile(values, 0.75) - quantile(values, 0.25)
    }

    /// Linear-interpolated quantile `q` in 0...1 (0 for no values).
    public static func quantile(_ values: [Double], _ q: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }
}
