extension DifferentialHarness {
    /// Whether the read-back runs after a scenario whose state comparison found `state`: ``readBack`` given, and
    /// ``readBackPolicy`` asking for it or the comparison not showing both copies storing the same thing (a
    /// difference found, or rows, schema or `user_version` left out of the comparison). Ignored tables and columns
    /// (``StateComparison/ignoredTables``, ``StateComparison/ignoredColumns``) are what the comparison's owner
    /// declared no business of the drivers, so they do not count.
    func readsBack(afterState state: [Mismatch]) -> Bool {
        guard !readBack.isEmpty else { return false }
        switch readBackPolicy {
        case .afterEveryScenario:
            return true
        case .whenStatesDiffer:
            let comparesStoredState = comparison.rows && comparison.schema && comparison.userVersion
            return !comparesStoredState || !state.isEmpty
        }
    }

    /// The read-back check on the candidate's copy after both sides closed: the candidate opens its copy again and
    /// runs ``readBack`` (its own reads of what it wrote), closes it, then the baseline opens the same copy and runs
    /// them too; every read the baseline cannot decode, or decodes to something else than the candidate did, is a
    /// ``Mismatch/Kind/readBack`` mismatch. Reuses the working copy (no file is copied, two extra opens); the state
    /// comparison has already been made, so what these opens change in the copy (its journal mode, say) is never
    /// compared.
    func readBackMismatches(_ copies: WorkingCopies, step: ((HarnessStep) -> Void)?) -> [Mismatch] {
        let path = copies.candidatePath
        step?(HarnessStep(phase: "read-back", side: candidate.name))
        let own: [Result<EncodedOutcome, any Error>]
        switch Result(catching: { try candidate.open(path) }) {
        case .failure(let error):
            return [mismatch(.readBack, field: "(open)", "(not read)", "threw \(describe(error, path)) opening its copy again")]
        case .success(let subject):
            own = readBack.map { operation in Result { try operation.body(subject) } }
            try? candidate.close(subject)
        }
        step?(HarnessStep(phase: "read-back", side: baseline.name))
        switch Result(catching: { try baseline.open(path) }) {
        case .failure(let error):
            return [mismatch(.readBack, field: "(open)", "threw \(describe(error, path))", "opened")]
        case .success(let subject):
            defer { try? baseline.close(subject) }
            return readBack.indices.flatMap { index in
                outcomeMismatches(
                    .readBack, index: index, operation: readBack[index].name,
                    Result { try readBack[index].body(subject) }, own[index], baselinePath: path, candidatePath: path
                )
            }
        }
    }
}
