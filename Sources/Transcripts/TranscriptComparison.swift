import Differential

/// One scenario as a subject played it: its record and, when verifying, how its state compared with the recorded
/// one; or the error its subject threw when opening the copy.
enum PlayedScenario {
    case played(Transcript.ScenarioRecord, state: StateFindings?)
    case openFailed(name: String, error: String)

    var record: Transcript.ScenarioRecord? {
        if case .played(let record, _) = self { return record }
        return nil
    }

    var name: String {
        switch self {
        case .played(let record, _): record.name
        case .openFailed(let name, _): name
        }
    }
}

/// Compares a transcript with the scenarios an implementation just played.
struct TranscriptComparison {
    let expected: Transcript
    let actual: [PlayedScenario]
    /// How two thrown errors are compared.
    var errors: TranscriptErrorComparison = .sqliteErrorForm
    /// At most this many differing fields are reported per returned value (the differential's default).
    var maximumFieldDetails = 10

    func mismatches() -> [TranscriptMismatch] {
        var scenarios: [[Finding]] = []
        var rowsCompared: [Bool] = []
        for index in 0..<max(expected.scenarios.count, actual.count) {
            let (findings, compared) = scenario(index)
            scenarios.append(findings)
            rowsCompared.append(compared)
        }
        return TranscriptTraps.named(scenarios, rowsCompared: rowsCompared)
    }

    /// The findings of the scenario at `index`, and whether its state was compared row by row.
    private func scenario(_ index: Int) -> ([Finding], Bool) {
        let number = index + 1
        guard index < expected.scenarios.count else {
            let name = actual[index].name
            return ([Finding(mismatch: TranscriptMismatch(
                scenarioNumber: number, scenario: name, operationNumber: nil, operation: nil, field: "scenario",
                expected: "(none: the transcript ends at scenario \(expected.scenarios.count))",
                actual: "scenario \(number) \"\(name)\"", line: 0
            ))], true)
        }
        let recorded = expected.scenarios[index]
        var found: [Finding] = []
        func mismatch(
            _ field: String, _ want: String, _ got: String, operation: (Int, String)? = nil, line: Int? = nil
        ) -> TranscriptMismatch {
            TranscriptMismatch(
                scenarioNumber: number, scenario: recorded.name, operationNumber: operation?.0, operation: operation?.1,
                field: field, expected: want, actual: got, line: line ?? recorded.line
            )
        }
        func add(_ mismatch: TranscriptMismatch, _ evidence: Mismatch? = nil) {
            found.append(Finding(mismatch: mismatch, evidence: evidence))
        }
        guard index < actual.count else {
            add(mismatch("scenario", "scenario \(number) \"\(recorded.name)\"", "(not made: the scenarios end at \(actual.count))"))
            return (found, true)
        }
        guard recorded.name == actual[index].name else {
            add(mismatch("scenario", "\"\(recorded.name)\"", "\"\(actual[index].name)\" (the scenarios are not the recorded ones)"))
            return (found, true)
        }
        let played: Transcript.ScenarioRecord
        let state: StateFindings?
        switch actual[index] {
        case .openFailed(_, let error):
            add(mismatch("open", "opened", "threw \(error)"), Mismatch(
                kind: .open, scenario: recorded.name, field: "(open)", baseline: "opened", candidate: "threw \(error)"
            ))
            return (found, true)
        case .played(let record, let findings):
            played = record
            state = findings
        }
        for operation in 0..<max(recorded.operations.count, played.operations.count) {
            let n = operation + 1
            guard operation < recorded.operations.count else {
                add(mismatch("operation", "(none)", "an extra operation", operation: (n, played.operations[operation].name)))
                continue
            }
            let want = recorded.operations[operation]
            let place = (n, want.name)
            guard operation < played.operations.count else {
                add(mismatch("operation", "recorded", "(not made)", operation: place, line: want.line))
                continue
            }
            let got = played.operations[operation]
            guard want.name == got.name else {
                add(mismatch("operation name", "\"\(want.name)\"", "\"\(got.name)\"", operation: place, line: want.line))
                break
            }
            for (field, path, a, b, evidence) in outcomeDifferences(want.outcome, got.outcome) {
                var found = mismatch(field, a, b, operation: place, line: want.line)
                found.path = path
                add(found, Mismatch(
                    kind: .result, scenario: recorded.name, operationIndex: n, operation: want.name, field: evidence.field,
                    baseline: evidence.baseline, candidate: evidence.candidate
                ))
            }
        }
        if !closesAlike(recorded.close, played.close) {
            let shown = { (outcome: Transcript.Outcome) in outcome == .returned("") ? "closed" : outcome.shown }
            add(mismatch("close", shown(recorded.close), shown(played.close)), Mismatch(
                kind: .close, scenario: recorded.name, field: "(close)", baseline: shown(recorded.close),
                candidate: shown(played.close)
            ))
        }
        guard let state else {
            if recorded.state.sha256 != played.state.sha256 {
                add(mismatch(
                    "state", "sha256 \(recorded.state.sha256.prefix(16))…", "sha256 \(played.state.sha256.prefix(16))…",
                    line: recorded.stateLine > 0 ? recorded.stateLine : recorded.line
                ))
            }
            return (found, false)
        }
        for difference in state.differences {
            var found = mismatch(
                difference.field, difference.expected, difference.actual,
                line: recorded.stateLine > 0 ? recorded.stateLine : recorded.line
            )
            found.table = difference.table
            found.key = difference.key
            found.column = difference.column
            found.note = difference.note
            add(found, Mismatch(
                kind: difference.kind, scenario: recorded.name, field: difference.place, baseline: difference.expected,
                candidate: difference.actual
            ))
        }
        return (found, state.rowsCompared)
    }

