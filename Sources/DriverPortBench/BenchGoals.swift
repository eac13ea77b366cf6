/// One goal of issue 11 checked against one measured figure.
public struct GoalCheck: Sendable, Codable, Equatable {
    /// The goal in words (`reader/writer driver <= 1.1x raw C`).
    public var goal: String
    /// The case and implementation the figure comes from.
    public var caseName: String
    public var implementation: String
    /// The figure (a wall-clock ratio, or MiB for memory): what the goal is judged on.
    public var measured: Double
    /// The same ratio in CPU time, where there is one: a second opinion when other programs load the machine.
    public var cpuMeasured: Double?
    public var limit: Double
    /// `<=`, `<` or `>=`: how `measured` must compare with `limit`.
    public var comparison: String
    public var met: Bool
    /// `x` for a ratio, `MiB` for memory.
    public var unit: String
    /// Anything that qualifies the check (measured at another size than the goal names).
    public var remark: String?
}

/// Checks the issue's goals against a run's results. Only what the run measured is checked: a quick run has no
/// 1M-transaction memory probe, so that goal is checked at the size it had, with a remark.
public enum BenchGoals {
    public static let readerWriterLimit = 1.1
    public static let legacyLimit = 1.5
    /// Issue 34's goal for the legacy driver (the project's is ``legacyLimit``).
    public static let legacyIssue34Limit = 1.25
    /// Issue 20's goal (issue 11's was 1.5x).
    public static let sqlcipher4Limit = 1.25
    public static let codecVersusDebianLimit = 1.0
    /// Issue 34's goal: a scan through the codec's loadable extension against the same scan on the own connection.
    public static let extensionScanLimit = 1.1
    public static let poolTwoReadersLimit = 1.7
    public static let memoryLimitMiB = 64.0
    public static let shadowOnePercentLimit = 1.05
    /// The implementation name of the shadow family's case at 1% sampling, the one the goal judges.
    package static let shadowOnePercentName = "shadow 1%"

    public static func evaluate(_ results: [BenchResult]) -> [GoalCheck] {
        var checks: [GoalCheck] = []
        for result in results where result.family == BenchFamily.fetch.rawValue || result.family == BenchFamily.insert.rawValue {
            guard let ratio = result.ratioToRawC else { continue }
            switch result.implementation {
            case DriverSet.queueName, DriverSet.poolName:
                checks.append(check(
                    "reader/writer driver <= \(readerWriterLimit)x raw C", result, ratio, readerWriterLimit, "<="))
            case DriverSet.legacyName:
                checks.append(check("legacy driver <= \(legacyLimit)x raw C", result, ratio, legacyLimit, "<="))
                var issue34 = check(
                    "legacy driver <= \(legacyIssue34Limit)x raw C (issue 34)", result, ratio, legacyIssue34Limit, "<=")
                issue34.remark = floorRemark(for: result, in: results)
                checks.append(issue34)
            default: break
            }
        }
        for result in results where result.name.hasPrefix("codec-scan-") && result.implementation == "sqlcipher4" {
            guard let ratio = result.ratioToBaseline else { continue }
            checks.append(check("SQLCipher v4 scan <= \(sqlcipher4Limit)x plain", result, ratio, sqlcipher4Limit, "<="))
        }
        for result in results where result.name.hasPrefix("codec-sqlcipher3-engines-scan-")
            && result.implementation == CodecCases.codecEngineName {
            guard let ratio = result.ratioToBaseline else { continue }
            checks.append(check(
                "our SQLCipher v3 codec no slower than Debian's SQLCipher engine", result, ratio,
                codecVersusDebianLimit, "<="))
        }
        for result in results where result.name.hasPrefix("codec-extension-scan-")
            && result.implementation == ExtensionScanCase.shellName {
            guard let ratio = result.ratioToBaseline else { continue }
            checks.append(check(
                "scan through the loadable extension <= \(extensionScanLimit)x the own connection", result, ratio,
                extensionScanLimit, "<="))
        }
        for result in results where result.name == "concurrency-2-readers" && result.implementation == DriverSet.poolName {
            guard let ratio = result.extra?["throughputRatioToQueue"] else { continue }
            checks.append(check(
                "pool with 2 readers >= \(poolTwoReadersLimit)x a queue's read throughput", result, ratio,
                poolTwoReadersLimit, ">="))
        }
        for result in results where result.family == BenchFamily.shadow.rawValue && result.implementation == shadowOnePercentName {
            guard let ratio = result.ratioToBaseline else { continue }
            checks.append(check(
                "shadow session at 1% sampling <= \(shadowOnePercentLimit)x the control alone", result, ratio,
                shadowOnePercentLimit, "<="))
        }
        for result in results where result.family == BenchFamily.memory.rawValue {
            guard let peak = result.extra?["peakResidentBytes"] else { continue }
            var item = check(
                "streamed scan of 1M transactions under \(Int(memoryLimitMiB)) MiB resident", result,
                peak / 1_048_576, memoryLimitMiB, "<")
            if !result.name.hasSuffix("-1m") {
                item.remark = "measured at \(result.name.replacingOccurrences(of: "memory-streamed-scan-", with: "")) "
                    + "transactions (this run has no 1M probe)"
            }
            checks.append(item)
        }
        checks += diffChecks(results)
        return checks
    }

    /// For an insert case: the ratio of its setters floor (the app's `table.insert(c0 <- v, ...)` built and freed,
    /// raw C inserting), the part of the legacy driver's ratio that is the app's own code.
    static func floorRemark(for result: BenchResult, in results: [BenchResult]) -> String? {
        guard let floor = results.first(where: {
            $0.name == result.name && $0.implementation == InsertCases.settersFloorName
        })?.ratioToRawC else { return nil }
        return "the app's setters alone, raw C inserting: " + BenchReport.figure(floor, "x")
    }

    static func check(_ goal: String, _ result: BenchResult, _ measured: Double, _ limit: Double, _ comparison: String) -> GoalCheck {
        let met = switch comparison {
        case "<=": measured <= limit
        case "<": measured < limit
        default: measured >= limit
        }
        let cpu = result.family == BenchFamily.fetch.rawValue || result.family == BenchFamily.insert.rawValue
            || result.family == BenchFamily.codec.rawValue ? result.cpuRatioToBaseline : nil
        return GoalCheck(
            goal: goal, caseName: result.name, implementation: result.implementation, measured: measured,
            cpuMeasured: cpu, limit: limit, comparison: comparison, met: met,
            unit: result.family == BenchFamily.memory.rawValue ? "MiB" : "x", remark: nil)
    }
}
