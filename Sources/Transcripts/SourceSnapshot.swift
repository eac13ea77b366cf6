import Differential
import SQLiteEngine

/// The source file as every scenario starts from it, read once per run from a private copy: the state whose tables
/// a scenario left unchanged, and what row detail is relative to.
final class SourceSnapshot {
    /// The private copy, open for reading for the whole run.
    let connection: EngineConnection
    /// Its state hash, by the run's rules.
    let digest: DatabaseStateDigest
    /// Its schema objects as the differential names them.
    let schema: [String: String]
    private let tables: [String: DatabaseStateDigest.Table]

    /// Reads the copy `connection` has open by `options` (ignored tables and columns).
    init(_ connection: EngineConnection, options: Transcript.StateOptions) throws {
        self.connection = connection
        digest = try DatabaseStateDigest(
            reading: connection, ignoredColumns: options.ignoredColumns, ignoredTables: options.ignoredTables
        )
        schema = try connection.schemaEntries(ignoring: options.ignoredTables)
        tables = Dictionary(digest.tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Refuses, before anything is recorded, a redacted column no table of the source has (a misspelt name) and, when
    /// rows are kept, one that keys its table's rows (``RedactionError``).
    func checkRedactions(_ options: Transcript.StateOptions) throws {
        var unseen = options.redactedColumns
        for table in digest.tables {
            let shape = try TableShape.read(table.name, connection, ignoredColumns: options.ignoredColumns)
            if options.rowDetailLimit > 0 { try shape.checkRedactions(options.redactedColumns, table: table.name, connection) }
            unseen.subtract(shape.columns.map { $0.uppercased() })
        }
        if let missing = unseen.sorted().first { throw RedactionError.noSuchColumn(missing) }
    }

    /// The source's table of that name, if it has one.
    func table(_ name: String) -> DatabaseStateDigest.Table? { tables[name] }

    func close() { connection.close() }
}
