import Differential
import Foundation
import TodoModel

/// Seeded random operations over the to-do repositories: every read and write, with arguments drawn from
/// ``TodoSamples`` so they keep meeting existing rows, missing ones and the corners.
///
/// List ids are drawn from 1...8 (the sample file has 3, operations create more, some ids never exist); item ids
/// from 48 fixed UUIDs (some added by the sample file, some by earlier operations, some never).
public enum TodoOperationGenerator {
    typealias Op = DifferentialOperation<TodoSession>

    /// The weighted mix of operations.
    public static var generator: OperationGenerator<TodoSession> {
        OperationGenerator<TodoSession>.weighted([
            (4, OperationGenerator { random in createList(&random) }),
            (2, OperationGenerator { random in renameList(&random) }),
            (2, OperationGenerator { random in setArchived(&random) }),
            (1, OperationGenerator { random in deleteList(&random) }),
            (8, OperationGenerator { random in addItem(&random) }),
            (4, OperationGenerator { random in toggleItem(&random) }),
            (3, OperationGenerator { random in editItem(&random) }),
            (2, OperationGenerator { random in moveItem(&random) }),
            (2, OperationGenerator { random in deleteItem(&random) }),
            (2, OperationGenerator { _ in TodoScenarios.allLists }),
            (2, OperationGenerator { _ in TodoScenarios.counts }),
            (3, OperationGenerator { random in TodoScenarios.itemsOf(listID(&random)) }),
            (2, OperationGenerator { random in readItem(&random) }),
            (2, OperationGenerator { random in dueBefore(&random) }),
            (2, OperationGenerator { random in search(&random) }),
        ])
    }

    /// `count` operations from `seed`, as a scenario named after the seed.
    public static func scenario(seed: UInt64, count: Int) -> Scenario<TodoSession> {
        generator.scenario(named: "random seed \(seed)", seed: seed, count: count)
    }

    static func pick<T>(_ values: [T], _ random: inout SplitMix64) -> T {
        values[random.below(values.count)]
    }

    static func listID(_ random: inout SplitMix64) -> Int64 { Int64(1 + random.below(8)) }

    static func itemNumber(_ random: inout SplitMix64) -> Int { random.below(48) }

    /// A date within about two months of the reference: whole days, times of day, sometimes milliseconds.
    static func date(_ random: inout SplitMix64) -> Date {
        let days = random.below(60) - 30
        switch random.below(3) {
        case 0: return TodoSamples.date(days: days)
        case 1: return TodoSamples.date(days: days, seconds: random.below(86_400))
        default: return TodoSamples.date(days: days, seconds: random.below(86_400), milliseconds: random.below(1000))
        }
    }

    static func item(_ random: inout SplitMix64, number: Int? = nil) -> TodoItem {
        TodoItem(
            id: TodoSamples.itemID(number ?? itemNumber(&random)), listId: listID(&random),
            title: pick(TodoSamples.itemTitles, &random), notes: pick(TodoSamples.notes, &random),
            dueDate: random.below(3) == 0 ? nil : date(&random), priority: pick(TodoSamples.priorities, &random),
            isDone: random.below(4) == 0
        )
    }

    static func createList(_ random: inout SplitMix64) -> Op {
        let title = pick(TodoSamples.listTitles, &random)
        let created = date(&random)
        return Op("createList(\(title), \(created.timeIntervalSince1970))") { session in
            try session.write { try $0.lists.createList(title: title, createdAt: created) }
        }
    }

    static func renameList(_ random: inout SplitMix64) -> Op {
        let id = listID(&random)
        let title = pick(TodoSamples.listTitles, &random)
        return Op("renameList(\(id), \(title))") { session in
            try session.write { try $0.lists.renameList(id: id, to: title) }
        }
    }

    static func setArchived(_ random: inout SplitMix64) -> Op {
        let id = listID(&random)
        let archived = random.below(2) == 0
        return Op("setArchived(\(id), \(archived))") { session in
            try session.write { try $0.lists.setArchived(id: id, archived) }
        }
    }

    static func deleteList(_ random: inout SplitMix64) -> Op {
        let id = listID(&random)
        return Op("deleteList(\(id))") { session in try session.write { try $0.lists.deleteList(id: id) } }
    }

    static func addItem(_ random: inout SplitMix64) -> Op {
        let new = item(&random)
        return Op("addItem(\(new.id.uuidString.suffix(4)), list \(new.listId), \(new.title))") { session in
            try session.write { try $0.items.addItem(new) }
        }
    }

    static func toggleItem(_ random: inout SplitMix64) -> Op {
        let id = TodoSamples.itemID(itemNumber(&random))
        return Op("toggleItem(\(id.uuidString.suffix(4)))") { session in
            try session.write { try $0.items.toggleItem(id: id) }
        }
    }

    static func editItem(_ random: inout SplitMix64) -> Op {
        let edited = item(&random)
        return Op("editItem(\(edited.id.uuidString.suffix(4)), list \(edited.listId))") { session in
            try session.write { try $0.items.editItem(edited) }
        }
    }

    static func moveItem(_ random: inout SplitMix64) -> Op {
        let id = TodoSamples.itemID(itemNumber(&random))
        let list = listID(&random)
        return Op("moveItem(\(id.uuidString.suffix(4)), \(list))") { session in
            try session.write { try $0.items.moveItem(id: id, toList: list) }
        }
    }

    static func deleteItem(_ random: inout SplitMix64) -> Op {
        let id = TodoSamples.itemID(itemNumber(&random))
        return Op("deleteItem(\(id.uuidString.suffix(4)))") { session in
            try session.write { try $0.items.deleteItem(id: id) }
        }
    }

    static func readItem(_ random: inout SplitMix64) -> Op {
        let id = TodoSamples.itemID(itemNumber(&random))
        return Op("item(\(id.uuidString.suffix(4)))") { session in try session.read { try $0.items.item(id: id) } }
    }

    static func dueBefore(_ random: inout SplitMix64) -> Op {
        let limit = date(&random)
        return Op("items(dueOnOrBefore: \(limit.timeIntervalSince1970))") { session in
            try session.read { try $0.items.items(dueOnOrBefore: limit) }
        }
    }

    static func search(_ random: inout SplitMix64) -> Op {
        let term = pick(TodoSamples.searchTerms, &random)
        return Op("search(\(term))") { session in try session.read { try $0.items.search(title: term) } }
    }
}
