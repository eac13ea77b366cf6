import Differential

extension TranscriptVerification {
    /// The verification as a self-contained HTML page (`driverport verify --html OUT`): one row of totals, the
    /// mismatches with the transcript's value next to what the implementation did, the differing characters marked.
    ///
    /// - Parameters:
    ///   - file: the database the transcript was verified on.
    ///   - transcript: the transcript's name or path, shown as the baseline.
    ///   - implementation: the side verified against it (`queue`, `pool`, an app's own name).
    public func page(file: String, transcript: String, implementation: String, title: String = "Transcript verification")
        -> ReportPage
    {
        let total = ReportPage.Total(
            slice: "\(scenarios) scenarios", baseline: transcript, candidate: implementation, operations: operations,
            mismatches: mismatches.count, known: 0
        )
        let entries = mismatches.map { mismatch in
            ReportPage.Entry(source: "line \(mismatch.line)", mismatch: Mismatch(
                kind: mismatch.operation == nil ? .rows : .result,
                scenario: "\(mismatch.scenarioNumber) \(mismatch.scenario)",
                operationIndex: mismatch.operationNumber, operation: mismatch.operation, field: mismatch.field,
                baseline: mismatch.expected, candidate: mismatch.actual
            ))
        }
        return ReportPage(title: title, file: file, totals: [total], entries: entries, sequences: [])
    }
}
