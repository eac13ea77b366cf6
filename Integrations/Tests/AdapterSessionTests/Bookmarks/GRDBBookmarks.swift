import Foundation
import GRDB
import GRDBSessions
import PersistenceSession

/// The app ported to GRDB with `Codable` records and a `DatabaseMigrator`, twice: ``naive`` keeps GRDB's defaults
/// (UUIDs as 16-byte blobs, dates as `yyyy-MM-dd HH:mm:ss.SSS`), ``fixed`` writes SQLite.swift's stored forms.
struct GRDBBookmarks: BookmarksWriting {
    enum Port: Sendable { case naive, fixed }

    /// The naive record: GRDB's defaults.
    struct NaiveRecord: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "bookmarks"
        var uuid: UUID, folderID: Int64, url: String, title: String?, createdAt: Date, isFavorite: Bool, rating: Double
    }

    /// The fixed record: upper-case UUID text and SQLite.swift's date text, as the file already holds them.
    struct FixedRecord: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "bookmarks"
        var uuid: UUID, folderID: Int64, url: String, title: String?, createdAt: Date, isFavorite: Bool, rating: Double
        static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy { .uppercaseString }
        static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
            .formatted(sqliteSwiftDates)
        }
        static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
            .formatted(sqliteSwiftDates)
        }
    }

    /// SQLite.swift's stored date form.
    static let sqliteSwiftDates: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS"
        return formatter
    }()

    static func migrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("bookmarks") { db in
            guard try !db.tableExists("folders") else { return }
            try db.create(table: "folders") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
            }
            try db.create(table: "bookmarks") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("uuid", .text).notNull().unique()
                t.column("folderID", .integer).notNull().references("folders")
                t.column("url", .text).notNull()
                t.column("title", .text)
                t.column("createdAt", .datetime).notNull()
                t.column("isFavorite", .boolean).notNull()
                t.column("rating", .double).notNull()
            }
        }
        return migrator
    }

    static func setup(_ port: Port) -> GRDBSessionSetup<BookmarksRead, BookmarksWrite> {
        var setup = GRDBSessionSetup<BookmarksRead, BookmarksWrite>(
            makeReadContext: { BookmarksRead(store: GRDBBookmarks(unit: $0, port: port)) },
            makeWriteContext: { BookmarksWrite(store: GRDBBookmarks(unit: $0, port: port)) }
        )
        setup.migrate = { writer in try migrator().migrate(writer) }
        return setup
    }

    let unit: StoreUnitOfWork<Database>
    let port: Port

    private func fetch(_ db: Database, _ sql: String, _ arguments: StatementArguments) throws -> [Bookmark] {
        switch port {
        case .naive:
            try NaiveRecord.fetchAll(db, sql: sql, arguments: arguments).map {
                Bookmark(uuid: $0.uuid, folderID: $0.folderID, url: $0.url, title: $0.title, createdAt: $0.createdAt,
                         isFavorite: $0.isFavorite, rating: $0.rating)
            }
        case .fixed:
            try FixedRecord.fetchAll(db, sql: sql, arguments: arguments).map {
                Bookmark(uuid: $0.uuid, folderID: $0.folderID, url: $0.url, title: $0.title, createdAt: $0.createdAt,
                         isFavorite: $0.isFavorite, rating: $0.rating)
            }
        }
    }

    /// A UUID or date as an argument, in the port's stored form.
    private func argument(_ uuid: UUID) -> any DatabaseValueConvertible {
        port == .naive ? uuid : uuid.uuidString
    }

    private func argument(_ date: Date) -> any DatabaseValueConvertible {
        port == .naive ? date : Self.sqliteSwiftDates.string(from: date)
    }

    func folders() throws -> [String] {
        try unit.run { db in try String.fetchAll(db, sql: "SELECT name FROM folders ORDER BY id") }
    }

    func bookmark(_ uuid: UUID) throws -> Bookmark? {
        try unit.run { db in try fetch(db, "SELECT * FROM bookmarks WHERE uuid = ?", [argument(uuid)]).first }
    }

    func bookmarks(inFolder folderID: Int64) throws -> [Bookmark] {
        try unit.run { db in try fetch(db, "SELECT * FROM bookmarks WHERE folderID = ? ORDER BY createdAt, id", [folderID]) }
    }

    func createdBefore(_ date: Date) throws -> [UUID] {
        try unit.run { db in
            try fetch(db, "SELECT * FROM bookmarks WHERE createdAt < ? ORDER BY id", [argument(date)]).map(\.uuid)
        }
    }

    func addFolder(_ name: String) throws -> Int64 {
        try unit.run { db in
            try db.execute(sql: "INSERT INTO folders (name) VALUES (?)", arguments: [name])
            return db.lastInsertedRowID
        }
    }

    func add(_ bookmark: Bookmark) throws {
        try unit.run { db in
            switch port {
            case .naive:
                try NaiveRecord(uuid: bookmark.uuid, folderID: bookmark.folderID, url: bookmark.url, title: bookmark.title,
                                createdAt: bookmark.createdAt, isFavorite: bookmark.isFavorite, rating: bookmark.rating).insert(db)
            case .fixed:
                try FixedRecord(uuid: bookmark.uuid, folderID: bookmark.folderID, url: bookmark.url, title: bookmark.title,
                                createdAt: bookmark.createdAt, isFavorite: bookmark.isFavorite, rating: bookmark.rating).insert(db)
            }
        }
    }

    func setFavorite(_ uuid: UUID, _ isFavorite: Bool) throws -> Bool {
        try unit.run { db in
            try db.execute(sql: "UPDATE bookmarks SET isFavorite = ? WHERE uuid = ?", arguments: [isFavorite, argument(uuid)])
            return db.changesCount > 0
        }
    }
}
