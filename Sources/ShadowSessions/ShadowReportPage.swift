import Differential

extension ShadowStatistics {
    /// A shadow run as a self-contained HTML page (`driverport shadow --html OUT`): the counts, then every published
    /// event, each difference under its porting trap, control and candidate values side by side.
    ///
    /// - Parameters:
    ///   - events: what the publisher received (a ``CollectingShadowPublisher``'s events).
    ///   - file: the database the app worked on.
    ///   - control: the control session's name; `candidate` the candidate's.
    public func page(
        events: [ShadowEvent], file: String, control: String, candidate: String, title: String = "Shadow mode"
    ) -> ReportPage {
        let total = ReportPage.Total(
            slice: "\(units) units, \(compared) compared", baseline: control, candidate: candidate, operations: compared,
            mismatches: mismatches + errors, known: ignored
        )
        var entries: [ReportPage.Entry] = []
        for event in events {
            let source = "\(event.operation) unit, \(event.date)"
            switch event.kind {
            case .mismatch:
                entries += event.differences.map { difference in
                    ReportPage.Entry(source: source, mismatch: Mismatch(
                        kind: Mismatch.Kind(rawValue: difference.kind) ?? .result, scenario: event.unit,
                        operation: event.unit, field: difference.field, baseline: difference.control,
                        candidate: difference.candidate,
                        trap: difference.trap.flatMap { id in PortingTrap.all.first { $0.id == id } },
                        followsFrom: difference.followsFrom
                    ))
                }
            case .error:
                entries.append(ReportPage.Entry(source: source, mismatch: Mismatch(
                    kind: .open, scenario: event.unit, operation: event.unit, field: "(shadow error)",
                    baseline: "", candidate: event.error ?? "", trap: nil
                )))
            }
        }
        return ReportPage(title: title, file: file, totals: [total], entries: entries, sequences: [])
    }
}
