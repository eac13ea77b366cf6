/// The errors of the unit-of-work rules every session enforces, worded once so every driver reports them alike
/// (the differential compares error descriptions).
public enum UnitOfWorkRules {
    /// The error of a write unit of work on a read-only session.
    public static func readOnlySession(path: String?) -> PersistenceError {
        .readOnly(path: path, detail: "the session was opened read-only")
    }

    /// A unit of work started inside another unit of work of the same session.
    public static let nestedUnitOfWork = PersistenceError.invalidUse(
        "a unit of work was started inside another unit of work of the same session; use the context you already have"
    )

    /// A repository used after the unit of work that vended it ended.
    public static let escapedRepository = PersistenceError.invalidUse(
        "a repository was used after its unit of work ended; repositories must not escape read { } or write { }"
    )
}
