import Differential

/// What `driverport diff` found: one entry per slice (`driverport diff --json` prints this).
public struct SessionDiffReport: Sendable, Hashable, Codable {
    /// The source file (never modified), or `(in-memory samples)`.
    public var file: String
    public var options: DiffOptions
    public var slices: [SliceDiff]

    /// Whether every slice agrees on every comparison (recorded differences aside).
    public var agrees: Bool { slices.allSatisfy { $0.mismatches == 0 } }
}

/// One slice's comparisons.
public struct SliceDiff: Sendable, Hashable, Codable {
    /// `infotable`.
    public var name: String
    /// Operations run, over all comparisons (each operation runs through both sessions of a comparison).
    public var operations: Int
    /// Mismatches not covered by a recorded difference.
    public var mismatches: Int
    /// Every such mismatch.
    public var details: [MismatchDetail]
    /// Differences MIGRATION.md records as deliberate, as found in this run.
    public var recorded: [RecordedMismatch]
    /// One entry per comparison (legacy vs queue, legacy vs pool).
    public var comparisons: [ComparisonDiff]
}

/// One comparison of one slice.
public struct ComparisonDiff: Sendable, Hashable, Codable {
    /// `legacy vs pool`.
    public var comparison: String
    public var baseline: String
    public var candidate: String
    public var scenarios: Int
    public var operations: Int
    public var mismatches: Int
    /// Mismatches covered by a recorded difference.
    public var recorded: Int
    /// The scenarios that failed, with their seeds and shortest failing sequences.
    public var failures: [ScenarioFailure]
}

/// A scenario that found mismatches.
public struct ScenarioFailure: Sendable, Hashable, Codable {
    public var scenario: String
    /// The seed that replays a random scenario (`driverport diff FILE --seed N`).
    public var seed: UInt64?
    public var mismatches: Int
    /// The operations of the shortest sequence found that still fails the same way.
    public var shortestFailingSequence: [String]?
}

/// One mismatch, with the comparison it came from.
public struct MismatchDetail: Sendable, Hashable, Codable, CustomStringConvertible {
    public var comparison: String
    public var kind: Mismatch.Kind
    public var scenario: String
    public var seed: UInt64?
    public var operationIndex: Int?
    public var operation: String?
    public var field: String
    public var baseline: String
    public var candidate: String
    /// The porting trap it is, when it is a known one.
    public var trap: PortingTrap?
    /// The root cause it follows from, when its trap was given as a consequence (``Differential/Mismatch/followsFrom``).
    public var followsFrom: String?

    init(_ mismatch: Mismatch, comparison: SessionComparison) {
        self.comparison = comparison.rawValue
        kind = mismatch.kind
        scenario = mismatch.scenario
        seed = mismatch.seed
        operationIndex = mismatch.operationIndex
        operation = mismatch.operation
        field = mismatch.field
        baseline = mismatch.baseline
        candidate = mismatch.candidate
        trap = mismatch.trap
        followsFrom = mismatch.followsFrom
    }

    /// `legacy vs pool, scenario NOCASE lookups: result of #3 entry(for: "café") at name: baseline ..., candidate ...`.
    public var description: String {
        let seedText = seed.map { " (seed \($0))" } ?? ""
        var text = "\(comparison), scenario \(scenario)\(seedText): \(kind.rawValue)"
        if let operationIndex, let operation { text += " of #\(operationIndex) \(operation)" }
        text += " at \(field): baseline \(baseline), candidate \(candidate)"
        return text + (followsFrom.map { " (follows from \($0))" } ?? "")
    }
}

/// A recorded difference as found in a comparison.
public struct RecordedMismatch: Sendable, Hashable, Codable {
    /// The id in MIGRATION.md.
    public var id: String
    public var comparison: String
    public var field: String
    public var baseline: String
    public var candidate: String
    /// The porting trap it is, when it is a known one.
    public var trap: PortingTrap?
}

extension SessionDiffReport {
    /// The per-slice tables, then every mismatch with its seed and shortest failing sequence, then the recorded
    /// differences seen: ``header``, each slice's ``lines(of:)`` after a blank line, then ``footer``, which is how
    /// `driverport diff` prints them as each slice finishes.
    public var text: String {
        var lines = header
        for slice in slices {
            lines.append("")
            lines += Self.lines(of: slice)
        }
        lines.append("")
        lines.append(footer)
        return lines.joined(separator: "\n")
    }

    /// The file, where the operations came from, and what the table's columns mean.
    public var header: [String] { Self.header(file: file, options: options) }

    /// The header of a report on `file` run with `options`, before it is run.
    public static func header(file: String, options: DiffOptions) -> [String] {
        let source = options.randomOperations > 0
            ? "seed \(options.seed), \(options.randomOperations) random operations per slice and comparison"
            : "hand-written scenarios only"
        return [
            "\(file) (\(source))",
            "(recorded: differences MIGRATION.md records as deliberate, listed apart and not counted as mismatches)",
        ]
    }

    /// `all slices agree`, or the number of mismatches.
    public var footer: String {
        agrees ? "all slices agree" : "\(slices.reduce(0) { $0 + $1.mismatches }) mismatches"
    }

    /// One slice's table, mismatches, shortest failing sequences and recorded differences.
    public static func lines(of slice: SliceDiff) -> [String] {
        var lines: [String] = []
        lines.append("slice \(slice.name)")
        let header = ["comparison", "scenarios", "operations", "mismatches", "recorded"]
        let rows = slice.comparisons.map {
            [$0.comparison, String($0.scenarios), String($0.operations), String($0.mismatches), String($0.recorded)]
        }
        lines += table(header: header, rows: rows).map { "  " + $0 }
        for detail in slice.details {
            lines.append("  mismatch: \(detail)")
            if let trap = detail.trap { lines.append("    \(trap)") }
        }
        for comparison in slice.comparisons {
            for failure in comparison.failures {
                guard let sequence = failure.shortestFailingSequence, !sequence.isEmpty else { continue }
                let seed = failure.seed.map { " (seed \($0))" } ?? ""
                lines.append(
                    "  shortest failing sequence of \(comparison.comparison), \(failure.scenario)\(seed): "
                        + sequence.joined(separator: "; ")
                )
            }
        }
        let recordedLines = slice.recorded.map { recorded in
            let trap = recorded.trap.map { ", porting trap \($0.id)" } ?? ""
            return "\(recorded.comparison): \(recorded.id) (\(recorded.field): \(recorded.baseline) vs \(recorded.candidate)\(trap))"
        }
        for recorded in Set(recordedLines).sorted() {
            lines.append("  recorded difference, \(recorded)")
        }
        return lines
    }

    private static func table(header: [String], rows: [[String]]) -> [String] {
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (index, cell) in cells.enumerated() {
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                text += index == 0 ? cell + padding : "  " + padding + cell
            }
            return text
        }
        return [line(header)] + rows.map(line)
    }
}
