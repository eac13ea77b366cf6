// Records declared the way GRDB's documentation declares them. Only the import would change for GRDB.
import Foundation
import ReaderWriterDriver

struct Player: Codable, Identifiable, Hashable, FetchableRecord, MutablePersistableRecord {
    var id: Int64?
    var name: String
    var score: Int

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let name = Column(CodingKeys.name)
        static let score = Column(CodingKeys.score)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

struct Place: Codable, FetchableRecord, PersistableRecord {
    var id: UUID
    var title: String
    var visitedAt: Date
    var homepage: URL?
    var fee: Decimal

    enum Columns: String, ColumnExpression {
        case id, title, visitedAt, homepage, fee
    }
}

struct Author: Codable, Identifiable, Hashable, FetchableRecord, MutablePersistableRecord {
    var id: Int64?
    var name: String

    static let books = hasMany(Book.self)

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

struct Book: Codable, Identifiable, Hashable, FetchableRecord, MutablePersistableRecord {
    var id: Int64?
    var authorId: Int64?
    var title: String

    static let author = belongsTo(Author.self)

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

struct BookInfo: Decodable, FetchableRecord {
    var book: Book
    var author: Author
}

struct BookWithOptionalAuthor: Decodable, FetchableRecord {
    var book: Book
    var author: Author?
}

struct AuthorInfo: Decodable, FetchableRecord {
    var author: Author
    var books: [Book]
}

/// The schema of the snippets, with GRDB's schema builder.
func makeLibrary() throws -> DatabaseQueue {
    let dbQueue = try DatabaseQueue()
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
        try db.create(table: "player") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("name", .text).notNull()
            t.column("score", .integer).notNull().defaults(to: 0)
        }
        try db.create(table: "author") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("name", .text).notNull()
        }
        try db.create(table: "book") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("author", onDelete: .cascade)
            t.column("title", .text).notNull()
        }
        try db.create(table: "place") { t in
            t.primaryKey("id", .blob)
            t.column("title", .text).notNull()
            t.column("visitedAt", .datetime).notNull()
            t.column("homepage", .text)
            t.column("fee", .text).notNull()
        }
    }
    try migrator.migrate(dbQueue)
    return dbQueue
}

/// Three players, two authors, three books.
func makeFilledLibrary() throws -> DatabaseQueue {
    let dbQueue = try makeLibrary()
    try dbQueue.write { db in
        for (name, score) in [("Arthur", 100), ("Barbara", 1000), ("Craig", 2000)] {
            var player = Player(id: nil, name: name, score: score)
            try player.insert(db)
        }
        var tolkien = Author(id: nil, name: "Tolkien")
        try tolkien.insert(db)
        var austen = Author(id: nil, name: "Austen")
        try austen.insert(db)
        var lonely = Author(id: nil, name: "Nobody")
        try lonely.insert(db)
        for (authorId, title) in [(tolkien.id, "The Hobbit"), (tolkien.id, "The Silmarillion"), (austen.id, "Emma")] {
            var book = Book(id: nil, authorId: authorId, title: title)
            try book.insert(db)
        }
        var orphan = Book(id: nil, authorId: nil, title: "Anonymous")
        try orphan.insert(db)
    }
    return dbQueue
}
