import SQLiteEngine

// The harness's comparisons, opened to the package's other modules (the shadow session compares a running app's
// two sessions with exactly the same rules as the differential harness compares two copies).

extension DifferentialOperation {
    /// Runs the operation's body on `subject`: its returned value as a field tree, or what it threw.
    package func run(on subject: Subject) throws -> FieldValue {
        try body(subject).fieldValue()
    }
}

extension FieldValue {
    /// Where `other` differs from `self`, field by field (the harness's rules: integers are not doubles, doubles by bit
    /// pattern, objects by key), at most `limit` of them.
    package func fieldDifferences(from other: FieldValue, limit: Int = 20) -> [(path: String, baseline: String, candidate: String)] {
        differences(from: other, limit: limit).map { ($0.path, $0.baseline, $0.candidate) }
    }
}

/// What two open databases hold, compared as the harness compares what two sessions left behind.
package enum DatabaseStates {
    /// Every difference of `options` between the two databases, as mismatches without scenario or operation.
    ///
    /// With `paths` (the two main files) and ``StateComparison/skipsUnchangedTables``, tables whose pages both
    /// files hold byte for byte are not read row by row (``UnchangedTables``): for two copies of one file, the cost
    /// follows what changed since they were copied.
    package static func differences(
        baseline: EngineConnection, candidate: EngineConnection, options: StateComparison,
        paths: (baseline: String, candidate: String)? = nil
    ) throws -> [Mismatch] {
        var diff = DatabaseStateDiff(baseline: baseline, candidate: candidate, options: options)
        if let paths, options.rows && options.skipsUnchangedTables {
            diff.unchangedTables = UnchangedTables.find(
                baselinePath: paths.baseline, candidatePath: paths.candidate, baseline: baseline, candidate: candidate
            )
        }
        return try diff.differences().map {
            Mismatch(kind: $0.kind, scenario: "", field: $0.field, baseline: $0.baseline, candidate: $0.candidate)
        }
    }
}

extension FieldValue.Member {
    /// A member from its key and value (for modules that rewrite field trees, such as redaction before publishing).
    package init(named key: String, _ value: FieldValue) {
        self.init(key: key, value: value)
    }
}
