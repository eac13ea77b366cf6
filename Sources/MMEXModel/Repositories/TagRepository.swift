/// Reads tags (`TAG_V1`) and tag links (`TAGLINK_V1`). Slice 2.
public protocol TagReading {
    /// Every tag, by name (NOCASE), then `TAGID`.
    func tags() throws -> [Tag]
    /// By name (NOCASE); the lowest id when an old file holds several.
    func tag(named name: String) throws -> Tag?
    /// The tags on one record (`REFTYPE`, `REFID`), by name (NOCASE) then `TAGID`; links to a missing tag are
    /// left out.
    func tags(refType: String, refId: Int64) throws -> [Tag]
}

/// Writes tags and links.
///
/// Names are unique case-insensitively (`TAGNAME ... COLLATE NOCASE UNIQUE`): an insert or update that clashes
/// throws the session's unique-constraint error on `TAG_V1.TAGNAME`.
public protocol TagRepository: TagReading {
    /// Inserts a tag; an id of 0 is replaced by a minted one. Returns the stored record.
    @discardableResult func insert(_ tag: Tag) throws -> Tag
    /// Rewrites the tag with `tag.id` (a missing id changes nothing).
    func update(_ tag: Tag) throws
    /// Deletes a tag and its links, in one unit of work; returns whether the tag existed.
    @discardableResult func deleteTag(id: Int64) throws -> Bool
    /// Tags a record: returns the existing link when already tagged, else a new one with a minted id. Refuses a tag
    /// that does not exist (the session's missing-reference error on `TAG_V1`).
    @discardableResult func link(tagId: Int64, refType: String, refId: Int64) throws -> TagLink
    /// Removes the tag from the record; returns whether it was there.
    @discardableResult func unlink(tagId: Int64, refType: String, refId: Int64) throws -> Bool
}

/// Names tags and tag links in the MMEX contexts: `context.tags` reads them in a read unit of work, and reads and
/// writes them in a write unit of work.
public enum TagRepositoryKey: ReadableRepositoryKey {
    public typealias Reading = any TagReading
    public typealias Writing = any TagRepository
}

extension ReadRepositories {
    /// The reading side of ``TagRepositoryKey``'s repository, in this unit of work.
    public var tags: any TagReading { repository(TagRepositoryKey.self) }
}

extension WriteRepositories {
    /// ``TagRepositoryKey``'s repository, reads and writes, in this unit of work.
    public var tags: any TagRepository { repository(TagRepositoryKey.self) }
}
