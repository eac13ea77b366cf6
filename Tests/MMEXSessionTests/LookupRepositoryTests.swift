import Foundation
import MMEXModel
import MMEXSession
import PersistenceSession
import SQLiteEngine
import TestSupport
import Testing

/// Slice 2's lookups (payees, categories, tags) on each session, on a copy of the committed fixture: NOCASE names,
/// unique-name clashes, the category tree's order, "is used" by every kind of user, and deletes refused while in use.
@Suite("Payee, category and tag repositories")
struct LookupRepositoryTests {
    /// The violation inside a `constraintViolated` error, or `nil`.
    private func violation(_ body: () throws -> Void) -> ConstraintViolation? {
        do {
            try body()
        } catch PersistenceError.constraintViolated(let violation) {
            return violation
        } catch {
            Issue.record("expected a constraint violation, got \(error)")
        }
        return nil
    }

    @Test("payees: NOCASE folds ASCII only; a clash on insert or rename is the unique error on PAYEENAME", arguments: Driver.allCases)
    func payeeNames(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let session = try driver.open(try Files.plainCopy(in: folder))
        defer { try? session.close() }
        try session.read { (context) throws in
            let payees = context.payees
            #expect(try payees.payee(named: "rewe")?.id == 1)
            #expect(try payees.payee(named: "Rewe ") == nil, "a trailing space is another name")
            #expect(try payees.payee(named: "CAFÉ LUMIÈRE")?.id == 1_719_835_200_000_386, "É does not fold to é")
            let names = try payees.payees().map(\.name)
            #expect(names.count == 37)
            #expect(Array(names.prefix(3)) == ["Aldi Süd", "Allianz", "Amazon"])
        }
        let clash = violation { _ = try session.write { try $0.payees.insert(Payee(id: 0, name: "REWE")) } }
        #expect(clash?.kind == .unique && clash?.table == "PAYEE_V1" && clash?.columns == ["PAYEENAME"])
        let renamed = violation { try session.write { try $0.payees.update(Payee(id: 2, name: "rewe")) } }
        #expect(renamed?.kind == .unique)
        #expect(try session.read { try $0.payees.payee(id: 2)?.name } == "Aldi Süd", "the failed rename changed nothing")
        let inserted = try session.write { try $0.payees.insert(Payee(id: 0, name: "rewe ", categoryId: 72)) }
        #expect(!inserted.isUnsaved)
        #expect(try session.read { try $0.payees.defaultCategory(payeeId: inserted.id)?.name } == "Espresso")
        #expect(try session.read { try $0.payees.defaultCategory(payeeId: 9) } == nil, "CATEGID -1 names no category")
    }

    @Test("payees: deleting one a transaction or a schedule uses is refused and changes nothing", arguments: Driver.allCases)
    func payeeDeletes(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try Files.plainCopy(in: folder)
        let session = try driver.open(path)
        defer { try? session.close() }
        let used = violation { _ = try session.write { try $0.payees.deletePayee(id: 1) } }
        #expect(used?.kind == .foreignKey && used?.table == "PAYEE_V1")
        #expect(used?.message.contains("CHECKINGACCOUNT_V1") == true)
        let scheduledOnly = try session.write { context -> Int64 in
            let payee = try context.payees.insert(Payee(id: 0, name: "DP Landlord"))
            try context.scheduled.insert(ScheduledDetail(scheduled: ScheduledTransaction(
                id: 0, accountId: 1, payeeId: payee.id, code: .withdrawal, amount: 900, repeats: 3, nextOccurrenceDate: "2030-01-01"
            )))
            return payee.id
        }
        let bySchedule = violation { _ = try session.write { try $0.payees.deletePayee(id: scheduledOnly) } }
        #expect(bySchedule?.message.contains("BILLSDEPOSITS_V1") == true)
        #expect(try session.write { try $0.payees.deletePayee(id: 22) }, "an unused payee goes")
        #expect(try session.write { try $0.payees.deletePayee(id: 22) } == false, "and is gone")
        try session.close()
        #expect(try Files.scalar(path, "SELECT count(*) FROM PAYEE_V1 WHERE PAYEEID IN (1, \(scheduledOnly))") == .integer(2))
    }

