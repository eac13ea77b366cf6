/// Another MMEX file to merge into the open one.
public struct ImportSource: Sendable, Hashable {
    public var path: String
    /// The key when the source is encrypted.
    public var key: DatabaseKey?

    public init(path: String, key: DatabaseKey? = nil) {
        self.path = path
        self.key = key
    }
}

/// What an import did to one table.
public struct ImportTableSummary: Sendable, Hashable, Codable {
    public var table: String
    public var inserted: Int
    /// Rows whose id already existed.
    public var skipped: Int
    /// Rows inserted under a new name because their unique name clashed.
    public var renamed: Int

    public init(table: String, inserted: Int, skipped: Int, renamed: Int) {
        self.table = table
        self.inserted = inserted
        self.skipped = skipped
        self.renamed = renamed
    }
}

/// Merges another MMEX file (plain or encrypted) into the open one. Slice 6.
///
/// The source is attached read-only and never changes; rows whose id exists are skipped; a clash on a unique name is
/// resolved by renaming; the whole import is one transaction.
public protocol ImportRepository {
    /// Runs the import; a dry run reports the same summary and changes nothing.
    func merge(from source: ImportSource, dryRun: Bool) throws -> [ImportTableSummary]
}
