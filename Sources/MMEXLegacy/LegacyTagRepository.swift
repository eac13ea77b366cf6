import LegacyDriver
import MMEXModel
import MMEXSessionSupport

/// `TAG_V1` and `TAGLINK_V1` on the legacy driver: query builder on the retained connection.
///
/// Contract (shared with the reader/writer repository, checked by the differential suite):
/// - Lists by `TAGNAME` NOCASE, then `TAGID`; a name lookup is NOCASE, lowest id first; a record's tags are those
///   its links name (links to a missing tag left out), in the same order.
/// - Unique names are the schema's: a clash fails with the unique-constraint error SQLite reports.
/// - Delete removes the tag's links, then the tag. Linking returns the existing link (lowest `TAGLINKID`) or
///   inserts one with a minted id; a missing tag is refused with ``ReferenceErrors/missing(_:id:)``.
struct LegacyTagRepository: TagRepository {
    let unit: LegacyUnit
    private typealias Columns = TagColumns
    private typealias Links = TagLinkColumns

    private func tag(_ row: Row) throws -> Tag {
        try unit.record(Tag.self) { () throws(LegacyError) in
            Tag(id: try row.get(Columns.id), name: try row.get(Columns.name), active: try row.get(Columns.active))
        }
    }

    private func byName(_ query: Table) -> Table {
        query.order(Columns.name.collate(.nocase), Columns.id)
    }

    /// The links of one record to one tag.
    private func links(_ tagId: Int64, _ refType: String, _ refId: Int64) -> Table {
        Links.table.filter(Links.tagId == tagId && Links.refType == refType && Links.refId == refId)
    }

    // MARK: Reading

    func tags() throws -> [Tag] {
        try unit.requireColumns(of: Tag.self)
        return try unit.run { try unit.db.prepare(byName(Columns.selection)).map(tag) }
    }

    func tag(named name: String) throws -> Tag? {
        try unit.requireColumns(of: Tag.self)
        return try unit.run {
            try unit.db.pluck(Columns.selection.filter(Columns.name.collate(.nocase) == name).order(Columns.id).limit(1))
                .map(tag)
        }
    }

    func tags(refType: String, refId: Int64) throws -> [Tag] {
        try unit.requireColumns(of: Tag.self)
        try unit.requireColumns(of: TagLink.self)
        return try unit.run {
            let linked: ScalarQuery<Int64> = Links.table.select(Links.tagId).filter(Links.refType == refType && Links.refId == refId)
            return try unit.db.prepare(byName(Columns.selection.filter(linked.contains(Columns.id)))).map(tag)
        }
    }

    // MARK: Writing

    func insert(_ tag: Tag) throws -> Tag {
        try unit.requireColumns(of: Tag.self)
        return try unit.run {
            var stored = tag
            if stored.isUnsaved {
                stored.id = try IdentifierMinting.newID(from: unit.minter, table: Tag.tableName) { candidate in
                    try unit.db.pluck(Columns.table.select(Columns.id).filter(Columns.id == candidate)) != nil
                }
            }
            try unit.db.run(Columns.table.insert([Columns.id <- stored.id] + Columns.setters(stored)))
            return stored
        }
    }

    func update(_ tag: Tag) throws {
        try unit.requireColumns(of: Tag.self)
        try unit.run { _ = try unit.db.run(Columns.table.filter(Columns.id == tag.id).update(Columns.setters(tag))) }
    }

    func deleteTag(id: Int64) throws -> Bool {
        try unit.requireColumns(of: Tag.self, ["TAGID"])
        try unit.requireColumns(of: TagLink.self, ["TAGID"])
        return try unit.run {
            try unit.db.run(Links.table.filter(Links.tagId == id).delete())
            return try unit.db.run(Columns.table.filter(Columns.id == id).delete()) > 0
        }
    }

    func link(tagId: Int64, refType: String, refId: Int64) throws -> TagLink {
        try unit.requireColumns(of: Tag.self, ["TAGID"])
        try unit.requireColumns(of: TagLink.self)
        return try unit.run {
            guard try unit.db.pluck(Columns.table.select(Columns.id).filter(Columns.id == tagId)) != nil else {
                throw ReferenceErrors.missing(Tag.self, id: tagId)
            }
            if let row = try unit.db.pluck(links(tagId, refType, refId).select(Links.id).order(Links.id).limit(1)) {
                let id = try unit.record(TagLink.self) { () throws(LegacyError) in try row.get(Links.id) }
                return TagLink(id: id, refType: refType, refId: refId, tagId: tagId)
            }
            let id = try IdentifierMinting.newID(from: unit.minter, table: TagLink.tableName) { candidate in
                try unit.db.pluck(Links.table.select(Links.id).filter(Links.id == candidate)) != nil
            }
            try unit.db.run(Links.table.insert(Links.id <- id, Links.refType <- refType, Links.refId <- refId, Links.tagId <- tagId))
            return TagLink(id: id, refType: refType, refId: refId, tagId: tagId)
        }
    }

    func unlink(tagId: Int64, refType: String, refId: Int64) throws -> Bool {
        try unit.requireColumns(of: TagLink.self)
        return try unit.run { try unit.db.run(links(tagId, refType, refId).delete()) > 0 }
    }
}

/// Vends the repository in legacy units of work (`context.tags`).
extension TagRepositoryKey: LegacyReadableRepositoryKey {
    package static func reading(in unit: LegacyUnit) -> any TagReading { LegacyTagRepository(unit: unit) }
    package static func writing(in unit: LegacyUnit) -> any TagRepository { LegacyTagRepository(unit: unit) }
}
