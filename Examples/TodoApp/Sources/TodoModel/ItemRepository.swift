import Foundation

/// Reading items. Both drivers' implementations follow this contract, and the differential suite checks that they
/// return the same values.
public protocol ItemReading {
    /// The items of one list: open ones first, then by priority (highest first), then by title ignoring ASCII case
    /// (`COLLATE NOCASE`), then by id.
    func items(inList listId: Int64) throws -> [TodoItem]
    /// The item with this id, or `nil`.
    func item(id: UUID) throws -> TodoItem?
    /// Items with a due date on or before `date` (done ones included), earliest due first, then by id.
    func items(dueOnOrBefore date: Date) throws -> [TodoItem]
    /// Items whose title contains `text`, ignoring ASCII case (SQLite's `LIKE`; `%` and `_` in `text` match
    /// themselves), in list order then the order of ``items(inList:)``.
    func search(title text: String) throws -> [TodoItem]
}

/// Reading and writing items.
public protocol ItemRepository: ItemReading {
    /// Saves a new item; its list must exist (a foreign key), its id must be new (the primary key).
    func addItem(_ item: TodoItem) throws -> TodoItem
    /// Flips an item's done flag and returns the new value; `nil` when no item has this id.
    func toggleItem(id: UUID) throws -> Bool?
    /// Saves every field of an existing item (matched by id); `false` when no item has this id.
    func editItem(_ item: TodoItem) throws -> Bool
    /// Moves an item to another (existing) list; `false` when no item has this id.
    func moveItem(id: UUID, toList listId: Int64) throws -> Bool
    /// Deletes an item; `false` when no item has this id.
    func deleteItem(id: UUID) throws -> Bool
}
