/// The result of verifying an implementation against a transcript: every place it did not do what the transcript
/// recorded.
public struct TranscriptVerification: Sendable, Equatable, Encodable {
    /// Scenarios and operations the transcript holds.
    public let scenarios: Int
    /// How many operations the transcript holds, over all its scenarios.
    public let operations: Int
    /// Every difference found, in transcript order; empty when the implementation agrees.
    public let mismatches: [TranscriptMismatch]

    /// Whether the implementation did exactly what the transcript recorded.
    public var agrees: Bool { mismatches.isEmpty }

    /// One line per mismatch, then the summary line.
    public var text: String {
        var lines = mismatches.map(\.description)
        lines.append(
            agrees
                ? "transcript verified: \(scenarios) scenarios, \(operations) operations, no mismatch"
                : "transcript differs: \(mismatches.count) mismatches in \(scenarios) scenarios, \(operations) operations"
        )
        return lines.joined(separator: "\n")
    }
}

/// One difference between what a transcript recorded and what the verified implementation did.
public struct TranscriptMismatch: Sendable, Equatable, Encodable, CustomStringConvertible {
    /// The scenario's 1-based number and name.
    public let scenarioNumber: Int
    /// The scenario's name.
    public let scenario: String
    /// The operation's 1-based number and name (`nil` for the scenario's open, close and state).
    public let operationNumber: Int?
    /// The operation's name (`nil` for the scenario's open, close and state).
    public let operation: String?
    /// What differs: `result`, `error`, `outcome`, `operation name`, `open`, `close`, `user_version`, `schema`,
    /// `table NAME`, `scenario`, ...
    public let field: String
    /// What the transcript holds, and what the implementation did.
    public let expected: String
    /// What the verified implementation did, in the same form as ``expected``.
    public let actual: String
    /// The transcript line of the record that differs (0 when the transcript has none: an extra scenario).
    public let line: Int

    public var description: String {
        let place = operation.map { "operation \(operationNumber ?? 0) \($0)" } ?? "scenario"
        return "line \(line): scenario \(scenarioNumber) \"\(scenario)\", \(place): \(field): transcript \(expected); "
            + "got \(actual)"
    }
}

/// Compares a transcript with the scenarios an implementation just played.
struct TranscriptComparison {
    let expected: Transcript
    let actual: [PlayedScenario]

    func mismatches() -> [TranscriptMismatch] {
        var found: [TranscriptMismatch] = []
        for index in 0..<max(expected.scenarios.count, actual.count) {
            let number = index + 1
            guard index < expected.scenarios.count else {
                let name = actual[index].name
                found.append(.init(
                    scenarioNumber: number, scenario: name, operationNumber: nil, operation: nil, field: "scenario",
                    expected: "(none: the transcript ends at scenario \(expected.scenarios.count))",
                    actual: "scenario \(number) \"\(name)\"", line: 0
                ))
                continue
            }
            let recorded = expected.scenarios[index]
            func mismatch(_ field: String, _ want: String, _ got: String, operation: (Int, String)? = nil, line: Int? = nil) {
                found.append(.init(
                    scenarioNumber: number, scenario: recorded.name, operationNumber: operation?.0,
                    operation: operation?.1, field: field, expected: want, actual: got, line: line ?? recorded.line
                ))
            }
            guard index < actual.count else {
                mismatch("scenario", "scenario \(number) \"\(recorded.name)\"", "(not made: the scenarios end at \(actual.count))")
                continue
            }
            guard recorded.name == actual[index].name else {
                mismatch("scenario", "\"\(recorded.name)\"", "\"\(actual[index].name)\" (the scenarios are not the recorded ones)")
                continue
            }
            let played: Transcript.ScenarioRecord
            switch actual[index] {
            case .openFailed(_, let error):
                mismatch("open", "opened", "threw \(error)")
                continue
            case .played(let record): played = record
            }
            for operation in 0..<max(recorded.operations.count, played.operations.count) {
                let n = operation + 1
                guard operation < recorded.operations.count else {
                    mismatch("operation", "(none)", "an extra operation", operation: (n, played.operations[operation].name))
                    continue
                }
                let want = recorded.operations[operation]
                let place = (n, want.name)
                guard operation < played.operations.count else {
                    mismatch("operation", "recorded", "(not made)", operation: place, line: want.line)
                    continue
                }
                let got = played.operations[operation]
                guard want.name == got.name else {
                    mismatch("operation name", "\"\(want.name)\"", "\"\(got.name)\"", operation: place, line: want.line)
                    break
                }
                if want.outcome != got.outcome {
                    let (a, b) = Self.shown(want.outcome, got.outcome)
                    mismatch(Self.field(want.outcome, got.outcome), a, b, operation: place, line: want.line)
                }
            }
            if recorded.close != played.close {
                mismatch("close", recorded.close == .returned("") ? "closed" : recorded.close.shown,
                         played.close == .returned("") ? "closed" : played.close.shown)
            }
            found += stateMismatches(recorded.state, played.state).map { field, want, got in
                TranscriptMismatch(
                    scenarioNumber: number, scenario: recorded.name, operationNumber: nil, operation: nil,
                    field: field, expected: want, actual: got, line: recorded.line
                )
            }
        }
        return found
    }

    /// Both outcomes for a mismatch line; two long values are shown from a little before where they first differ.
    static func shown(_ a: Transcript.Outcome, _ b: Transcript.Outcome) -> (String, String) {
        guard case .returned(let x) = a, case .returned(let y) = b else { return (a.shown, b.shown) }
        let same = zip(x, y).prefix { $0 == $1 }.count
        guard same > 40 else { return (a.shown, b.shown) }
        let cut = { (text: String) in Transcript.Outcome.returned("…" + text.dropFirst(same - 20)).shown }
        return (cut(x), cut(y))
    }

    /// `result` when both returned, `error` when both threw, `outcome` when one returned and the other threw.
    static func field(_ a: Transcript.Outcome, _ b: Transcript.Outcome) -> String {
        switch (a, b) {
        case (.threw, .threw): "error"
        case (.threw, _), (_, .threw): "outcome"
        default: "result"
        }
    }

    private func stateMismatches(_ a: DatabaseStateDigest, _ b: DatabaseStateDigest) -> [(String, String, String)] {
        guard a.sha256 != b.sha256 else { return [] }
        var found: [(String, String, String)] = []
        if a.userVersion != b.userVersion { found.append(("user_version", "\(a.userVersion)", "\(b.userVersion)")) }
        if a.schemaSHA256 != b.schemaSHA256 {
            found.append(("schema", "sha256 \(a.schemaSHA256.prefix(16))…", "sha256 \(b.schemaSHA256.prefix(16))…"))
        }
        let left = Dictionary(a.tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let right = Dictionary(b.tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let shown = { (table: DatabaseStateDigest.Table?) in
            table.map { "\($0.rows) rows, sha256 \($0.sha256.prefix(16))…" } ?? "(absent)"
        }
        for name in Set(left.keys).union(right.keys).sorted() where left[name] != right[name] {
            found.append(("table \(name)", shown(left[name]), shown(right[name])))
        }
        return found
    }
}

extension PlayedScenario {
    var name: String {
        switch self {
        case .played(let record): record.name
        case .openFailed(let name, _): name
        }
    }
}
