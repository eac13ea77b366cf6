import PersistenceSession

extension PersistenceError {
    /// An SQLite database that is not an MMEX file (for example, no `INFOTABLE_V1`): the core's
    /// ``PersistenceError/wrongKindOfFile(path:expected:reason:)`` with `expected` "an MMEX file".
    public static func notAnMMEXFile(path: String, reason: String) -> PersistenceError {
        .wrongKindOfFile(path: path, expected: "an MMEX file", reason: reason)
    }
}
