import ReaderWriterDriver

/// Reads what a to-do file holds, as SQLite stores it, through a read-only queue: the stored text or storage class
/// of a value, with no app code in between.
enum RawFile {
    static func text(_ path: String, _ sql: String) throws -> String? {
        let queue = try DatabaseQueue(path: path, configuration: readOnly)
        defer { try? queue.close() }
        return try queue.read { db in try String.fetchOne(db, sql: sql) }
    }

    static func texts(_ path: String, _ sql: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path, configuration: readOnly)
        defer { try? queue.close() }
        return try queue.read { db in try String.fetchAll(db, sql: sql) }
    }

    /// Runs SQL on a file (creating it) with no app code in between: the way a test makes a file the app did not.
    static func execute(at path: String, _ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.writeWithoutTransaction { db in try db.execute(sql: sql) }
    }

    private static var readOnly: Configuration {
        var configuration = Configuration()
        configuration.readonly = true
        return configuration
    }
}
