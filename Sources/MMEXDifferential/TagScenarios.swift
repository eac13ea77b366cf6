import Differential
import MMEXModel
import MMEXSession
import PersistenceSession

/// The differential scenarios of the tags repository (slice 2): tags by name, the tags on a record, and writes
/// with the unique NOCASE name, links that are idempotent, and a delete that takes the tag's links.
///
/// The hand-written scenarios pin NOCASE names (`É` does not fold), the tags of transactions, splits and scheduled
/// transactions, unique-name clashes on insert and rename, linking twice, linking a missing tag, unlinking, deletes
/// with links, and rollback; the random generator mixes every operation over pools of ids, names and records.
enum TagScenarios {
    static var slice: PortedSlice {
        PortedSlice(
            slice: .tags, repositories: [.tags], handWritten: handWritten, random: generator,
            readBack: [SliceReadBack.tags]
        )
    }

    // MARK: Pools

    static let ids: [Int64] = [1, 2, 3, 4, 5, 7, 11, 12, 0, -1, 999_999]
    static let names: [String] = [
        "Urlaub", "URLAUB", "urlaub ", "été", "ÉTÉ", "Été", "Reise ✈️", "家族", "работа", "Работа", "q1", "DP Tag", "dp tag", "",
    ] + CornerValues.names
    static let refTypes: [String] = ["Transaction", "TransactionSplit", "RecurringTransaction", "RecurringTransactionSplit", "Payee"]
    static let refIds: [Int64] = [1, 2, 27, 50, 58, 82, 999_999]

    static func tag(id: Int64 = 0, name: String, active: Int64? = 1) -> Tag { Tag(id: id, name: name, active: active) }

    // MARK: Operations

