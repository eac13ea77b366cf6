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

    /// The source's table of that name, if it has one.
    func table(_ name: String) -> DatabaseStateDigest.Table? { tables[name] }

    func close() { connection.close() }
}
