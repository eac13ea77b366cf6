import MMEXModel
import MMEXSessionSupport
import ReaderWriterDriver

/// `TAG_V1` and `TAGLINK_V1` on the reader/writer driver: SQL on the unit's `db` handle, rows fetched into
/// ``ModelRecord``s, statements cached per connection.
///
/// Same contract as `LegacyTagRepository` (lists by name NOCASE then id; name lookups NOCASE, lowest id first; a
/// record's tags through its links, missing tags left out; unique names left to the schema; delete takes the links
/// too; linking is idempotent and refuses a missing tag).
struct ReaderWriterTagRepository: TagRepository {
    let unit: ReaderWriterUnit
    private typealias Tags = ModelRecord<Tag>

    private static let byName = " ORDER BY TAGNAME COLLATE NOCASE, TAGID"

    // MARK: Reading

    func tags() throws -> [Tag] {
        try unit.requireColumns(of: Tag.self)
        return try unit.run { db in try Tags.all(db, Tags.selection + Self.byName) }
    }

    func tag(named name: String) throws -> Tag? {
        try unit.requireColumns(of: Tag.self)
        return try unit.run { db in
            try Tags.one(db, Tags.selection + " WHERE TAGNAME = ? COLLATE NOCASE ORDER BY TAGID LIMIT 1", [name])
        }
    }

    func tags(refType: String, refId: Int64) throws -> [Tag] {
        try unit.requireColumns(of: Tag.self)
        try unit.requireColumns(of: TagLink.self)
        return try unit.run { db in
            try Tags.all(
                db,
                Tags.selection + " WHERE TAGID IN (SELECT TAGID FROM TAGLINK_V1 WHERE REFTYPE = ? AND REFID = ?)" + Self.byName,
                [refType, refId]
            )
        }
    }

    // MARK: Writing

    func insert(_ tag: Tag) throws -> Tag {
        try unit.requireColumns(of: Tag.self)
        return try unit.run { db in
            let stored = try tag.minted(unit, db)
            try stored.insert(db)
            return stored
        }
    }

    func update(_ tag: Tag) throws {
        try unit.requireColumns(of: Tag.self)
        try unit.run { db in _ = try tag.update(db) }
    }

    func deleteTag(id: Int64) throws -> Bool {
        try unit.requireColumns(of: Tag.self, ["TAGID"])
        try unit.requireColumns(of: TagLink.self, ["TAGID"])
        return try unit.run { db in
            try db.execute(sql: "DELETE FROM TAGLINK_V1 WHERE TAGID = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM TAG_V1 WHERE TAGID = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    func link(tagId: Int64, refType: String, refId: Int64) throws -> TagLink {
        try unit.requireColumns(of: Tag.self, ["TAGID"])
        try unit.requireColumns(of: TagLink.self)
        return try unit.run { db in
            guard try Tag.exists(db, id: tagId) else { throw ReferenceErrors.missing(Tag.self, id: tagId) }
            let existing = try Int64.fetchOne(
                db.cachedStatement(
                    sql: "SELECT TAGLINKID FROM TAGLINK_V1 WHERE TAGID = ? AND REFTYPE = ? AND REFID = ? ORDER BY TAGLINKID LIMIT 1"
                ),
                arguments: [tagId, refType, refId]
            )
            if let existing { return TagLink(id: existing, refType: refType, refId: refId, tagId: tagId) }
            let link = try TagLink(id: TagLink.unsavedID, refType: refType, refId: refId, tagId: tagId).minted(unit, db)
            try link.insert(db)
            return link
        }
    }

    func unlink(tagId: Int64, refType: String, refId: Int64) throws -> Bool {
        try unit.requireColumns(of: TagLink.self)
        return try unit.run { db in
            try db.execute(
                sql: "DELETE FROM TAGLINK_V1 WHERE TAGID = ? AND REFTYPE = ? AND REFID = ?", arguments: [tagId, refType, refId]
            )
            return db.changesCount > 0
        }
    }
}

/// Vends the repository in reader/writer units of work (`context.tags`).
extension TagRepositoryKey: ReaderWriterReadableRepositoryKey {
    package static func reading(in unit: ReaderWriterUnit) -> any TagReading { ReaderWriterTagRepository(unit: unit) }
    package static func writing(in unit: ReaderWriterUnit) -> any TagRepository {
        ReaderWriterTagRepository(unit: unit)
    }
}
