import Differential
import Foundation
import TodoModel

/// The hand-written scenarios of the to-do app: each a short story through the repositories, run on fresh copies
/// of one file by both sessions, every returned value and the file left behind compared.
///
/// They start from the file ``TodoSampleFile`` makes (lists 1-3, a few items), so they read existing rows as well as
/// their own.
public enum TodoScenarios {
    typealias Op = DifferentialOperation<TodoSession>

    /// Every hand-written scenario.
    public static var all: [Scenario<TodoSession>] {
        [lists, itemOrder, cascade, dates, search, refusals, rollback]
    }

    static func read<T: Encodable>(_ name: String, _ body: @escaping @Sendable (any TodoReadContext) throws -> T) -> Op {
        Op(name) { session in try session.read(body) }
    }

    static func write<T: Encodable>(_ name: String, _ body: @escaping @Sendable (any TodoWriteContext) throws -> T) -> Op {
        Op(name) { session in try session.write(body) }
    }

    static var allLists: Op { read("lists") { try $0.lists.lists() } }
    static var counts: Op { read("openItemCounts") { try $0.lists.openItemCounts() } }
    static func itemsOf(_ list: Int64) -> Op { read("items(inList: \(list))") { try $0.items.items(inList: list) } }

    static func item(_ n: Int, list: Int64, _ title: String, priority: Double = 0, due: Date? = nil,
                     notes: String? = nil, done: Bool = false) -> TodoItem {
        TodoItem(
            id: TodoSamples.itemID(n), listId: list, title: title, notes: notes, dueDate: due, priority: priority,
            isDone: done
        )
    }

    static func add(_ item: TodoItem) -> Op {
        write("addItem(\(item.title))") { try $0.items.addItem(item) }
    }

    /// Create, rename, archive and delete lists; the counts follow.
    static var lists: Scenario<TodoSession> {
        Scenario<TodoSession>(name: "lists: create, rename, archive, delete", operations: [
            allLists,
            write("createList(Errands)") { try $0.lists.createList(title: "Errands", createdAt: TodoSamples.date(days: 2)) },
            write("createList(errands)") {
                try $0.lists.createList(title: "errands", createdAt: TodoSamples.date(days: 2, seconds: 3_600))
            },
            write("renameList(4)") { try $0.lists.renameList(id: 4, to: "Errands (town)") },
            write("renameList(99)") { try $0.lists.renameList(id: 99, to: "nobody") },
            write("setArchived(2, true)") { try $0.lists.setArchived(id: 2, true) },
            write("setArchived(2, false)") { try $0.lists.setArchived(id: 2, false) },
            write("setArchived(3, true)") { try $0.lists.setArchived(id: 3, true) },
            read("list(3)") { try $0.lists.list(id: 3) },
            read("list(42)") { try $0.lists.list(id: 42) },
            counts,
            write("deleteList(5)") { try $0.lists.deleteList(id: 5) },
            write("deleteList(5)") { try $0.lists.deleteList(id: 5) },
            write("createList(after delete)") {
                try $0.lists.createList(title: "Later", createdAt: TodoSamples.date(days: -1))
            },
            allLists,
            counts,
        ])
    }

    /// A list's items: open first, priority high to low, title ignoring case, id; toggling and editing reorder.
    static var itemOrder: Scenario<TodoSession> {
        Scenario<TodoSession>(name: "items: order, toggle, edit, move", operations: [
            add(item(100, list: 2, "zebra", priority: 1)),
            add(item(101, list: 2, "Apple", priority: 1)),
            add(item(102, list: 2, "apple", priority: 1)),
            add(item(103, list: 2, "banana", priority: 5, notes: "ripe")),
            add(item(104, list: 2, "cherry", priority: -2, done: true)),
            add(item(105, list: 2, "date", priority: 0.5)),
            itemsOf(2),
            write("toggleItem(103)") { try $0.items.toggleItem(id: TodoSamples.itemID(103)) },
            write("toggleItem(104)") { try $0.items.toggleItem(id: TodoSamples.itemID(104)) },
            write("toggleItem(999)") { try $0.items.toggleItem(id: TodoSamples.itemID(999)) },
            // Rows the sample file's legacy session wrote, found by id.
            write("toggleItem(0)") { try $0.items.toggleItem(id: TodoSamples.itemID(0)) },
            read("item(3)") { try $0.items.item(id: TodoSamples.itemID(3)) },
            itemsOf(2),
            write("editItem(101)") {
                try $0.items.editItem(item(101, list: 2, "Apple pie", priority: 7, notes: "for Sunday"))
            },
            write("editItem(998)") { try $0.items.editItem(item(998, list: 2, "ghost")) },
            write("moveItem(105 -> 1)") { try $0.items.moveItem(id: TodoSamples.itemID(105), toList: 1) },
            write("moveItem(997 -> 1)") { try $0.items.moveItem(id: TodoSamples.itemID(997), toList: 1) },
            write("deleteItem(100)") { try $0.items.deleteItem(id: TodoSamples.itemID(100)) },
            write("deleteItem(100)") { try $0.items.deleteItem(id: TodoSamples.itemID(100)) },
            itemsOf(2),
            itemsOf(1),
            read("item(101)") { try $0.items.item(id: TodoSamples.itemID(101)) },
            counts,
        ])
    }

