/// Reads tags (`TAG_V1`) and tag links (`TAGLINK_V1`). Slice 2.
public protocol TagReading {
    /// Every tag, by name (NOCASE).
    func tags() throws -> [Tag]
    func tag(named name: String) throws -> Tag?
    /// The tags on one record (`REFTYPE`, `REFID`).
    func tags(refType: String, refId: Int64) throws -> [Tag]
}

/// Writes tags and links.
public protocol TagRepository: TagReading {
    @discardableResult func insert(_ tag: Tag) throws -> Tag
    func update(_ tag: Tag) throws
    /// Deletes a tag and its links.
    @discardableResult func deleteTag(id: Int64) throws -> Bool
    /// Tags a record (no-op when already tagged).
    @discardableResult func link(tagId: Int64, refType: String, refId: Int64) throws -> TagLink
    @discardableResult func unlink(tagId: Int64, refType: String, refId: Int64) throws -> Bool
}