    static func all() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("tags.tags()") { try $0.tags.tags() }
    }

    static func named(_ name: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("tags.tag(named: \(quoted(name)))") { try $0.tags.tag(named: name) }
    }

    static func on(_ refType: String, _ refId: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("tags.tags(refType: \(quoted(refType)), refId: \(refId))") {
            try $0.tags.tags(refType: refType, refId: refId)
        }
    }

    static func insert(_ tag: Tag) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("tags.insert(id \(tag.id), \(quoted(tag.name)))") { try $0.tags.insert(tag) }
    }

    static func update(_ tag: Tag) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("tags.update(id \(tag.id), \(quoted(tag.name)))") { context -> [Tag] in
            try context.tags.update(tag)
            return try context.tags.tags()
        }
    }

    /// Renames the tag at `index` in the listing (read in the same unit of work).
    static func rename(nth index: Int, _ name: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("tags.update(tag #\(index) renamed \(quoted(name)))") { context -> [Tag] in
            let all = try context.tags.tags()
            guard !all.isEmpty else { return [] }
            var tag = all[index % all.count]
            tag.name = name
            try context.tags.update(tag)
            return try context.tags.tags()
        }
    }

    static func delete(_ id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("tags.deleteTag(id: \(id))") { try $0.tags.deleteTag(id: id) }
    }

    static func link(_ tagId: Int64, _ refType: String, _ refId: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("tags.link(tagId: \(tagId), refType: \(quoted(refType)), refId: \(refId))") {
            try $0.tags.link(tagId: tagId, refType: refType, refId: refId)
        }
    }

    /// Links the tag at `index` in the listing (so inserted tags get links too).
    static func link(nth index: Int, _ refType: String, _ refId: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("tags.link(tag #\(index), refType: \(quoted(refType)), refId: \(refId))") { context -> TagLink? in
            let all = try context.tags.tags()
            guard !all.isEmpty else { return nil }
            return try context.tags.link(tagId: all[index % all.count].id, refType: refType, refId: refId)
        }
    }

    static func unlink(_ tagId: Int64, _ refType: String, _ refId: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("tags.unlink(tagId: \(tagId), refType: \(quoted(refType)), refId: \(refId))") {
            try $0.tags.unlink(tagId: tagId, refType: refType, refId: refId)
        }
    }

    static func rolledBack(_ name: String, deleting id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.abortedWrite("write { insert(\(quoted(name))); link; deleteTag(\(id)); throw }") { context in
            let inserted = try context.tags.insert(tag(name: name))
            try context.tags.link(tagId: inserted.id, refType: "Transaction", refId: 27)
            try context.tags.deleteTag(id: id)
        }
    }

    private static func quoted(_ text: String?) -> String { SessionOperation.quoted(text) }

    // MARK: Hand-written scenarios

    static var handWritten: [SliceScenario] {
        [
            SliceScenario("names whose order depends on NOCASE", covers: [.tags],
                CornerValues.names.map { insert(tag(name: $0)) } + [all(), on("Transaction", 50)]),
            SliceScenario("read everything", covers: [.tags], [
                all(), on("Transaction", 50), on("Transaction", 82), on("RecurringTransaction", 1),
                on("RecurringTransactionSplit", 1), on("Transaction", 999_999), on("transaction", 50),
            ]),
            SliceScenario("NOCASE names", covers: [.tags], [
                named("urlaub"), named("URLAUB"), named("urlaub "), named("été"), named("ÉTÉ"), named("Été"), named("работа"),
                named("q1"), named(""), insert(tag(name: "DP Tag")), named("dp TAG"), insert(tag(name: "dp tag")),
                insert(tag(name: "Urlaub")), insert(tag(name: "Été")), insert(tag(name: "urlaub ")), all(),
            ]),
            SliceScenario("links", covers: [.tags], [
                link(1, "Transaction", 50), link(1, "Transaction", 50), link(3, "Transaction", 50), on("Transaction", 50),
                link(999_999, "Transaction", 50), link(1, "Payee", 1), on("Payee", 1), unlink(1, "Payee", 1),
                unlink(1, "Payee", 1), unlink(3, "Transaction", 50), on("Transaction", 50),
            ]),
            SliceScenario("unique names on update; delete takes links", covers: [.tags], [
                update(tag(id: 2, name: "urlaub")), update(tag(id: 2, name: "Business Trips", active: 0)),
                update(tag(id: 5_000, name: "DP Nobody")), delete(5), delete(5), on("Transaction", 27),
                on("RecurringTransactionSplit", 1), delete(999_999), insert(tag(id: 1, name: "DP Clash")), all(),
            ]),
            SliceScenario("units of work", covers: [.tags], [rolledBack("DP Rolled", deleting: 1), all(), on("Transaction", 27)]),
        ]
    }

    // MARK: Random operations

    static var generator: OperationGenerator<any MMEXSession> {
        func id(_ random: inout SplitMix64) -> Int64 { random.element(of: ids) ?? 1 }
        func name(_ random: inout SplitMix64) -> String {
            random.chance(1, in: 3) ? "DP Tag \(random.below(6))" : CornerValues.caseVariant(of: random.element(of: names) ?? "Urlaub", &random)
        }
        func refType(_ random: inout SplitMix64) -> String { random.element(of: refTypes) ?? "Transaction" }
        func refId(_ random: inout SplitMix64) -> Int64 { random.element(of: refIds) ?? 50 }
        return .weighted([
            (2, OperationGenerator { _ in all() }),
            (4, OperationGenerator { random in named(name(&random)) }),
            (4, OperationGenerator { random in on(refType(&random), refId(&random)) }),
            (4, OperationGenerator { random in
                let insertedId: Int64 = random.chance(1, in: 5) ? id(&random) : 0
                return insert(tag(id: insertedId, name: name(&random), active: random.chance(1, in: 4) ? 0 : 1))
            }),
            (3, OperationGenerator { random in rename(nth: random.below(30), name(&random)) }),
            (1, OperationGenerator { random in update(tag(id: id(&random), name: name(&random))) }),
            (2, OperationGenerator { random in delete(id(&random)) }),
            (3, OperationGenerator { random in link(id(&random), refType(&random), refId(&random)) }),
            (3, OperationGenerator { random in link(nth: random.below(30), refType(&random), refId(&random)) }),
            (2, OperationGenerator { random in unlink(id(&random), refType(&random), refId(&random)) }),
            (1, OperationGenerator { random in rolledBack(name(&random), deleting: id(&random)) }),
        ])
    }
}

// MARK: The slice's place in the port and its repositories

extension RepositorySlice {
    /// Tags and tag links (the lookups' stage).
    package static let tags = RepositorySlice("tags", stage: 2)
}

extension MMEXRepository {
    /// `TagRepository`, vended by both drivers.
    package static let tags = MMEXRepository(TagRepositoryKey.self)
}
