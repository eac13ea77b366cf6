import Foundation
import PersistenceSession

/// The worked example's app: folders, and bookmarks in them (a foreign key, a `Date`, a `UUID`, a `Bool`, a `Double`
/// and an optional `String`), behind contexts that know no library.
struct Bookmark: Codable, Equatable, Sendable {
    var uuid: UUID
    var folderID: Int64
    var url: String
    var title: String?
    var createdAt: Date
    var isFavorite: Bool
    var rating: Double
}

protocol BookmarksReading {
    func folders() throws -> [String]
    func bookmark(_ uuid: UUID) throws -> Bookmark?
    func bookmarks(inFolder folderID: Int64) throws -> [Bookmark]
    func createdBefore(_ date: Date) throws -> [UUID]
}

protocol BookmarksWriting: BookmarksReading {
    func addFolder(_ name: String) throws -> Int64
    func add(_ bookmark: Bookmark) throws
    func setFavorite(_ uuid: UUID, _ isFavorite: Bool) throws -> Bool
}

struct BookmarksRead { let store: any BookmarksReading }
struct BookmarksWrite { let store: any BookmarksWriting }
typealias BookmarksSession = any PersistenceSession<BookmarksRead, BookmarksWrite>
