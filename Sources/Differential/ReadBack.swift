extension DifferentialHarness {
    /// The read-back check on the candidate's copy after both sides closed: the baseline opens the copy the
    /// candidate left and runs ``readBack``; every read it cannot decode, or decodes to something else than `own`
    /// (the candidate's reads of the same copy, made before it closed), is a ``Mismatch/Kind/readBack`` mismatch.
    /// Reuses the working copy (no file is copied, one extra open); the state comparison has already been made,
    /// so what the baseline's open changes in the copy (its journal mode, say) is never compared.
    func readBackMismatches(_ own: [Result<EncodedOutcome, any Error>], _ copies: WorkingCopies) -> [Mismatch] {
        let path = copies.candidatePath
        let opened = Result { try baseline.open(path) }
        switch opened {
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
