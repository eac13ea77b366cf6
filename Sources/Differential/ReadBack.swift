extension DifferentialHarness {
    /// The read-back check on the candidate's copy after both sides closed: the candidate runs ``readBack`` on its
    /// own copy, closes, then the baseline opens the same copy and runs them too. Every read the baseline cannot
    /// decode, or decodes to something else, is a ``Mismatch/Kind/readBack`` mismatch. Reuses the working copy (no
    /// file is copied); the state comparison has already been made, so what the baseline's open changes in the
    /// copy (its journal mode, say) is never compared.
    func readBackMismatches(_ copies: WorkingCopies) -> [Mismatch] {
        let path = copies.candidatePath
        let own = reads(through: candidate, on: path)
        let legacy = reads(through: baseline, on: path)
        switch (legacy, own) {
        case (.success(let left), .success(let right)):
            return zip(readBack.indices, zip(left, right)).flatMap { index, outcomes in
                outcomeMismatches(
                    .readBack, index: index, operation: readBack[index].name, outcomes.0, outcomes.1,
                    baselinePath: path, candidatePath: path
                )
            }
        case (.failure(let left), .failure(let right)):
            let described = (describe(left, path), describe(right, path))
            return described.0 == described.1 ? [] : [mismatch(.readBack, field: "(open)", described.0, described.1)]
        case (.failure(let error), .success):
            return [mismatch(.readBack, field: "(open)", "threw \(describe(error, path))", "opened")]
        case (.success, .failure(let error)):
            return [mismatch(.readBack, field: "(open)", "opened", "threw \(describe(error, path))")]
        }
    }

    /// Opens `side` on `path`, runs every read-back operation, closes: each read's outcome, or the open's error.
    private func reads(
        through side: DifferentialSide<Subject>, on path: String
    ) -> Result<[Result<FieldValue, any Error>], any Error> {
        Result {
            let subject = try side.open(path)
            defer { try? side.close(subject) }
            return readBack.map { operation in Result { try operation.body(subject) } }
        }
    }
}
