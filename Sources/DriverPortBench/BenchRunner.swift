import Foundation

/// Runs cases the way noisy machines need: implementations alternate round by round (the order rotates each
/// round), rounds repeat until the spread of the per-round ratios is small, and the result is the median.
public struct BenchRunner: Sendable {
    public var minimumRounds: Int
    public var maximumRounds: Int
    /// Stop once every implementation's per-round ratio has an interquartile range below this fraction of its median.
    public var targetSpread: Double

    public init(minimumRounds: Int = 5, maximumRounds: Int = 21, targetSpread: Double = 0.05) {
        self.minimumRounds = minimumRounds
        self.maximumRounds = maximumRounds
        self.targetSpread = targetSpread
    }

    /// Measures one case. `progress` is told which case and round is running.
    public func measure(_ benchCase: BenchCase, progress: (String) -> Void = { _ in }) throws -> [BenchResult] {
        let names = benchCase.implementations.map(\.name)
        var seconds: [String: [Double]] = [:]
        var ratios: [String: [Double]] = [:]
        var rows: [String: Int] = [:]
        var round = 0
        while round < maximumRounds {
            progress("\(benchCase.name): round \(round + 1)")
            let rotation = round % benchCase.implementations.count
            let order = Array(benchCase.implementations[rotation...] + benchCase.implementations[..<rotation])
            var thisRound: [String: Double] = [:]
            for implementation in order {
                let start = DispatchTime.now().uptimeNanoseconds
                let count = try implementation.run()
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                thisRound[implementation.name] = elapsed
                rows[implementation.name] = count
            }
            if Set(rows.values).count > 1 { throw BenchMismatchError(caseName: benchCase.name, counts: rows) }
            for name in names {
                seconds[name, default: []].append(thisRound[name] ?? 0)
                if let baseline = benchCase.baseline, let base = thisRound[baseline], base > 0 {
                    ratios[name, default: []].append((thisRound[name] ?? 0) / base)
                }
            }
            round += 1
            if round >= minimumRounds, isSettled(ratios.isEmpty ? seconds : ratios) { break }
        }
        return names.map { name in
            BenchResult(
                name: benchCase.name,
                implementation: name,
                medianSeconds: Statistics.median(seconds[name] ?? []),
                ratioToRawC: ratios[name].map(Statistics.median),
                rows: rows[name] ?? 0,
                rounds: round,
                extra: nil
            )
        }
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