    /// Deleting a list deletes its items (ON DELETE CASCADE, with foreign keys on in both sessions).
    static var cascade: Scenario<TodoSession> {
        Scenario<TodoSession>(name: "cascade: deleting a list takes its items", operations: [
            add(item(110, list: 3, "one")),
            add(item(111, list: 3, "two", done: true)),
            counts,
            write("deleteList(3)") { try $0.lists.deleteList(id: 3) },
            read("item(110)") { try $0.items.item(id: TodoSamples.itemID(110)) },
            itemsOf(3),
            counts,
            allLists,
        ])
    }

    /// Dates: created and due dates with times of day and milliseconds, due-date queries on day boundaries.
    static var dates: Scenario<TodoSession> {
        Scenario<TodoSession>(name: "dates: stored, read back, compared", operations: [
            write("createList(with time)") {
                try $0.lists.createList(
                    title: "Timed", createdAt: TodoSamples.date(days: 0, seconds: 45_296, milliseconds: 789)
                )
            },
            add(item(120, list: 1, "due at midnight", due: TodoSamples.date(days: 3))),
            add(item(121, list: 1, "due in the afternoon", due: TodoSamples.date(days: 3, seconds: 54_000))),
            add(item(122, list: 1, "due with milliseconds", due: TodoSamples.date(days: 4, seconds: 1, milliseconds: 999))),
            add(item(123, list: 1, "due long ago", due: TodoSamples.date(days: -400))),
            add(item(124, list: 1, "no due date")),
            read("items(dueOnOrBefore: day 3)") { try $0.items.items(dueOnOrBefore: TodoSamples.date(days: 3)) },
            read("items(dueOnOrBefore: day 3 noon)") {
                try $0.items.items(dueOnOrBefore: TodoSamples.date(days: 3, seconds: 43_200))
            },
            read("items(dueOnOrBefore: day 10)") { try $0.items.items(dueOnOrBefore: TodoSamples.date(days: 10)) },
            read("item(122)") { try $0.items.item(id: TodoSamples.itemID(122)) },
            allLists,
            itemsOf(1),
        ])
    }

    /// Title search: ASCII case ignored, `%` and `_` matching themselves, accents compared as they are.
    static var search: Scenario<TodoSession> {
        Scenario<TodoSession>(name: "search: case, pattern characters, accents", operations:
            TodoSamples.itemTitles.enumerated().map { index, title in
                add(item(130 + index, list: 1 + Int64(index % 2), title, priority: Double(index % 3)))
            } + TodoSamples.searchTerms.map { term in
                read("search(\(term))") { try $0.items.search(title: term) }
            }
        )
    }

    /// What the schema refuses: an unknown list, a taken id, a NaN priority; both sessions refuse the same way.
    static var refusals: Scenario<TodoSession> {
        Scenario<TodoSession>(name: "refusals: foreign key, primary key, not null", operations: [
            add(item(140, list: 42, "no such list")),
            add(item(141, list: 1, "first")),
            add(item(141, list: 2, "same id again")),
            add(item(142, list: 1, "NaN priority", priority: .nan)),
            write("moveItem(141 -> 42)") { try $0.items.moveItem(id: TodoSamples.itemID(141), toList: 42) },
            write("editItem(141 to list 42)") { try $0.items.editItem(item(141, list: 42, "first")) },
            itemsOf(1),
            counts,
        ])
    }

    /// An error thrown inside a write unit rolls back everything the unit did.
    static var rollback: Scenario<TodoSession> {
        Scenario<TodoSession>(name: "rollback: a failed unit leaves nothing", operations: [
            write("create and fail") { context -> Bool in
                _ = try context.lists.createList(title: "Doomed", createdAt: TodoSamples.date(days: 1))
                _ = try context.items.addItem(item(150, list: 1, "doomed item"))
                throw ScenarioAbort()
            },
            write("add, then a refused add") { context -> Bool in
                _ = try context.items.addItem(item(151, list: 1, "kept only if the unit commits"))
                _ = try context.items.addItem(item(151, list: 1, "taken id"))
                return true
            },
            allLists,
            itemsOf(1),
            counts,
        ])
    }
}

/// The error a scenario throws on purpose to make a unit of work roll back.
public struct ScenarioAbort: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "the scenario aborted the unit of work" }
}
