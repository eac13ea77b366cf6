/// A report as a self-contained HTML page a person reads: totals by slice and by porting trap, each trap's advice
/// once, the mismatches grouped under their trap (the unnamed ones last), the shortest failing sequences, and the two
/// sides' values next to each other with the characters that differ marked.
///
/// The page has no script and loads nothing (styles are inline), so it opens offline and can be attached to a ticket.
/// Every report type renders through this one value: ``DifferentialReport/page(title:)`` builds it from a harness
/// report, and an app's own report (the MMEX diff's, for one) fills it from its own fields.
public struct ReportPage: Sendable, Hashable {
    /// One line of the totals table: a slice on one pair of sides.
    public struct Total: Sendable, Hashable {
        /// The slice's name.
        public var slice: String
        /// The baseline side's name.
        public var baseline: String
        /// The candidate side's name.
        public var candidate: String
        /// How many operations ran through each side.
        public var operations: Int
        /// How many mismatches were found (known differences not counted).
        public var mismatches: Int
        /// Differences a known-difference entry covers (reported apart, not failures).
        public var known: Int

        /// A totals line with these counts.
        public init(slice: String, baseline: String, candidate: String, operations: Int, mismatches: Int, known: Int) {
            self.slice = slice
            self.baseline = baseline
            self.candidate = candidate
            self.operations = operations
            self.mismatches = mismatches
            self.known = known
        }
    }

    /// One mismatch, with where it came from.
    public struct Entry: Sendable, Hashable {
        /// `infotable: legacy vs queue`.
        public var source: String
        /// The mismatch, shown under its porting trap's heading (or under the unnamed ones).
        public var mismatch: Mismatch

        /// A mismatch from `source` (a label such as `infotable: legacy vs queue`).
        public init(source: String, mismatch: Mismatch) {
            self.source = source
            self.mismatch = mismatch
        }
    }

    /// The shortest sequence of operations found that still fails a scenario.
    public struct Sequence: Sendable, Hashable {
        /// Where the scenario ran: `infotable: legacy vs queue`.
        public var source: String
        /// The scenario's name.
        public var scenario: String
        /// The scenario's seed, to replay a generated scenario; `nil` for a hand-written one.
        public var seed: UInt64?
        /// The names of the operations of the shortest failing sequence, in order.
        public var operations: [String]

        /// A failing sequence of `scenario` from `source`.
        public init(source: String, scenario: String, seed: UInt64?, operations: [String]) {
            self.source = source
            self.scenario = scenario
            self.seed = seed
            self.operations = operations
        }
    }

    /// The page's title and top heading.
    public var title: String
    /// The file the report is about.
    public var file: String
    /// The totals table's lines, one per slice and pair of sides, in this order.
    public var totals: [Total]
    /// Every mismatch to show; the page groups them by porting trap.
    public var entries: [Entry]
    /// The shortest failing sequences found, one per failing scenario.
    public var sequences: [Sequence]

    /// A page of the given parts; ``DifferentialReport/page(title:)`` builds one from a harness report.
    ///
    /// - Parameters:
    ///   - title: The page's title.
    ///   - file: The file the report is about.
    ///   - totals: The totals table's lines.
    ///   - entries: The mismatches.
    ///   - sequences: The shortest failing sequences.
    public init(title: String, file: String, totals: [Total], entries: [Entry], sequences: [Sequence]) {
        self.title = title
        self.file = file
        self.totals = totals
        self.entries = entries
        self.sequences = sequences
    }

    /// The mismatches per trap id, most frequent first; mismatches no trap names are counted under `nil`, last.
    public var trapTotals: [(trap: PortingTrap?, count: Int)] {
        var counts: [String: (PortingTrap?, Int)] = [:]
        for entry in entries {
            let key = entry.mismatch.trap?.id ?? ""
            counts[key, default: (entry.mismatch.trap, 0)].1 += 1
        }
        return counts.sorted { left, right in
            if left.key.isEmpty != right.key.isEmpty { return right.key.isEmpty }
            if left.value.1 != right.value.1 { return left.value.1 > right.value.1 }
            return left.key < right.key
        }.map { (trap: $0.value.0, count: $0.value.1) }
    }

