import Differential

extension SessionDiffReport {
    /// The report as a self-contained HTML page (`driverport diff --html OUT`): totals per slice and comparison,
    /// totals per porting trap with each trap's advice once, the mismatches under their trap, the shortest failing
    /// sequences. Recorded differences count as known differences.
    public func page(title: String = "driverport diff") -> ReportPage {
        var totals: [ReportPage.Total] = []
        var entries: [ReportPage.Entry] = []
        var sequences: [ReportPage.Sequence] = []
        for slice in slices {
            for comparison in slice.comparisons {
                totals.append(ReportPage.Total(
                    slice: slice.name, baseline: comparison.baseline, candidate: comparison.candidate,
                    operations: comparison.operations, mismatches: comparison.mismatches, known: comparison.recorded
                ))
                for failure in comparison.failures {
                    guard let operations = failure.shortestFailingSequence, !operations.isEmpty else { continue }
                    sequences.append(ReportPage.Sequence(
                        source: "\(slice.name): \(comparison.comparison)", scenario: failure.scenario,
                        seed: failure.seed, operations: operations
                    ))
                }
            }
            entries += slice.details.map { detail in
                ReportPage.Entry(source: "\(slice.name): \(detail.comparison)", mismatch: Mismatch(
                    kind: detail.kind, scenario: detail.scenario, seed: detail.seed,
                    operationIndex: detail.operationIndex, operation: detail.operation, field: detail.field,
                    baseline: detail.baseline, candidate: detail.candidate, trap: detail.trap,
                    followsFrom: detail.followsFrom
                ))
            }
        }
        return ReportPage(title: title, file: file, totals: totals, entries: entries, sequences: sequences)
    }
}
