import Differential
import MMEXModel
import MMEXSession
import PersistenceSession

/// The differential scenarios of the categories repository (slice 2): lookups under a parent, the two-level tree,
/// "is used" across payees, transactions, splits, scheduled transactions, scheduled splits and budgets, and writes
/// with the unique NOCASE name per parent and the refusal to delete a category (or subtree) in use.
///
/// The hand-written scenarios pin NOCASE names per parent (the same name under two parents; `É` does not fold),
/// NULL and -1 parents, the tree's order, every kind of user, deletes of used and unused leaves and subtrees (three
/// levels deep), unique-name clashes on insert and rename, and rollback; the random generator mixes every operation
/// over pools of ids, names and parents.
enum CategoryScenarios {
    static var slice: PortedSlice {
        PortedSlice(
            slice: .categories, repositories: [.categories], handWritten: handWritten, random: generator,
            readBack: [SliceReadBack.categories, SliceReadBack.categoryTree]
        )
    }

    // MARK: Pools

    /// Category ids of the committed fixtures: top level and children, used by one kind of user or another, unused
    /// ones (25, 27, 82, 1681992000000564), minted ones, and ids nothing has.
    static let ids: [Int64] = [
        1, 2, 9, 10, 16, 18, 25, 27, 28, 57, 68, 71, 72, 81, 82, 1_681_992_000_000_564, 1_681_992_000_001_259,
        1_681_992_000_002_299, 1_681_992_000_004_836, 1_681_992_000_010_720, 1_681_992_000_014_276, 0, -1, 999_999,
    ]
    static let parents: [Int64] = [-1, -1, 1, 9, 16, 25, 68, 71, 1_681_992_000_004_836, 999_999]
    static let names: [String] = [
        "Bills", "bills", "BILLS", "Gas", "gas", "Café", "café", "CAFÉ", "Others", "Молоко", "молоко", "Groceries",
        "DP Category", "dp category", "",
    ] + CornerValues.names

    static func category(id: Int64 = 0, name: String, parent: Int64? = -1, active: Int64? = 1) -> Category {
        Category(id: id, name: name, active: active, parentId: parent)
    }

    // MARK: Operations

