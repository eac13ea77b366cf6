import SQLiteEngine

/// The source file's b-trees as SQLite's `dbstat` lists them, read once per source: what the changed-pages
/// tracker's written units are checked against (``UnchangedTables``).
struct SourcePages: Sendable {
    /// The source's page size.
    var pageSize: Int
    /// Every table's root page number, by name.
    var roots: [String: Int64]
    /// Every b-tree's page numbers (a table's leaf, interior and overflow pages), by name.
    var pages: [String: [Int64]]

    /// Reads them through `connection` (opened on the source, read-only).
    static func read(_ connection: EngineConnection) throws -> SourcePages {
        SourcePages(
            pageSize: try UnchangedTables.pageSize(connection),
            roots: try UnchangedTables.roots(connection),
            pages: try UnchangedTables.pages(connection)
        )
    }
}
