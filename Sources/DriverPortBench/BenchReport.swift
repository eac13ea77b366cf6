import Foundation

/// The human-readable forms of a ``BenchDocument``: a plain-text table for the terminal and Markdown for
/// `BENCHMARKS.md`. Every number comes from the document; nothing is computed but unit conversions and the
/// per-transaction cost of the scale table (time divided by the case's transactions).
public enum BenchReport {
    // MARK: Text

    /// Aligned columns, one line per case and implementation, then the goals.
    public static func text(_ document: BenchDocument) -> String {
        var rows: [[String]] = [["case", "implementation", "median", "ratio", "CPU ratio", "vs", "rows", "rounds", "extra"]]
        for result in document.results {
            rows.append([
                result.name, result.implementation, seconds(result.medianSeconds),
                result.ratioToBaseline.map(ratio) ?? "-", result.cpuRatioToBaseline.map(ratio) ?? "-",
                result.ratioToBaseline == nil ? "" : (result.baseline ?? ""),
                String(result.rows), String(result.rounds), extra(result.extra),
            ])
        }
        var text = "driverport bench (\(document.mode), \(document.build) build), \(document.date)\n"
        text += "machine: \(machine(document.machine))\n\n"
        text += aligned(rows)
        if !document.goals.isEmpty {
            text += "\ngoals:\n"
            for goal in document.goals {
                text += "  \(goal.met ? "met   " : "MISSED") \(goal.goal): \(goal.caseName) \(goal.implementation) "
                    + "\(figure(goal.measured, goal.unit)) \(goal.comparison) \(figure(goal.limit, goal.unit))"
                    + (goal.cpuMeasured.map { " (CPU time \(figure($0, goal.unit)))" } ?? "")
                    + (goal.remark.map { " (\($0))" } ?? "") + "\n"
            }
        }
        for note in document.notes { text += "note: \(note)\n" }
        text += "total \(String(format: "%.0f", document.totalSeconds)) s\n"
        return text
    }

    static func aligned(_ rows: [[String]]) -> String {
        guard let first = rows.first else { return "" }
        let widths = first.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n") + "\n"
    }

    // MARK: Markdown

    /// The families whose tables BENCHMARKS.md keeps (with the run and the goals): the page stays short, and every
    /// other table is one `--markdown` away.
    public static let pageFamilies: Set<BenchFamily> = [.records, .shadow, .diff]

    /// The run's facts, the goals, one table per family (all of them, or those in `families`), and the scale and
    /// memory summaries.
    public static func markdown(_ document: BenchDocument, families: Set<BenchFamily>? = nil) -> String {
        var text = "### Run\n\n"
        text += "- Command: `\(document.command)` (\(document.mode) run, \(document.build) build)\n"
        text += "- Date: \(document.date); whole run \(String(format: "%.0f", document.totalSeconds)) s "
            + "(fixtures made on first use included)\n"
        text += "- Machine: \(machine(document.machine))\n"
        text += "- Engines: " + document.engines.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
            .joined(separator: "; ") + "\n"
        for note in document.notes { text += "- Note: \(note)\n" }
        if !document.goals.isEmpty {
            text += "\n### Goals\n\nJudged on the wall-clock figure; the CPU-time ratio is shown beside it.\n\n"
            text += "| goal | case | implementation | measured | CPU time | limit | met |\n|---|---|---|---:|---:|---:|---|\n"
            for goal in document.goals {
                let measured = figure(goal.measured, goal.unit) + (goal.remark.map { " (\($0))" } ?? "")
                text += "| \(goal.goal) | \(goal.caseName) | \(goal.implementation) | \(measured) "
                    + "| \(goal.cpuMeasured.map { figure($0, goal.unit) } ?? "") "
                    + "| \(goal.comparison) \(figure(goal.limit, goal.unit)) | \(goal.met ? "yes" : "**no**") |\n"
            }
        }
        for family in BenchFamily.allCases where families?.contains(family) ?? true {
            let results = document.results.filter { $0.family == family.rawValue }
            guard !results.isEmpty else { continue }
            text += "\n### \(title(family))\n\n"
            text += "| case | implementation | median | ratio | CPU ratio | compared with | rows | rounds | spread | extra |\n"
            text += "|---|---|---:|---:|---:|---|---:|---:|---:|---|\n"
            for result in results {
                text += "| \(result.name) | \(result.implementation) | \(seconds(result.medianSeconds)) "
                    + "| \(result.ratioToBaseline.map(ratio) ?? "") | \(result.cpuRatioToBaseline.map(ratio) ?? "") "
                    + "| \(result.ratioToBaseline == nil ? "" : result.baseline ?? "") "
                    + "| \(result.rows) | \(result.rounds) | \(result.spread.map(percent) ?? "") | \(extra(result.extra)) |\n"
            }
            if family == .mmex { text += scaleTable(results) }
        }
        return text
    }

