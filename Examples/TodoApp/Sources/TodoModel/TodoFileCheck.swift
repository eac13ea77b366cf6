import PersistenceSession

/// The open check both drivers' sessions run before the first unit of work: is this file a to-do file this build
/// can use? Driver-neutral (each session reads the two facts with its own driver), so both refuse the same files
/// with the same error.
public enum TodoFileCheck {
    /// What `expected` says in ``PersistenceError/wrongKindOfFile(path:expected:reason:)``.
    public static let kind = "a to-do file"

    /// Refuses a file whose `user_version` is newer than ``TodoSchema/version``, or that lacks the app's tables.
    ///
    /// - Parameters:
    ///   - userVersion: the file's `PRAGMA user_version`.
    ///   - tables: the names of the file's tables.
    public static func check(path: String, userVersion: Int64, tables: Set<String>) throws(PersistenceError) {
        if userVersion > Int64(TodoSchema.version) {
            throw .schemaTooNew(path: path, found: userVersion, supported: Int64(TodoSchema.version))
        }
        let missing = TodoSchema.tables.filter { !tables.contains($0) }
        if let first = missing.first {
            throw .wrongKindOfFile(path: path, expected: kind, reason: "no \(first) table")
        }
    }

    /// The SQL that lists a file's tables (both sessions run it).
    public static let tablesQuery = "SELECT name FROM sqlite_master WHERE type = 'table'"
}