    /// The page.
    public var html: String {
        var page = HTMLText()
        page.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
        page.text(title)
        page.raw("</title>\n<style>\(Self.style)</style>\n</head>\n<body>\n<h1>")
        page.text(title)
        page.raw("</h1>\n<p class=\"file\">")
        page.text(file)
        let failing = entries.count
        page.raw("</p>\n<p class=\"verdict\" data-mismatches=\"\(failing)\">")
        page.text(failing == 0 ? "All slices agree." : "\(failing) mismatch\(failing == 1 ? "" : "es").")
        page.raw("</p>\n")
        renderTotals(into: &page)
        renderTraps(into: &page)
        renderEntries(into: &page)
        renderSequences(into: &page)
        page.raw("</body>\n</html>\n")
        return page.output
    }

    private func renderTotals(into page: inout HTMLText) {
        page.raw("<h2>By slice</h2>\n<table id=\"slices\">\n<tr><th>slice</th><th>baseline</th><th>candidate</th>"
            + "<th>operations</th><th>mismatches</th><th>known differences</th></tr>\n")
        for total in totals {
            page.raw("<tr data-slice=\"")
            page.text(total.slice)
            page.raw("\" data-mismatches=\"\(total.mismatches)\"><td>")
            page.text(total.slice)
            page.raw("</td><td>")
            page.text(total.baseline)
            page.raw("</td><td>")
            page.text(total.candidate)
            page.raw("</td><td class=\"n\">\(total.operations)</td><td class=\"n\">\(total.mismatches)</td>"
                + "<td class=\"n\">\(total.known)</td></tr>\n")
        }
        page.raw("</table>\n")
    }

    private func renderTraps(into page: inout HTMLText) {
        let traps = trapTotals
        guard !traps.isEmpty else { return }
        page.raw("<h2>By porting trap</h2>\n<table id=\"traps\">\n<tr><th>trap</th><th>mismatches</th>"
            + "<th>what to do</th></tr>\n")
        for (trap, count) in traps {
            page.raw("<tr data-trap=\"")
            page.text(trap?.id ?? "")
            page.raw("\" data-count=\"\(count)\"><td>")
            if let trap {
                page.raw("<a href=\"#trap-")
                page.text(trap.id)
                page.raw("\"><code>")
                page.text(trap.id)
                page.raw("</code></a> ")
                page.text(trap.name)
            } else {
                page.raw("<a href=\"#trap-\">no trap named</a>")
            }
            page.raw("</td><td class=\"n\">\(count)</td><td>")
            page.text(trap?.advice ?? "a difference the harness has no name for: read the values below")
            page.raw("</td></tr>\n")
        }
        page.raw("</table>\n")
    }

    private func renderEntries(into page: inout HTMLText) {
        guard !entries.isEmpty else { return }
        page.raw("<h2>Mismatches by root cause</h2>\n")
        for (trap, _) in trapTotals {
            let group = entries.filter { $0.mismatch.trap?.id == trap?.id }
            page.raw("<section class=\"cause\" id=\"trap-")
            page.text(trap?.id ?? "")
            page.raw("\" data-count=\"\(group.count)\">\n<h3>")
            page.text(trap.map { "\($0.id) (\($0.name))" } ?? "no trap named")
            page.raw(" <span class=\"count\">\(group.count)</span></h3>\n")
            if let trap {
                page.raw("<p class=\"advice\">")
                page.text(trap.advice)
                page.raw("</p>\n")
            }
            page.raw("<table class=\"mismatches\">\n<tr><th>where</th><th>scenario</th><th>operation</th>"
                + "<th>field</th><th>baseline</th><th>candidate</th></tr>\n")
            for entry in group {
                let mismatch = entry.mismatch
                page.raw("<tr class=\"mismatch\"><td>")
                page.text(entry.source)
                page.raw("</td><td>")
                page.text(mismatch.scenario + (mismatch.seed.map { " (seed \($0))" } ?? ""))
                page.raw("</td><td>")
                page.text(mismatch.operationIndex.map { "#\($0) " } ?? "")
                page.text(mismatch.operation ?? mismatch.kind.rawValue)
                page.raw("</td><td><code>")
                page.text(mismatch.field)
                page.raw("</code>")
                if let followsFrom = mismatch.followsFrom {
                    page.raw("<br><small class=\"follows\">follows from ")
                    page.text(followsFrom)
                    page.raw("</small>")
                }
                page.raw("</td>")
                let (baseline, candidate) = Self.markedDifference(mismatch.baseline, mismatch.candidate)
                page.raw("<td class=\"value\">\(baseline)</td><td class=\"value\">\(candidate)</td></tr>\n")
            }
            page.raw("</table>\n</section>\n")
        }
    }