    /// How two outcomes of one operation differ: (field, path, transcript's side, implementation's side, the
    /// differential's field and sides), none when they agree.
    private func outcomeDifferences(
        _ want: Transcript.Outcome, _ got: Transcript.Outcome
    ) -> [(String, String?, String, String, (field: String, baseline: String, candidate: String))] {
        switch (want, got) {
        case (.threw(let a), .threw(let b)):
            guard !errors.agrees(a, b) else { return [] }
            let (x, y) = Self.shown(want, got)
            return [("error", nil, x, y, ("(error)", a, b))]
        case (.threw, _), (_, .threw):
            let (x, y) = Self.shown(want, got)
            let side = { (outcome: Transcript.Outcome) in
                if case .threw(let description) = outcome { return "threw \(description)" }
                return "returned \(outcome.shown)"
            }
            return [("outcome", nil, x, y, ("(outcome)", side(want), side(got)))]
        default:
            guard want != got else { return [] }
            if case .returned(let a) = want, case .returned(let b) = got,
               let fields = ResultDifferences.fields(a, b, limit: maximumFieldDetails) {
                return fields.map { ("result", $0.path, $0.expected, $0.actual, ($0.path, $0.expected, $0.actual)) }
            }
            let (x, y) = Self.shown(want, got)
            return [("result", nil, x, y, ("(result)", want.shown, got.shown))]
        }
    }

    /// Both closed, or both threw errors that agree.
    private func closesAlike(_ a: Transcript.Outcome, _ b: Transcript.Outcome) -> Bool {
        if case .threw(let x) = a, case .threw(let y) = b { return errors.agrees(x, y) }
        return a == b
    }

    /// Both outcomes for a mismatch line; two long values are shown from a little before where they first differ.
    static func shown(_ a: Transcript.Outcome, _ b: Transcript.Outcome) -> (String, String) {
        guard case .returned(let x) = a, case .returned(let y) = b else { return (a.shown, b.shown) }
        let same = zip(x, y).prefix { $0 == $1 }.count
        guard same > 40 else { return (a.shown, b.shown) }
        let cut = { (text: String) in Transcript.Outcome.returned("…" + text.dropFirst(same - 20)).shown }
        return (cut(x), cut(y))
    }
}
