/// Issue 20's goals, checked on the `diff` family's results.
extension BenchGoals {
    /// `diff` on the SQLCipher v4 fixture against the plain one.
    public static let diffSQLCipher4Limit = 1.3
    /// `diff` on the large fixture against the 200-transaction one, for slices whose operations do not grow with the
    /// data; also the limit of every scale case's harness part (``harnessRatio(_:_:)``).
    public static let diffScaleLimit = 3.0
    /// The same for the transactions slice.
    public static let diffScaleTransactionsLimit = 10.0
    /// Peak resident memory of `diff` on the 1M fixture.
    public static let diffLargestMemoryLimitMiB = 256.0
    /// Key derivations of `inspect` on a SQLCipher v4 file.
    public static let inspectDerivationsLimit = 1.0

    static func diffChecks(_ results: [BenchResult]) -> [GoalCheck] {
        var checks: [GoalCheck] = []
        for result in results where result.family == BenchFamily.diff.rawValue && result.implementation != result.baseline {
            if result.name.hasPrefix("diff-ciphers-"), result.implementation == "sqlcipher4", let ratio = result.ratioToBaseline {
                checks.append(diffCheck(
                    "diff on SQLCipher v4 <= \(diffSQLCipher4Limit)x plain", result, ratio, diffSQLCipher4Limit, unit: "x"))
            } else if result.name.hasPrefix("diff-scale-"), let ratio = result.ratioToBaseline {
                let slice = result.name.replacingOccurrences(of: "diff-scale-", with: "")
                let limit = DiffCases.growingSlices.contains(slice) ? diffScaleTransactionsLimit : diffScaleLimit
                var item = diffCheck(
                    "diff \(slice) on the large fixture <= \(limit)x the 200-transaction one", result, ratio, limit, unit: "x")
                if !result.implementation.hasPrefix("100k") { item.remark = "measured at \(result.implementation)" }
                checks.append(item)
                if let harness = harnessRatio(result, results) {
                    var overhead = diffCheck(
                        "diff \(slice)'s harness (copies + state) on the large fixture <= \(diffScaleLimit)x the "
                            + "200-transaction one", result, harness, diffScaleLimit, unit: "x")
                    overhead.remark = item.remark
                    checks.append(overhead)
                }
            } else if result.name.hasPrefix("diff-largest-"), let peak = result.extra?["peakResidentBytes"] {
                var item = diffCheck(
                    "diff on the 1M fixture under \(Int(diffLargestMemoryLimitMiB)) MiB resident", result,
                    peak / 1_048_576, diffLargestMemoryLimitMiB, unit: "MiB")
                if !result.name.contains("-1m-") { item.remark = "measured at \(result.implementation)" }
                checks.append(item)
            } else if result.name.hasPrefix("inspect-ciphers-"), let derivations = result.extra?["keyDerivations"] {
                checks.append(diffCheck(
                    "inspect of a SQLCipher v4 file: one key derivation", result, derivations, inspectDerivationsLimit,
                    unit: "derivations"))
            }
        }
        return checks
    }

    /// The harness's own time (making and resetting the working copies, comparing their state: the phases
    /// `copiesSeconds` and `stateSeconds` the run reported) on `result`'s fixture against the baseline's, in the same
    /// case. The operations' time is left out: a slice whose operations read every transaction (accounts' balances
    /// and flows, the transactions slice) is meant to take longer on a larger file, the harness is not. So is the
    /// read-back check's (`readBackSeconds`, reported on its own): it reads every table the slice writes.
    static func harnessRatio(_ result: BenchResult, _ results: [BenchResult]) -> Double? {
        func harness(_ result: BenchResult) -> Double? {
            guard let copies = result.extra?["copiesSeconds"], let state = result.extra?["stateSeconds"] else { return nil }
            return copies + state
        }
        guard let measured = harness(result),
              let baseline = results.first(where: { $0.name == result.name && $0.implementation == result.baseline }),
              let base = harness(baseline), base > 0
        else { return nil }
        return measured / base
    }

    private static func diffCheck(
        _ goal: String, _ result: BenchResult, _ measured: Double, _ limit: Double, unit: String
    ) -> GoalCheck {
        var item = check(goal, result, measured, limit, "<=")
        item.unit = unit
        item.cpuMeasured = nil
        return item
    }
}
