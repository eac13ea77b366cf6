import Differential
import MMEXModel
import MMEXSession
import PersistenceSession

/// The differential scenarios of slice 7: finding duplicate transactions and merging them (dry runs, merges,
/// invalid groups, rollbacks). The duplicates come from importing `dupes.mmb` (see ``ImportSources``), which holds
/// statement lines imported several times with different richness; real files and fixtures add their own.
enum DuplicateScenarios {
    static var slice: PortedSlice {
        PortedSlice(
            slice: .duplicates, repositories: [.duplicates], handWritten: handWritten, random: generator,
            readBack: [SliceReadBack.duplicateGroups, SliceReadBack.ledgersAndLatest]
        )
    }

    static let importAccount: Int64 = 9_100_001

    static func seed() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("importer.merge(from: dupes.mmb) (seeding duplicates)") { context in
            try context.importer.merge(from: ImportSource(path: try ImportSources.shared().dupes), dryRun: false).map(\.inserted)
        }
    }

    static func groups(_ accountId: Int64?) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("duplicates.duplicateGroups(accountId: \(accountId.map(String.init) ?? "nil"))") {
            try $0.duplicates.duplicateGroups(accountId: accountId)
        }
    }

    /// Merges the `index`-th group (modulo the number of groups), or does nothing when there is none.
    static func mergeGroup(_ index: Int, dryRun: Bool) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("merge group #\(index) (dryRun: \(dryRun))") { context -> DuplicateMerge? in
            let groups = try context.duplicates.duplicateGroups(accountId: nil)
            guard !groups.isEmpty else { return nil }
            return try context.duplicates.merge(groups[index % groups.count], dryRun: dryRun)
        }
    }

    static func mergeAll(dryRun: Bool) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("merge every group (dryRun: \(dryRun))") { context -> [DuplicateMerge] in
            try context.duplicates.duplicateGroups(accountId: nil).map { try context.duplicates.merge($0, dryRun: dryRun) }
        }
    }

    static func merge(_ group: DuplicateGroup, dryRun: Bool = false) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("duplicates.merge(keep \(group.keepId), drop \(group.duplicateIds), dryRun: \(dryRun))") {
            try $0.duplicates.merge(group, dryRun: dryRun)
        }
    }

    static func rolledBack() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.abortedWrite("write { merge every group; throw }") { context in
            for group in try context.duplicates.duplicateGroups(accountId: nil) {
                _ = try context.duplicates.merge(group, dryRun: false)
            }
        }
    }

    static func readAfterMerge() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("write { merge group #0; duplicateGroups() }") { context -> [DuplicateGroup] in
            if let first = try context.duplicates.duplicateGroups(accountId: nil).first {
                _ = try context.duplicates.merge(first, dryRun: false)
            }
            return try context.duplicates.duplicateGroups(accountId: nil)
        }
    }

    private static func id(_ offset: Int64) -> Int64 { 9_100_000 + offset }

    /// Gives an imported duplicate two more attachments and one more custom value (the fixture's field 1), so that a
    /// keeper takes two of each from it, in id order.
    static func enrich(_ offset: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("transactions.update(\(id(offset)): two more attachments, one more custom value)") { context -> TransactionDetail? in
            guard var detail = try context.transactions.transaction(id: id(offset)) else { return nil }
            detail.attachments.append(Attachment(id: 0, refType: "Transaction", refId: id(offset), description: "second", fileName: "scan-1.png"))
            detail.attachments.append(Attachment(id: 0, refType: "Transaction", refId: id(offset), description: "third", fileName: "scan-2.png"))
            detail.customFieldValues.append(CustomFieldValue(id: 0, fieldId: 1, refId: id(offset), content: "R-2"))
            return try context.transactions.update(detail)
        }
    }

    /// Gives imported transaction `offset` one attachment (`attachment`) or one custom value of the fixture's field 1
    /// (otherwise), through the transactions repository.
    static func addOne(attachment: Bool, to offset: Int64) -> DifferentialOperation<any MMEXSession> {
        let what = attachment ? "one attachment" : "one custom value"
        return SessionOperation.write("transactions.update(\(id(offset)): \(what))") { context -> TransactionDetail? in
            guard var detail = try context.transactions.transaction(id: id(offset)) else { return nil }
            if attachment {
                detail.attachments.append(
                    Attachment(id: 0, refType: "Transaction", refId: id(offset), description: "statement", fileName: "statement.pdf")
                )
            } else {
                detail.customFieldValues.append(CustomFieldValue(id: 0, fieldId: 1, refId: id(offset), content: "R-1"))
            }
            return try context.transactions.update(detail)
        }
    }

    static var handWritten: [SliceScenario] {
        [
            SliceScenario("find, dry run, merge", covers: [.duplicates], [
                groups(nil), seed(), groups(nil), groups(importAccount), groups(-42), mergeAll(dryRun: true), groups(nil),
                mergeAll(dryRun: false), groups(nil),
            ]),
            SliceScenario("the richest is kept and the others folded in", covers: [.duplicates], [
                seed(), merge(DuplicateGroup(keepId: id(503), duplicateIds: [id(501), id(502), id(509)]), dryRun: true),
                merge(DuplicateGroup(keepId: id(503), duplicateIds: [id(501), id(502), id(509)])),
                merge(DuplicateGroup(keepId: id(505), duplicateIds: [id(506)])), groups(nil),
            ]),
            SliceScenario("a chosen keeper with no splits takes the others'", covers: [.duplicates], [
                seed(), merge(DuplicateGroup(keepId: id(501), duplicateIds: [id(509), id(503)])), groups(nil),
            ]),
            // 502 has one attachment and no custom value; 509, enriched, three attachments (one has 502's file name
            // in another case: FILENAME is NOCASE, so it stays) and two custom values: two of each move, in id order.
            SliceScenario("a keeper takes two attachments and two custom values", covers: [.duplicates], [
                seed(), enrich(509), merge(DuplicateGroup(keepId: id(502), duplicateIds: [id(509)])), groups(nil),
            ]),
            // 505 (no notes) and 506 (notes) are duplicates, and 506 is kept. One attachment, or one custom value, on
            // 505 ties them, and a tie keeps the lower id: the keeper changes only when the count of what was added
            // is right (each alone: with both, 505 would be kept even if one count were wrong).
            SliceScenario("an attachment alone decides the keeper", covers: [.duplicates], [
                seed(), groups(nil), addOne(attachment: true, to: 505), groups(nil),
            ]),
            SliceScenario("a custom value alone decides the keeper", covers: [.duplicates], [
                seed(), addOne(attachment: false, to: 505), groups(nil),
            ]),
            SliceScenario("invalid groups are refused", covers: [.duplicates], [
                seed(), merge(DuplicateGroup(keepId: id(501), duplicateIds: [])),
                merge(DuplicateGroup(keepId: id(501), duplicateIds: [id(501)])),
                merge(DuplicateGroup(keepId: id(501), duplicateIds: [id(504)])),
                merge(DuplicateGroup(keepId: id(501), duplicateIds: [id(507)])),
                merge(DuplicateGroup(keepId: id(501), duplicateIds: [id(508)])),
                merge(DuplicateGroup(keepId: 1, duplicateIds: [id(999)])), groups(nil),
            ]),
            SliceScenario("units of work", covers: [.duplicates], [
                seed(), rolledBack(), groups(nil), readAfterMerge(), mergeGroup(0, dryRun: false), groups(nil),
            ]),
        ]
    }

    static var generator: OperationGenerator<any MMEXSession> {
        .weighted([
            (2, OperationGenerator { _ in seed() }),
            (4, OperationGenerator { random in groups(random.chance(1, in: 3) ? importAccount : nil) }),
            (4, OperationGenerator { random in mergeGroup(random.int(in: 0...5), dryRun: random.chance(1, in: 3)) }),
            (1, OperationGenerator { random in mergeAll(dryRun: random.chance(1, in: 2)) }),
            (1, OperationGenerator { _ in rolledBack() }),
            (1, OperationGenerator { random in
                merge(DuplicateGroup(keepId: id(Int64(random.int(in: 501...509))), duplicateIds: [id(Int64(random.int(in: 501...509)))]))
            }),
        ])
    }
}

// MARK: The slice's place in the port and its repositories

extension RepositorySlice {
    /// Finding and merging duplicate transactions.
    package static let duplicates = RepositorySlice("duplicates", stage: 7)
}

extension MMEXRepository {
    /// `DuplicateRepository`, vended by both drivers.
    package static let duplicates = MMEXRepository(DuplicateRepositoryKey.self)
}
