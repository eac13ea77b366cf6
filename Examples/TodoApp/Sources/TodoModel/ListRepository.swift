import Foundation

/// Reading lists. Both drivers' implementations follow this contract, and the differential suite checks that they
/// return the same values.
public protocol ListReading {
    /// Every list, archived ones included, in the order they were made (`createdAt`, then `id`).
    func lists() throws -> [TodoList]
    /// The list with this id, or `nil`.
    func list(id: Int64) throws -> TodoList?
    /// For every list (in `id` order), how many of its items are not done; lists without open items count 0.
    func openItemCounts() throws -> [OpenItemCount]
}

/// Reading and writing lists.
public protocol ListRepository: ListReading {
    /// Makes a list (not archived) and returns it with the id the database gave it.
    func createList(title: String, createdAt: Date) throws -> TodoList
    /// Renames a list; `false` when no list has this id.
    func renameList(id: Int64, to title: String) throws -> Bool
    /// Archives (or un-archives) a list; `false` when no list has this id.
    func setArchived(id: Int64, _ archived: Bool) throws -> Bool
    /// Deletes a list and, through the schema's `ON DELETE CASCADE`, its items; `false` when no list has this id.
    func deleteList(id: Int64) throws -> Bool
}