    private func renderSequences(into page: inout HTMLText) {
        guard !sequences.isEmpty else { return }
        page.raw("<h2>Shortest failing sequences</h2>\n")
        for sequence in sequences {
            page.raw("<section class=\"sequence\" data-length=\"\(sequence.operations.count)\"><h3>")
            page.text("\(sequence.source): \(sequence.scenario)" + (sequence.seed.map { " (seed \($0))" } ?? ""))
            page.raw("</h3>\n<ol>\n")
            for operation in sequence.operations {
                page.raw("<li><code>")
                page.text(operation)
                page.raw("</code></li>\n")
            }
            page.raw("</ol>\n</section>\n")
        }
    }

    /// Both values escaped, with the part between their common prefix and common suffix wrapped in `<mark>`.
    static func markedDifference(_ left: String, _ right: String) -> (String, String) {
        let a = Array(left), b = Array(right)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        func render(_ characters: [Character]) -> String {
            var text = HTMLText()
            text.text(String(characters[..<prefix]))
            let middle = characters[prefix..<(characters.count - suffix)]
            if !middle.isEmpty {
                text.raw("<mark>")
                text.text(String(middle))
                text.raw("</mark>")
            }
            text.text(String(characters[(characters.count - suffix)...]))
            return text.output
        }
        return (render(a), render(b))
    }

    static let style = """
        body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse;margin:.5em 0 1.5em}\
        th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}th{background:#f3f3f3}\
        td.n{text-align:right}td.value{font-family:ui-monospace,monospace;white-space:pre-wrap;word-break:break-all}\
        mark{background:#ffd54f}.advice{background:#eef6ff;padding:.5em;border-left:3px solid #4a90d9}\
        .file{font-family:ui-monospace,monospace}.verdict{font-weight:bold}.count{color:#777;font-weight:normal}\
        .follows{color:#777}
        """
}

/// Text for an HTML page: `text` escapes, `raw` does not.
struct HTMLText {
    private(set) var output = ""

    mutating func raw(_ markup: String) { output += markup }

    mutating func text(_ text: String) {
        for character in text.unicodeScalars {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(character)
            }
        }
    }
}

extension DifferentialReport {
    /// The report as a ``ReportPage`` (its ``ReportPage/html`` is the page to write).
    public func page(title: String = "Differential report") -> ReportPage {
        var totals: [ReportPage.Total] = []
        var entries: [ReportPage.Entry] = []
        var sequences: [ReportPage.Sequence] = []
        for slice in slices {
            let source = "\(slice.name): \(slice.baseline) vs \(slice.candidate)"
            totals.append(ReportPage.Total(
                slice: slice.name, baseline: slice.baseline, candidate: slice.candidate, operations: slice.operations,
                mismatches: slice.mismatches, known: slice.known.count
            ))
            entries += slice.details.map { ReportPage.Entry(source: source, mismatch: $0) }
            for scenario in slice.scenarios {
                if let operations = scenario.shortestFailingSequence, !scenario.agrees {
                    sequences.append(ReportPage.Sequence(
                        source: source, scenario: scenario.name, seed: scenario.seed, operations: operations
                    ))
                }
            }
        }
        return ReportPage(title: title, file: file, totals: totals, entries: entries, sequences: sequences)
    }
}
