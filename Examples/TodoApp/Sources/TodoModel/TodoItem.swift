import Foundation

/// One thing to do, in one list.
///
/// `id` is chosen by the app (a `UUID`), so an item has its identity before it is saved; `listId` names the list it
/// belongs to (deleting the list deletes its items). `priority` orders a list's open items, highest first.
public struct TodoItem: Sendable, Hashable, Codable, Identifiable {
    public var id: UUID
    public var listId: Int64
    public var title: String
    public var notes: String?
    public var dueDate: Date?
    public var priority: Double
    public var isDone: Bool

    public init(
        id: UUID, listId: Int64, title: String, notes: String? = nil, dueDate: Date? = nil, priority: Double = 0,
        isDone: Bool = false
    ) {
        self.id = id
        self.listId = listId
        self.title = title
        self.notes = notes
        self.dueDate = dueDate
        self.priority = priority
        self.isDone = isDone
    }
}