    @Test("categories: the tree is the top level and its children, each by name NOCASE then id", arguments: Driver.allCases)
    func categoryTree(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let session = try driver.open(try Files.plainCopy(in: folder))
        defer { try? session.close() }
        try session.write { (context) throws in
            let categories = context.categories
            let top = try categories.insert(Category(id: 0, name: "aardvark", parentId: nil))
            let child = try categories.insert(Category(id: 0, name: "B child", parentId: top.id))
            try categories.insert(Category(id: 0, name: "a child", parentId: top.id))
            try categories.insert(Category(id: 0, name: "grandchild", parentId: child.id))
        }
        let tree = try session.read { try $0.categories.tree() }
        #expect(tree.first?.category.name == "aardvark", "a NULL parent is top level; NOCASE puts it before 'Automobile'")
        #expect(tree.first?.children.map(\.name) == ["a child", "B child"], "the grandchild is not in the two-level tree")
        let bills = try #require(tree.first { $0.category.id == 1 })
        #expect(bills.children.map(\.name) == ["Cable TV", "Electricity", "Gas", "Internet", "Rent", "Streaming", "Telephone", "Water"])
        let topNames = tree.map { $0.category.name.lowercased() }
        #expect(topNames.count == 27)
        #expect(Array(topNames.prefix(3)) == ["aardvark", "automobile", "bills"])
        try session.read { (context) throws in
            let categories = context.categories
            #expect(try categories.category(named: "GAS", parentId: 16)?.id == 18, "NOCASE, under the given parent")
            #expect(try categories.category(named: "gas", parentId: 1)?.id == 4)
            #expect(try categories.category(named: "gas", parentId: -1) == nil)
            #expect(try categories.category(named: "AARDVARK", parentId: -1) != nil, "NULL PARENTID is looked up as -1")
        }
        let clash = violation { _ = try session.write { try $0.categories.insert(Category(id: 0, name: "bills", parentId: -1)) } }
        #expect(clash?.kind == .unique && clash?.table == "CATEGORY_V1")
        #expect(try session.write { try $0.categories.insert(Category(id: 0, name: "Bills", parentId: 9)) }.parentId == 9)
    }

    @Test("categories: used by a payee, transaction, split, schedule, schedule split or budget entry", arguments: Driver.allCases)
    func categoryUse(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let session = try driver.open(try Files.plainCopy(in: folder))
        defer { try? session.close() }
        let users: [(String, (any MMEXWriteContext, Int64) throws -> Void)] = [
            ("payee", { context, id in try context.payees.insert(Payee(id: 0, name: "DP Payee \(id)", categoryId: id)) }),
            ("transaction", { context, id in
                try context.transactions.insert(TransactionDetail(transaction: AccountTransaction(
                    id: 0, accountId: 1, payeeId: 1, code: .withdrawal, amount: 5, categoryId: id, date: "2024-01-01"
                )))
            }),
            ("split", { context, id in
                try context.transactions.insert(TransactionDetail(
                    transaction: AccountTransaction(id: 0, accountId: 1, payeeId: 1, code: .withdrawal, amount: 5, categoryId: -1),
                    splits: [TransactionSplit(id: 0, transactionId: 0, categoryId: id, amount: 5)]
                ))
            }),
            ("schedule", { context, id in
                try context.scheduled.insert(ScheduledDetail(scheduled: ScheduledTransaction(
                    id: 0, accountId: 1, payeeId: 1, code: .withdrawal, amount: 5, categoryId: id, repeats: 3
                )))
            }),
            ("schedule split", { context, id in
                try context.scheduled.insert(ScheduledDetail(
                    scheduled: ScheduledTransaction(id: 0, accountId: 1, payeeId: 1, code: .withdrawal, amount: 5, repeats: 3),
                    splits: [ScheduledSplit(id: 0, scheduledId: 0, categoryId: id, amount: 5)]
                ))
            }),
            ("budget", { context, id in
                try context.budgets.setEntry(BudgetEntry(id: 0, budgetYearId: 1, categoryId: id, period: "Monthly", amount: 10))
            }),
        ]
        for (kind, use) in users {
            let id = try session.write { try $0.categories.insert(Category(id: 0, name: "DP \(kind)", parentId: -1)).id }
            #expect(try session.read { try $0.categories.isUsed(categoryId: id) } == false, "\(kind): unused at first")
            try session.write { try use($0, id) }
            #expect(try session.read { try $0.categories.isUsed(categoryId: id) }, "\(kind) uses it")
            let refused = violation { _ = try session.write { try $0.categories.deleteCategory(id: id) } }
            #expect(refused?.kind == .foreignKey, "\(kind)")
        }
        #expect(try session.read { try $0.categories.isUsed(categoryId: 82) } == false)
    }

