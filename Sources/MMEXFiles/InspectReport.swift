import SQLiteEngine

/// What `driverport inspect` reports about a database file.
public struct InspectReport: Sendable, Equatable, Codable {
    public var path: String
    /// The engine that read the file (`system` or `sqlcipher`).
    public var engine: String
    public var sqliteVersion: String
    /// The detected cipher (`none` for a plain file).
    public var cipher: String
    public var pageSize: Int
    public var reserveBytes: Int
    public var journalMode: String
    public var userVersion: Int64
    /// Table name -> row count.
    public var tables: [String: Int64]
    public var schema: SchemaCheck
    /// `PRAGMA quick_check`: `ok`, or the first problems it found (the file is damaged). Row counts alone can miss a
    /// damaged page, since `count(*)` may walk an index instead of the table.
    public var integrity: String

    /// Whether the quick check found no damage.
    public var isIntact: Bool { integrity == "ok" }

    /// Reads every fact from an open connection. Nothing is written.
    ///
    /// - Parameter walHeader: the file's header says WAL (a read-only or immutable connection may report another
    ///   mode, so the header decides).
    public static func read(
        path: String, connection: EngineConnection, cipher: String, reserveBytes: Int, walHeader: Bool
    ) throws -> InspectReport {
        // The schema first: until page 1 has been read, an encrypted file's connection reports the default page
        // size (SQLite could not read the size from the encrypted header when it opened the file).
        let shape = try SchemaShape.read(from: connection)
        let pageSize = try connection.pragma("page_size")?.integerValue ?? 0
        let journalMode = walHeader ? "wal" : try connection.pragma("journal_mode")?.textValue ?? "unknown"
        // One line per problem (SQLite's own text can span lines), so the CLI's error stays one line.
        let problems = try connection.rows("PRAGMA quick_check(3)").compactMap { $0.first?.textValue }
            .map { $0.split(whereSeparator: \.isNewline).joined(separator: " ") }
        var counts: [String: Int64] = [:]
        for table in shape.tables.keys {
            counts[table] = try connection.scalar("SELECT count(*) FROM \(quoteIdentifier(table))")?.integerValue ?? 0
        }
        return InspectReport(
            path: path,
            engine: connection.library.kind.rawValue,
            sqliteVersion: connection.library.version,
            cipher: cipher,
            pageSize: Int(pageSize),
            reserveBytes: reserveBytes,
            journalMode: journalMode,
            userVersion: try connection.userVersion,
            tables: counts,
            schema: SchemaCheck(file: shape, reference: try MMEXReference.shape()),
            integrity: problems.isEmpty ? "ok" : problems.joined(separator: "; ")
        )
    }
}
