import Foundation

/// A to-do list: a title, when it was made, and whether it is archived.
///
/// `id` is the list's rowid, assigned by the database when the list is created (lists are numbered 1, 2, 3... in the
/// order they were made, on either driver).
public struct TodoList: Sendable, Hashable, Codable, Identifiable {
    public var id: Int64
    public var title: String
    public var createdAt: Date
    public var isArchived: Bool

    public init(id: Int64, title: String, createdAt: Date, isArchived: Bool = false) {
        self.id = id
        self.title = title
        self.createdAt = createdAt
        self.isArchived = isArchived
    }
}

/// How many items of one list are not done yet (a list without open items counts 0).
public struct OpenItemCount: Sendable, Hashable, Codable {
    public var listId: Int64
    public var openItems: Int

    public init(listId: Int64, openItems: Int) {
        self.listId = listId
        self.openItems = openItems
    }
}
