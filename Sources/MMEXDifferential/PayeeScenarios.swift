import Differential
import MMEXModel
import MMEXSession
import PersistenceSession

/// The differential scenarios of the payees repository (slice 2): lookups, the default category, and writes with
/// the unique NOCASE name and the refusal to delete a payee in use.
///
/// The hand-written scenarios pin NOCASE names (ASCII folds, `É` does not; a trailing space is another name), the
/// default category (set, NULL, -1, dangling), unique-name clashes on insert and rename, deletes of used and unused
/// payees, and rollback; the random generator mixes every operation over pools of ids, names and categories.
enum PayeeScenarios {
    static var slice: PortedSlice {
        PortedSlice(
            slice: .payees, repositories: [.payees], handWritten: handWritten, random: generator,
            readBack: [SliceReadBack.payees]
        )
    }

    // MARK: Pools

    /// The committed fixtures' payee ids (used and unused ones, minted ones), ids nothing uses.
    static let ids: [Int64] = [
        1, 2, 3, 9, 21, 22, 23, 27, 28, 1_719_835_200_000_386, 1_719_835_200_002_978, 1_719_835_200_007_915,
        1_719_835_200_008_669, 0, -1, 999_999,
    ]
    static let names: [String] = [
        "REWE", "rewe", "Rewe ", "Café Lumière", "CAFÉ LUMIÈRE", "café lumière", "Bäckerei Schmidt", "BÄCKEREI SCHMIDT",
        "Пятёрочка", "пятёрочка", "Smith & Sons \"Hardware\"", "DP Payee", "dp payee", "",
    ] + CornerValues.names
    static let categories: [Int64?] = [nil, -1, 1, 10, 72, 1_681_992_000_008_600, 999_999]

    static func payee(id: Int64 = 0, name: String, category: Int64? = 10, active: Int64? = 1) -> Payee {
        Payee(id: id, name: name, categoryId: category, number: "42", website: "https://example.org", notes: "note", active: active, pattern: "")
    }

    // MARK: Operations

