import MMEXModel
import MMEXSession
import PersistenceSession

/// An MMEX session with one planted bug in one repository (tags): `tags()` leaves out the last tag, and `insert`
/// stores the name with a `!` appended. Everything else is the base session's (the contexts replace the tags by key
/// and forward every other repository).
final class PlantedBugSession<Base: MMEXSession>: MMEXSession {
    let base: Base

    init(_ base: Base) { self.base = base }

    static var driver: DriverKind { Base.driver }

    static func create(at path: String, key: DatabaseKey?, configuration: SessionConfiguration) throws -> PlantedBugSession {
        PlantedBugSession(try Base.create(at: path, key: key, configuration: configuration))
    }

    static func open(
        at path: String, key: DatabaseKey?, access: SessionAccess, configuration: SessionConfiguration
    ) throws -> PlantedBugSession {
        PlantedBugSession(try Base.open(at: path, key: key, access: access, configuration: configuration))
    }

    static func openInMemorySample(configuration: SessionConfiguration) throws -> PlantedBugSession {
        PlantedBugSession(try Base.openInMemorySample(configuration: configuration))
    }

    var location: SessionLocation { base.location }
    var access: SessionAccess { base.access }
    var isClosed: Bool { base.isClosed }

    func read<T>(_ work: (any MMEXReadContext) throws -> T) throws -> T {
        try base.read { context in try work(context.replacing(TagRepositoryKey.self, with: BuggedTags(base: context.tags))) }
    }

    func write<T>(_ work: (any MMEXWriteContext) throws -> T) throws -> T {
        try base.write { context in
            try work(context.replacing(TagRepositoryKey.self, with: BuggedTagWriter(base: context.tags)))
        }
    }

    func close() throws { try base.close() }
}

private struct BuggedTags: TagReading {
    let base: any TagReading
    func tags() throws -> [Tag] { Array(try base.tags().dropLast()) }
    func tag(named name: String) throws -> Tag? { try base.tag(named: name) }
    func tags(refType: String, refId: Int64) throws -> [Tag] { try base.tags(refType: refType, refId: refId) }
}

private struct BuggedTagWriter: TagRepository {
    let base: any TagRepository
    func tags() throws -> [Tag] { Array(try base.tags().dropLast()) }
    func tag(named name: String) throws -> Tag? { try base.tag(named: name) }
    func tags(refType: String, refId: Int64) throws -> [Tag] { try base.tags(refType: refType, refId: refId) }
    func insert(_ tag: Tag) throws -> Tag {
        var planted = tag
        planted.name += "!"
        return try base.insert(planted)
    }
    func update(_ tag: Tag) throws { try base.update(tag) }
    func deleteTag(id: Int64) throws -> Bool { try base.deleteTag(id: id) }
    func link(tagId: Int64, refType: String, refId: Int64) throws -> TagLink {
        try base.link(tagId: tagId, refType: refType, refId: refId)
    }
    func unlink(tagId: Int64, refType: String, refId: Int64) throws -> Bool {
        try base.unlink(tagId: tagId, refType: refType, refId: refId)
    }
}
