/// Transactions that look like the same statement line imported more than once, and the one to keep.
public struct DuplicateGroup: Sendable, Hashable, Codable {
    /// The richest record (most splits, notes, tags, attachments and custom values).
    public var keepId: Int64
    /// The others, folded into the kept one by a merge.
    public var duplicateIds: [Int64]

    public init(keepId: Int64, duplicateIds: [Int64]) {
        self.keepId = keepId
        self.duplicateIds = duplicateIds
    }
}

/// What merging one group changes (or would change, in a dry run).
public struct DuplicateMerge: Sendable, Hashable, Codable {
    public var group: DuplicateGroup
    /// Human-readable changes to the kept record ("notes appended", "tag 3 added", ...).
    public var foldedIn: [String]
    public var deletedIds: [Int64]

    public init(group: DuplicateGroup, foldedIn: [String], deletedIds: [Int64]) {
        self.group = group
        self.foldedIn = foldedIn
        self.deletedIds = deletedIds
    }
}

/// Finds duplicate transactions. Slice 7.
public protocol DuplicateReading {
    /// Groups of duplicates (same account, date, amount, payee), optionally in one account.
    func duplicateGroups(accountId: Int64?) throws -> [DuplicateGroup]
}

/// Merges duplicates: never a bare delete.
public protocol DuplicateRepository: DuplicateReading {
    /// Keeps the richest record, folds in what the others add (splits, notes, tags, attachments, custom values), then
    /// deletes the others; a dry run returns the same plan and changes nothing.
    func merge(_ group: DuplicateGroup, dryRun: Bool) throws -> DuplicateMerge
}

/// Names duplicate transactions in the MMEX contexts: `context.duplicates` reads them in a read unit of work, and reads
/// and writes them in a write unit of work.
public enum DuplicateRepositoryKey: ReadableRepositoryKey {
    public typealias Reading = any DuplicateReading
    public typealias Writing = any DuplicateRepository
}

extension ReadRepositories {
    /// The reading side of ``DuplicateRepositoryKey``'s repository, in this unit of work.
    public var duplicates: any DuplicateReading { repository(DuplicateRepositoryKey.self) }
}

extension WriteRepositories {
    /// ``DuplicateRepositoryKey``'s repository, reads and writes, in this unit of work.
    public var duplicates: any DuplicateRepository { repository(DuplicateRepositoryKey.self) }
}
