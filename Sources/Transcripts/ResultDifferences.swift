import Differential

/// Where two returned values a transcript compares differ, field by field, in the differential's words.
enum ResultDifferences {
    /// The differing fields of two canonical values (`path` as the differential names it, `notes[2].name`, and
    /// each side rendered as it renders returned values), at most `limit`; `nil` when either text does not read
    /// back as a value, or the two differ as a whole (`(result)`: two scalars, or another type), which one line
    /// shows better.
    static func fields(
        _ recorded: String, _ actual: String, limit: Int
    ) -> [(path: String, expected: String, actual: String)]? {
        guard let left = CanonicalText.fieldValue(recorded), let right = CanonicalText.fieldValue(actual) else { return nil }
        let differences = left.fieldDifferences(from: right, limit: limit)
        guard !differences.isEmpty, !differences.contains(where: { $0.path == "(result)" }) else { return nil }
        return differences.map { ($0.path, $0.baseline, $0.candidate) }
    }
}