    static func all() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("categories.categories()") { try $0.categories.categories() }
    }

    static func byId(_ id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("categories.category(id: \(id))") { try $0.categories.category(id: id) }
    }

    static func named(_ name: String, _ parent: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("categories.category(named: \(quoted(name)), parentId: \(parent))") {
            try $0.categories.category(named: name, parentId: parent)
        }
    }

    static func tree() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("categories.tree()") { try $0.categories.tree() }
    }

    static func isUsed(_ id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("categories.isUsed(categoryId: \(id))") { try $0.categories.isUsed(categoryId: id) }
    }

    /// Whether every category is used, in one read.
    static func allUses() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("every category's isUsed") { context -> [Bool] in
            let categories = context.categories
            return try categories.categories().map { try categories.isUsed(categoryId: $0.id) }
        }
    }

    static func insert(_ category: Category) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write(
            "categories.insert(id \(category.id), \(quoted(category.name)), parent \(category.parentId.map(String.init) ?? "nil"))"
        ) { try $0.categories.insert(category) }
    }

    static func update(_ category: Category) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("categories.update(id \(category.id), \(quoted(category.name)))") { context -> Category? in
            try context.categories.update(category)
            return try context.categories.category(id: category.id)
        }
    }

    /// Renames the category at `index` in the listing (read in the same unit of work) and moves it under `parent`.
    static func rename(nth index: Int, _ name: String, parent: Int64?) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("categories.update(category #\(index) renamed \(quoted(name)), parent \(parent.map(String.init) ?? "nil"))") {
            context -> Category? in
            let all = try context.categories.categories()
            guard !all.isEmpty else { return nil }
            var category = all[index % all.count]
            category.name = name
            category.parentId = parent
            try context.categories.update(category)
            return try context.categories.category(id: category.id)
        }
    }

    static func delete(_ id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("categories.deleteCategory(id: \(id))") { try $0.categories.deleteCategory(id: id) }
    }

    static func delete(nth index: Int) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("categories.deleteCategory(category #\(index))") { context -> Bool in
            let all = try context.categories.categories()
            guard !all.isEmpty else { return false }
            return try context.categories.deleteCategory(id: all[index % all.count].id)
        }
    }

    /// Deletes the category found by name under a parent (in the same unit of work).
    static func deleteNamed(_ name: String, _ parent: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("categories.deleteCategory(named \(quoted(name)) under \(parent))") { context -> Bool in
            guard let found = try context.categories.category(named: name, parentId: parent) else { return false }
            return try context.categories.deleteCategory(id: found.id)
        }
    }

    /// Inserts a three-level subtree under a new top-level category; returns the three stored rows.
    static func insertSubtree(_ name: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("categories: insert \(quoted(name)) with a child and a grandchild") { context -> [Category] in
            let categories = context.categories
            let top = try categories.insert(category(name: name))
            let child = try categories.insert(category(name: name + " child", parent: top.id))
            let grandchild = try categories.insert(category(name: name + " grandchild", parent: child.id))
            return [top, child, grandchild]
        }
    }

    static func rolledBack(_ name: String, deleting id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.abortedWrite("write { insert(\(quoted(name))); deleteCategory(\(id)); throw }") { context in
            try context.categories.insert(category(name: name))
            _ = try? context.categories.deleteCategory(id: id)
        }
    }

    private static func quoted(_ text: String?) -> String { SessionOperation.quoted(text) }

    // MARK: Hand-written scenarios

    static var handWritten: [SliceScenario] {
        [
            // Leisure (12) and Automobile (16) are unused with several used children.
            SliceScenario("deleting an unused parent whose children are in use is refused", covers: [.categories], [
                delete(12), delete(16), delete(21), byId(13),
            ]),
            SliceScenario("names whose order depends on NOCASE", covers: [.categories],
                CornerValues.names.map { insert(category(name: $0)) } + CornerValues.names.map { insert(category(name: $0, parent: 1)) }
                    + [all(), tree()]),
            SliceScenario("read everything", covers: [.categories], [
                all(), tree(), byId(1), byId(72), byId(999_999), allUses(),
            ]),
            SliceScenario("NOCASE names under a parent", covers: [.categories], [
                named("bills", -1), named("BILLS", 1), named("gas", 1), named("GAS", 16), named("Gas", -1), named("café", -1),
                named("CAFÉ", -1), named("молоко", 71), named("Молоко", 71), named("others", 25), named("", -1),
                insert(category(name: "bills")), insert(category(name: "Bills", parent: 9)), insert(category(name: "GAS", parent: 16)),
                insert(category(name: "DP Category")), named("dp CATEGORY", -1), insert(category(name: "dp category")),
                insert(category(name: "DP Null Parent", parent: nil)), named("dp null parent", -1), insert(category(name: "Bills", parent: nil)),
                named("Bills", -1), tree(),
            ]),
            SliceScenario("is used by every kind of user", covers: [.categories], [
                isUsed(10), isUsed(82), isUsed(81), isUsed(1_681_992_000_010_720), isUsed(57), isUsed(19), isUsed(72),
                isUsed(1_681_992_000_008_600), isUsed(-1), isUsed(999_999), isUsed(25),
            ]),
            SliceScenario("deleting refuses categories in use, takes unused subtrees", covers: [.categories], [
                delete(82), delete(82), delete(25), delete(1_681_992_000_002_299), delete(10), delete(81),
                delete(1_681_992_000_000_564), delete(-1), delete(999_999), insertSubtree("DP Tree"), tree(),
                delete(nth: 0), all(),
            ]),
            SliceScenario("three levels: the tree shows two, delete takes all", covers: [.categories], [
                insertSubtree("DP Deep"), tree(), deleteNamed("dp deep", -1), tree(), all(), insertSubtree("DP Deep"),
                rename(nth: 1_000, "DP Deep renamed", parent: 25), tree(),
            ]),
            SliceScenario("unique names on update", covers: [.categories], [
                update(category(id: 3, name: "telephone", parent: 1)), update(category(id: 3, name: "Electricity", parent: 1)),
                update(category(id: 18, name: "gas", parent: 1)), update(category(id: 5_000, name: "DP Nobody")), byId(5_000),
                insert(category(id: 1, name: "DP Clash")), tree(),
            ]),
            SliceScenario("units of work", covers: [.categories], [
                rolledBack("DP Rolled", deleting: 82), named("DP Rolled", -1), byId(82), tree(),
            ]),
        ]
    }

    // MARK: Random operations

    static var generator: OperationGenerator<any MMEXSession> {
        func id(_ random: inout SplitMix64) -> Int64 { random.element(of: ids) ?? 1 }
        func parent(_ random: inout SplitMix64) -> Int64 { random.element(of: parents) ?? -1 }
        func name(_ random: inout SplitMix64) -> String {
            random.chance(1, in: 3) ? "DP Category \(random.below(6))" : CornerValues.caseVariant(of: random.element(of: names) ?? "Bills", &random)
        }
        return .weighted([
            (2, OperationGenerator { _ in all() }),
            (3, OperationGenerator { _ in tree() }),
            (3, OperationGenerator { random in byId(id(&random)) }),
            (4, OperationGenerator { random in named(name(&random), parent(&random)) }),
            (5, OperationGenerator { random in isUsed(id(&random)) }),
            (4, OperationGenerator { random in
                let insertedId: Int64 = random.chance(1, in: 5) ? id(&random) : 0
                let parentId: Int64? = random.chance(1, in: 8) ? nil : parent(&random)
                return insert(category(id: insertedId, name: name(&random), parent: parentId))
            }),
            (1, OperationGenerator { random in insertSubtree("DP Sub \(random.below(4))") }),
            (3, OperationGenerator { random in rename(nth: random.below(120), name(&random), parent: parent(&random)) }),
            (1, OperationGenerator { random in update(category(id: id(&random), name: name(&random), parent: parent(&random))) }),
            (2, OperationGenerator { random in delete(id(&random)) }),
            (2, OperationGenerator { random in delete(nth: random.below(120)) }),
            (1, OperationGenerator { random in rolledBack(name(&random), deleting: id(&random)) }),
        ])
    }
}

// MARK: The slice's place in the port and its repositories

extension RepositorySlice {
    /// Categories (the lookups' stage).
    package static let categories = RepositorySlice("categories", stage: 2)
}

extension MMEXRepository {
    /// `CategoryRepository`, vended by both drivers.
    package static let categories = MMEXRepository(CategoryRepositoryKey.self)
}
