/// When the harness's read-back check (``DifferentialHarness/readBack``) runs.
///
/// The read-back asks whether what the candidate wrote stays readable by the baseline. When the state comparison
/// finds both copies storing the same thing (every table's rows with their storage classes, the schema and
/// `user_version`, less what ``StateComparison`` ignores), the candidate wrote nothing the baseline did not write itself, so by default
/// the check, and the two opens and full reads it costs, is skipped: on a large file those reads cost more than the
/// scenario's own operations. ``afterEveryScenario`` keeps the stricter run, which also compares how the two sides
/// decode a final state they agree on.
public enum ReadBackPolicy: Sendable, Hashable {
    /// After a scenario whose copies the state comparison found storing something different, or could not say
    /// (rows, schema or `user_version` left out of the comparison): the default.
    case whenStatesDiffer
    /// After every scenario, whatever the state comparison found.
    case afterEveryScenario
}