    @Test("categories: delete takes the whole unused subtree, and refuses one with a used member", arguments: Driver.allCases)
    func categoryDeletes(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try Files.plainCopy(in: folder)
        let session = try driver.open(path)
        defer { try? session.close() }
        let refused = violation { _ = try session.write { try $0.categories.deleteCategory(id: 25) } }
        #expect(refused?.message == "CATEGORY_V1 row 26 is used by PAYEE_V1", "names the used child and its first user")
        #expect(try session.read { try $0.categories.category(id: 25) } != nil, "nothing deleted")
        let ids = try session.write { context -> [Int64] in
            let categories = context.categories
            let top = try categories.insert(Category(id: 0, name: "DP Top", parentId: -1))
            let child = try categories.insert(Category(id: 0, name: "DP Child", parentId: top.id))
            let grandchild = try categories.insert(Category(id: 0, name: "DP Grandchild", parentId: child.id))
            return [top.id, child.id, grandchild.id]
        }
        #expect(try session.write { try $0.categories.deleteCategory(id: ids[0]) })
        #expect(try session.read { context in try ids.compactMap { try context.categories.category(id: $0) } }.isEmpty)
        #expect(try session.write { try $0.categories.deleteCategory(id: -1) } == false, "-1 is no category: the top level stays")
        #expect(try session.write { try $0.categories.deleteCategory(id: 82) })
        try session.close()
        #expect(try Files.scalar(path, "SELECT count(*) FROM CATEGORY_V1") == .integer(96))
    }

    @Test("tags: NOCASE names, idempotent links, a missing tag refused, delete takes the links", arguments: Driver.allCases)
    func tags(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try Files.plainCopy(in: folder)
        let session = try driver.open(path)
        defer { try? session.close() }
        try session.read { (context) throws in
            let tags = context.tags
            #expect(try tags.tag(named: "URLAUB")?.id == 1)
            #expect(try tags.tag(named: "Été") == nil, "É does not fold")
            #expect(try tags.tags(refType: "Transaction", refId: 50).map(\.name) == ["Tax-deductible", "家族"])
        }
        let clash = violation { _ = try session.write { try $0.tags.insert(Tag(id: 0, name: "urlaub")) } }
        #expect(clash?.kind == .unique && clash?.columns == ["TAGNAME"])
        let first = try session.write { try $0.tags.link(tagId: 2, refType: "Transaction", refId: 50) }
        let again = try session.write { try $0.tags.link(tagId: 2, refType: "Transaction", refId: 50) }
        #expect(first == again, "linking twice returns the same link")
        #expect(try session.read { try $0.tags.tags(refType: "Transaction", refId: 50).map(\.id) } == [2, 3, 7])
        let missing = violation { _ = try session.write { try $0.tags.link(tagId: 999_999, refType: "Transaction", refId: 50) } }
        #expect(missing?.table == "TAG_V1")
        #expect(try session.write { try $0.tags.unlink(tagId: 2, refType: "Transaction", refId: 50) })
        #expect(try session.write { try $0.tags.unlink(tagId: 2, refType: "Transaction", refId: 50) } == false)
        #expect(try session.write { try $0.tags.deleteTag(id: 5) })
        #expect(try session.read { try $0.tags.tags(refType: "Transaction", refId: 27) }.isEmpty)
        try session.close()
        #expect(try Files.scalar(path, "SELECT count(*) FROM TAGLINK_V1 WHERE TAGID = 5") == .integer(0))
    }
}