    static func all() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("payees.payees()") { try $0.payees.payees() }
    }

    static func byId(_ id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("payees.payee(id: \(id))") { try $0.payees.payee(id: id) }
    }

    static func named(_ name: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("payees.payee(named: \(quoted(name)))") { try $0.payees.payee(named: name) }
    }

    static func defaultCategory(_ id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("payees.defaultCategory(payeeId: \(id))") { try $0.payees.defaultCategory(payeeId: id) }
    }

    static func insert(_ payee: Payee) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("payees.insert(id \(payee.id), \(quoted(payee.name)), category \(describe(payee.categoryId)))") {
            try $0.payees.insert(payee)
        }
    }

    static func update(_ payee: Payee) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("payees.update(id \(payee.id), \(quoted(payee.name)))") { context -> Payee? in
            try context.payees.update(payee)
            return try context.payees.payee(id: payee.id)
        }
    }

    /// Renames the payee at `index` in the listing (read in the same unit of work) and sets its category.
    static func rename(nth index: Int, _ name: String, category: Int64?) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("payees.update(payee #\(index) renamed \(quoted(name)), category \(describe(category)))") {
            context -> Payee? in
            let all = try context.payees.payees()
            guard !all.isEmpty else { return nil }
            var payee = all[index % all.count]
            payee.name = name
            payee.categoryId = category
            try context.payees.update(payee)
            return try context.payees.payee(id: payee.id)
        }
    }

    static func delete(_ id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("payees.deletePayee(id: \(id))") { try $0.payees.deletePayee(id: id) }
    }

    static func delete(nth index: Int) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("payees.deletePayee(payee #\(index))") { context -> Bool in
            let all = try context.payees.payees()
            guard !all.isEmpty else { return false }
            return try context.payees.deletePayee(id: all[index % all.count].id)
        }
    }

    static func rolledBack(_ name: String, deleting id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.abortedWrite("write { insert(\(quoted(name))); deletePayee(\(id)); throw }") { context in
            try context.payees.insert(payee(name: name))
            _ = try? context.payees.deletePayee(id: id)
        }
    }

    private static func quoted(_ text: String?) -> String { SessionOperation.quoted(text) }
    private static func describe(_ id: Int64?) -> String { id.map(String.init) ?? "nil" }

    // MARK: Hand-written scenarios

    static var handWritten: [SliceScenario] {
        [
            SliceScenario("names whose order depends on NOCASE", covers: [.payees],
                CornerValues.names.map { insert(payee(name: $0)) } + [all(), named("BANANA"), named("кошелёк")]),
            SliceScenario("read everything", covers: [.payees], [
                all(), byId(1), byId(28), byId(999_999), defaultCategory(1), defaultCategory(9), defaultCategory(1_719_835_200_003_408),
                defaultCategory(999_999),
            ]),
            SliceScenario("NOCASE names", covers: [.payees], [
                named("rewe"), named("REWE"), named("Rewe "), named("café lumière"), named("CAFÉ LUMIÈRE"),
                named("bäckerei schmidt"), named("Bäckerei Schmidt "), named("пятёрочка"), named(""),
                insert(payee(name: "DP Payee")), named("dp PAYEE"), insert(payee(name: "dp payee")), insert(payee(name: "REWE")),
                insert(payee(name: "Rewe ")), insert(payee(name: "пятёрочка")), all(),
            ]),
            SliceScenario("default categories", covers: [.payees], [
                insert(payee(id: 5_000, name: "DP No Category", category: nil)), defaultCategory(5_000),
                update(payee(id: 5_000, name: "DP No Category", category: -1)), defaultCategory(5_000),
                update(payee(id: 5_000, name: "DP No Category", category: 999_999)), defaultCategory(5_000),
                update(payee(id: 5_000, name: "DP No Category", category: 1_681_992_000_008_600)), defaultCategory(5_000),
            ]),
            SliceScenario("unique names on update", covers: [.payees], [
                update(payee(id: 2, name: "rewe")), update(payee(id: 2, name: "Aldi")), rename(nth: 0, "CAFE LUMIERE", category: 11),
                update(payee(id: 5_001, name: "DP Nobody")), byId(5_001), all(),
            ]),
            SliceScenario("deleting refuses payees in use", covers: [.payees], [
                delete(1), delete(9), delete(17), delete(22), delete(22), delete(28), delete(1_719_835_200_007_915),
                delete(999_999), delete(-1), insert(payee(name: "DP Unused")), delete(nth: 0), all(),
            ]),
            SliceScenario("units of work", covers: [.payees], [rolledBack("DP Rolled", deleting: 22), named("DP Rolled"), byId(22), all()]),
        ]
    }

    // MARK: Random operations

    static var generator: OperationGenerator<any MMEXSession> {
        func id(_ random: inout SplitMix64) -> Int64 { random.element(of: ids) ?? 1 }
        func name(_ random: inout SplitMix64) -> String {
            random.chance(1, in: 3) ? "DP Payee \(random.below(6))" : CornerValues.caseVariant(of: random.element(of: names) ?? "REWE", &random)
        }
        func category(_ random: inout SplitMix64) -> Int64? { random.element(of: categories) ?? nil }
        return .weighted([
            (2, OperationGenerator { _ in all() }),
            (3, OperationGenerator { random in byId(id(&random)) }),
            (4, OperationGenerator { random in named(name(&random)) }),
            (3, OperationGenerator { random in defaultCategory(id(&random)) }),
            (4, OperationGenerator { random in
                let insertedId: Int64 = random.chance(1, in: 5) ? id(&random) : 0
                return insert(payee(id: insertedId, name: name(&random), category: category(&random)))
            }),
            (3, OperationGenerator { random in rename(nth: random.below(50), name(&random), category: category(&random)) }),
            (1, OperationGenerator { random in update(payee(id: id(&random), name: name(&random), category: category(&random))) }),
            (2, OperationGenerator { random in delete(id(&random)) }),
            (2, OperationGenerator { random in delete(nth: random.below(50)) }),
            (1, OperationGenerator { random in rolledBack(name(&random), deleting: id(&random)) }),
        ])
    }
}

// MARK: The slice's place in the port and its repositories

extension RepositorySlice {
    /// Payees (the lookups' stage).
    package static let payees = RepositorySlice("payees", stage: 2)
}

extension MMEXRepository {
    /// `PayeeRepository`, vended by both drivers.
    package static let payees = MMEXRepository(PayeeRepositoryKey.self)
}
