import Differential

extension TranscriptVerification {
    /// The verification as a self-contained HTML page (`driverport verify --html OUT`): one row of totals, the
    /// mismatches grouped under their porting trap (each trap's advice once), the transcript's value next to what
    /// the implementation did, the differing characters marked.
    ///
    /// - Parameters:
    ///   - file: the database the transcript was verified on.
    ///   - transcript: the transcript's name or path, shown as the baseline.
    ///   - implementation: the side verified against it (`queue`, `pool`, an app's own name).
    ///   - title: the page's title and top heading.
    public func page(file: String, transcript: String, implementation: String, title: String = "Transcript verification")
        -> ReportPage
    {
        let total = ReportPage.Total(
            slice: "\(scenarios) scenarios", baseline: transcript, candidate: implementation, operations: operations,
            mismatches: mismatches.count, known: 0
        )
        let entries = mismatches.map { mismatch in
            ReportPage.Entry(source: "line \(mismatch.line)", mismatch: Mismatch(
                kind: mismatch.kind, scenario: "\(mismatch.scenarioNumber) \(mismatch.scenario)",
                operationIndex: mismatch.operationNumber, operation: mismatch.operation,
                field: mismatch.field + (mismatch.path.map { " at \($0)" } ?? ""), baseline: mismatch.expected,
                candidate: mismatch.actual, trap: mismatch.trap, followsFrom: mismatch.followsFrom
            ))
        }
        return ReportPage(title: title, file: file, totals: [total], entries: entries, sequences: [])
    }
}

extension TranscriptMismatch {
    /// Where the difference showed, in the differential's terms.
    var kind: Mismatch.Kind {
        if operation != nil { return .result }
        switch field {
        case "open": return .open
        case "close": return .close
        case "user_version": return .userVersion
        case let field where field == "schema" || field.hasPrefix("schema "): return .schema
        default: return .rows
        }
    }
}