    static func title(_ family: BenchFamily) -> String {
        switch family {
        case .fetch: "Case 1: fetch ten INTEGER columns"
        case .insert: "Case 2: insert ten INTEGER columns in one transaction"
        case .mmex: "Cases 3 and 6: MMEX work and scale"
        case .codec: "Case 4: codec"
        case .concurrency: "Case 5: concurrency"
        case .memory: "Case 6: peak resident memory of a streamed scan (each in its own child process)"
        case .records: "Records: the query interface and record inserts against the raw C fetch and insert"
        case .shadow: "Shadow mode: MMEX units through the control alone and through a shadow session, by sampling rate"
        case .diff: "diff and inspect as commands (each run a child process): by cipher, by fixture size, peak memory"
        }
    }

    /// Microseconds per transaction of the load and report cases at each fixture size.
    static func scaleTable(_ results: [BenchResult]) -> String {
        let workloads = ["load", "balances", "monthly"]
        var sizes: [(label: String, count: Int)] = []
        for result in results {
            guard let label = result.name.split(separator: "-").last.map(String.init),
                  let count = parseSize(label), !sizes.contains(where: { $0.label == label }) else { continue }
            sizes.append((label, count))
        }
        sizes.sort { $0.count < $1.count }
        guard sizes.count > 1 else { return "" }
        let implementations = results.reduce(into: [String]()) { list, result in
            if !list.contains(result.implementation) { list.append(result.implementation) }
        }
        var text = "\nScale: microseconds per transaction (median time / transactions in the fixture).\n\n"
        text += "| work | implementation | " + sizes.map(\.label).joined(separator: " | ") + " |\n"
        text += "|---|---|" + String(repeating: "---:|", count: sizes.count) + "\n"
        for workload in workloads {
            for implementation in implementations {
                let cells = sizes.map { size -> String in
                    guard let result = results.first(where: {
                        $0.name == "mmex-\(workload)-\(size.label)" && $0.implementation == implementation
                    }) else { return "" }
                    return String(format: "%.3g", result.medianSeconds * 1e6 / Double(size.count))
                }
                text += "| \(workload) | \(implementation) | " + cells.joined(separator: " | ") + " |\n"
            }
        }
        return text
    }

    /// `10k` → 10000, `1m` → 1000000, `2500` → 2500.
    static func parseSize(_ label: String) -> Int? {
        if label.hasSuffix("m"), let number = Int(label.dropLast()) { return number * 1_000_000 }
        if label.hasSuffix("k"), let number = Int(label.dropLast()) { return number * 1_000 }
        return Int(label)
    }

    // MARK: Formatting

    static func machine(_ facts: MachineFacts) -> String {
        let load = { (values: [Double]) in values.map { String(format: "%.2f", $0) }.joined(separator: " ") }
        return "\(facts.processors) processors, \(facts.cpuModel), "
            + String(format: "%.1f GiB", Double(facts.memoryBytes) / 1_073_741_824)
            + ", load average \(load(facts.loadAverageAtStart)) at start and \(load(facts.loadAverageAtEnd)) at end"
    }

    /// A duration with a unit that keeps three significant digits.
    static func seconds(_ value: Double) -> String {
        if value >= 1 { return String(format: "%.3g s", value) }
        if value >= 1e-3 { return String(format: "%.3g ms", value * 1e3) }
        return String(format: "%.3g µs", value * 1e6)
    }

    static func ratio(_ value: Double) -> String { String(format: "%.2fx", value) }

    static func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }

    static func number(_ value: Double) -> String { String(format: "%.3g", value) }

    /// A goal's figure: a ratio with three decimals (so 1.104 does not print as a met-looking 1.1), or MiB.
    static func figure(_ value: Double, _ unit: String) -> String {
        switch unit {
        case "MiB": String(format: "%.1f MiB", value)
        case "x": String(format: "%.3fx", value)
        default: String(format: "%.0f ", value) + unit
        }
    }

    static func extra(_ figures: [String: Double]?) -> String {
        guard let figures else { return "" }
        return figures.sorted { $0.key < $1.key }.map { key, value in
            if key.hasSuffix("Bytes") {
                return "\(key.dropLast(5))=" + String(format: "%.1f MiB", value / 1_048_576)
            }
            if key.hasPrefix("throughputRatio") { return "\(key)=" + ratio(value) }
            return "\(key)=" + number(value)
        }.joined(separator: ", ")
    }
}
