import Foundation
import PersistenceSession
import SQLite
import SQLiteSwiftSessions

/// The app as written on SQLite.swift with its defaults (dates as `yyyy-MM-dd'T'HH:mm:ss.SSS` text, UUIDs as
/// upper-case text, foreign keys off).
struct SQLiteSwiftBookmarks: BookmarksWriting {
    static let folders = SQLite.Table("folders")
    static let bookmarks = SQLite.Table("bookmarks")
    static let id = SQLite.Expression<Int64>("id")
    static let name = SQLite.Expression<String>("name")
    static let uuid = SQLite.Expression<UUID>("uuid")
    static let folderID = SQLite.Expression<Int64>("folderID")
    static let url = SQLite.Expression<String>("url")
    static let title = SQLite.Expression<String?>("title")
    static let createdAt = SQLite.Expression<Date>("createdAt")
    static let isFavorite = SQLite.Expression<Bool>("isFavorite")
    static let rating = SQLite.Expression<Double>("rating")

    static func createSchema(_ db: Connection) throws {
        try db.run(folders.create { t in
            t.column(id, primaryKey: .autoincrement)
            t.column(name)
        })
        try db.run(bookmarks.create { t in
            t.column(id, primaryKey: .autoincrement)
            t.column(uuid, unique: true)
            t.column(folderID, references: folders, id)
            t.column(url)
            t.column(title)
            t.column(createdAt)
            t.column(isFavorite)
            t.column(rating)
        })
    }

    static var setup: SQLiteSwiftSessionSetup<BookmarksRead, BookmarksWrite> {
        var setup = SQLiteSwiftSessionSetup<BookmarksRead, BookmarksWrite>(
            makeReadContext: { BookmarksRead(store: SQLiteSwiftBookmarks(unit: $0)) },
            makeWriteContext: { BookmarksWrite(store: SQLiteSwiftBookmarks(unit: $0)) }
        )
        setup.createSchema = { try createSchema($0) }
        return setup
    }

    let unit: StoreUnitOfWork<Connection>

    private static func bookmark(_ row: Row) throws -> Bookmark {
        Bookmark(
            uuid: try row.get(uuid), folderID: try row.get(folderID), url: try row.get(url), title: try row.get(title),
            createdAt: try row.get(createdAt), isFavorite: try row.get(isFavorite), rating: try row.get(rating)
        )
    }

    func folders() throws -> [String] {
        try unit.run { db in try db.prepare(Self.folders.order(Self.id)).map { try $0.get(Self.name) } }
    }

    func bookmark(_ uuid: UUID) throws -> Bookmark? {
        try unit.run { db in try db.pluck(Self.bookmarks.filter(Self.uuid == uuid)).map(Self.bookmark) }
    }

    func bookmarks(inFolder folderID: Int64) throws -> [Bookmark] {
        try unit.run { db in
            try db.prepare(Self.bookmarks.filter(Self.folderID == folderID).order(Self.createdAt, Self.id)).map(Self.bookmark)
        }
    }

    func createdBefore(_ date: Date) throws -> [UUID] {
        try unit.run { db in
            try db.prepare(Self.bookmarks.filter(Self.createdAt < date).order(Self.id)).map { try $0.get(Self.uuid) }
        }
    }

    func addFolder(_ name: String) throws -> Int64 {
        try unit.run { db in try db.run(Self.folders.insert(Self.name <- name)) }
    }

    func add(_ bookmark: Bookmark) throws {
        try unit.run { db in
            _ = try db.run(Self.bookmarks.insert(
                Self.uuid <- bookmark.uuid, Self.folderID <- bookmark.folderID, Self.url <- bookmark.url,
                Self.title <- bookmark.title, Self.createdAt <- bookmark.createdAt,
                Self.isFavorite <- bookmark.isFavorite, Self.rating <- bookmark.rating
            ))
        }
    }

    func setFavorite(_ uuid: UUID, _ isFavorite: Bool) throws -> Bool {
        try unit.run { db in
            try db.run(Self.bookmarks.filter(Self.uuid == uuid).update(Self.isFavorite <- isFavorite)) > 0
        }
    }
}
