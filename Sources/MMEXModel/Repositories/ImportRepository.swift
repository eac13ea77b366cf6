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

/// A source row inserted under a new name because its unique name clashed with a row of the open file.
public struct ImportRename: Sendable, Hashable, Codable {
    /// The row's id (kept from the source).
    public var id: Int64
    public var from: String
    public var to: String

    public init(id: Int64, from: String, to: String) {
        self.id = id
        self.from = from
        self.to = to
    }
}

/// What an import did to one table.
public struct ImportTableSummary: Sendable, Hashable, Codable {
    public var table: String
    public var inserted: Int
    /// Rows whose id already existed, plus rows whose unique key clashed where a rename cannot apply (a currency's
    /// name or symbol, a budget year, a history day, a tag link, a custom field value): those are ``conflicts`` too.
    public var skipped: Int
    /// Rows inserted under a new name because their unique name clashed (counted in ``inserted`` too).
    public var renamed: Int
    /// Of ``skipped``, the rows skipped for a unique clash that renaming cannot resolve.
    public var conflicts: Int
    /// Each rename, in id order.
    public var renames: [ImportRename]

    public init(
        table: String, inserted: Int, skipped: Int, renamed: Int, conflicts: Int = 0, renames: [ImportRename] = []
    ) {
        self.table = table
        self.inserted = inserted
        self.skipped = skipped
        self.renamed = renamed
        self.conflicts = conflicts
        self.renames = renames
    }
}

/// Merges another MMEX file (plain or encrypted) into the open one. Slice 6.
///
/// The source is attached read-only and never changes; rows whose id exists are skipped; a clash on a unique name is
/// resolved by renaming (`Name (2)`, `Name (3)`, ...); the whole import runs in the caller's write unit of work, so
/// a failure midway leaves the open file unchanged. Tables are merged parents first, rows in id order, ids kept
/// from the source; only the columns both files have are copied. `INFOTABLE_V1`, `SETTING_V1` and `USAGE_V1` are
/// the file's own and are not imported.
public protocol ImportRepository {
    /// Runs the import; a dry run reports the same summary and changes nothing. One summary per MMEX table both files
    /// have, in merge order.
    func merge(from source: ImportSource, dryRun: Bool) throws -> [ImportTableSummary]
}

/// Names the import in the MMEX contexts: `context.importer` in a write unit of work (it has no reading side, so read
/// units of work do not vend it).
public enum ImportRepositoryKey: RepositoryKey {
    public typealias Writing = any ImportRepository
}

extension WriteRepositories {
    /// ``ImportRepositoryKey``'s repository, in this unit of work.
    public var importer: any ImportRepository { repository(ImportRepositoryKey.self) }
}
