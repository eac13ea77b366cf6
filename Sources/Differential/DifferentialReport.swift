/// What one scenario found.
public struct ScenarioReport: Sendable, Hashable, Codable {
    /// The scenario's name, as the caller gave it (``Scenario/name``).
    public var name: String
    /// The seed of a generated scenario.
    public var seed: UInt64?
    /// Operations run (through each side).
    public var operations: Int
    /// Every difference found that no ``KnownDifference`` covers, each with its porting trap when one is known.
    /// Empty when the scenario agrees.
    public var mismatches: [Mismatch]
    /// When it failed: the operation names of the shortest sequence found that still fails the same way.
    public var shortestFailingSequence: [String]?
    /// Differences a ``KnownDifference`` covers (each names it in ``Mismatch/knownDifference``): reported, never
    /// counted as mismatches.
    public var known: [Mismatch]

    /// Whether the two sides agreed: no mismatches (known differences do not count).
    public var agrees: Bool { mismatches.isEmpty }

    /// A scenario's findings; the harness builds these, and an app's own runner may too.
    ///
    /// - Parameters:
    ///   - name: The scenario's name.
    ///   - seed: The seed of a generated scenario, `nil` for a hand-written one.
    ///   - operations: How many operations ran through each side.
    ///   - mismatches: The differences found that no known difference covers.
    ///   - shortestFailingSequence: The operation names of the shortest sequence that still fails, if searched.
    ///   - known: The differences a ``KnownDifference`` covers.
    public init(
        name: String, seed: UInt64?, operations: Int, mismatches: [Mismatch], shortestFailingSequence: [String]?,
        known: [Mismatch] = []
    ) {
        self.name = name
        self.seed = seed
        self.operations = operations
        self.mismatches = mismatches
        self.shortestFailingSequence = shortestFailingSequence
        self.known = known
    }
}

/// What one repository slice's scenarios found, for `driverport diff` (one table row, one JSON object).
public struct SliceReport: Sendable, Hashable, Codable {
    /// The slice's name (`infotable`): which part of the app's persistence its scenarios exercise.
    public var name: String
    /// The baseline side's name (``DifferentialSide/name``, such as `legacy`).
    public var baseline: String
    /// The candidate side's name (``DifferentialSide/name``, such as `queue`).
    public var candidate: String
    /// Operations run across all scenarios.
    public var operations: Int
    /// How many mismatches.
    public var mismatches: Int
    /// Every mismatch, in scenario order.
    public var details: [Mismatch]
    /// Every difference a ``KnownDifference`` covers, in scenario order (not counted in ``mismatches``).
    public var known: [Mismatch]
    /// The report of every scenario run for the slice, in run order.
    public var scenarios: [ScenarioReport]

    /// Whether every scenario of the slice agreed (known differences do not count).
    public var agrees: Bool { mismatches == 0 }

    /// A slice's report from its scenarios' reports; the totals (``operations``, ``mismatches``) and the
    /// lists (``details``, ``known``) are gathered from them.
    ///
    /// - Parameters:
    ///   - name: The slice's name.
    ///   - baseline: The baseline side's name.
    ///   - candidate: The candidate side's name.
    ///   - scenarios: The reports of the slice's scenarios.
    public init(name: String, baseline: String, candidate: String, scenarios: [ScenarioReport]) {
        self.name = name
        self.baseline = baseline
        self.candidate = candidate
        self.scenarios = scenarios
        operations = scenarios.reduce(0) { $0 + $1.operations }
        details = scenarios.flatMap(\.mismatches)
        known = scenarios.flatMap(\.known)
        mismatches = details.count
    }
}

/// The whole comparison: `driverport diff --json` prints this.
public struct DifferentialReport: Sendable, Hashable, Codable {
    /// The source file (never modified).
    public var file: String
    /// One report per slice compared, in run order.
    public var slices: [SliceReport]

    /// Whether every slice agreed: the run found no mismatch a known difference does not cover.
    public var agrees: Bool { slices.allSatisfy(\.agrees) }

    /// A report of the given slices about the source file at `file`.
    ///
    /// - Parameters:
    ///   - file: The path of the source file the scenarios ran on (copies of it).
    ///   - slices: The slices' reports.
    public init(file: String, slices: [SliceReport]) {
        self.file = file
        self.slices = slices
    }

    /// A plain-text table (slice, sides, operations, mismatches), then each mismatch (with the porting trap it is,
    /// and what to do) and each shortest failing sequence with its seed, then the known differences seen.
    public var text: String {
        var lines: [String] = []
        let header = ["slice", "baseline", "candidate", "operations", "mismatches"]
        let rows = slices.map { [$0.name, $0.baseline, $0.candidate, String($0.operations), String($0.mismatches)] }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: "  ")
        }
        lines.append(line(header))
        lines += rows.map(line)
        for slice in slices where !slice.agrees {
            lines.append("")
            lines.append("\(slice.name): \(slice.baseline) vs \(slice.candidate)")
            for scenario in slice.scenarios where !scenario.agrees {
                let seed = scenario.seed.map { " (seed \($0))" } ?? ""
                lines.append("  scenario \(scenario.name)\(seed):")
                for mismatch in scenario.mismatches {
                    lines.append("    \(mismatch)")
                    if let trap = mismatch.trap { lines.append("      \(trap)") }
                }
                if let sequence = scenario.shortestFailingSequence {
                    lines.append("    shortest failing sequence (\(sequence.count)): \(sequence.joined(separator: "; "))")
                }
            }
        }
        for slice in slices {
            let seen = Set(slice.known.map { "\(slice.name): known difference \($0.knownDifference ?? "?") (\($0.field))" })
            lines += seen.sorted()
        }
        return lines.joined(separator: "\n")
    }
}
