extension DifferentialOperation {
    /// Runs the operation on one subject and returns its value as a field tree, or throws what the body threw: for
    /// the package's other runners of scenarios (golden transcripts), which run one side instead of two.
    package func outcome(on subject: Subject) throws -> FieldValue {
        try body(subject).fieldValue()
    }
}
