import Foundation
import MMEXModel
import PersistenceSession
import TestSupport
import Testing

/// Slice 4 (scheduled transactions, budgets): splits and entries stay consistent with what owns them, on each session.
@Suite("Scheduled transactions and budgets repositories")
struct ScheduledAndBudgetTests {
    private func monthly(_ count: Int64?) -> ScheduledDetail {
        ScheduledDetail(
            scheduled: ScheduledTransaction(
                id: 0, accountId: 1, payeeId: 1, code: .withdrawal, amount: 10, date: "2024-01-31T00:00:00", repeats: 103,
                nextOccurrenceDate: "2024-01-31T00:00:00", occurrences: count
            ),
            splits: [
                ScheduledSplit(id: 0, scheduledId: 0, categoryId: 3, amount: 4),
                ScheduledSplit(id: 0, scheduledId: 0, categoryId: 4, amount: .real(6.5)),
            ]
        )
    }

    @Test("insert points the splits at the new schedule; update replaces them; delete takes them", arguments: Driver.allCases)
    func splitsFollowTheirSchedule(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try Files.plainCopy(in: folder)
        let session = try driver.open(path)
        defer { try? session.close() }
        let stored = try session.write { try $0.scheduled.insert(monthly(-1)) }
        #expect(stored.splits.allSatisfy { $0.scheduledId == stored.scheduled.id && !$0.isUnsaved })
        #expect(try session.read { try $0.scheduled.scheduled(id: stored.scheduled.id) } == stored)
        var changed = stored
        changed.splits = [ScheduledSplit(id: 0, scheduledId: 0, categoryId: 9, amount: 10)]
        let updated = try session.write { try $0.scheduled.update(changed) }
        #expect(try session.read { try $0.scheduled.scheduled(id: stored.scheduled.id)?.splits } == updated.splits)
        #expect(updated.splits.count == 1 && updated.splits[0].categoryId == 9)
        #expect(throws: ScenarioError.self) {
            try session.write { context in
                try context.scheduled.deleteScheduled(id: stored.scheduled.id)
                throw ScenarioError()
            }
        }
        #expect(try session.read { try $0.scheduled.scheduled(id: stored.scheduled.id) } != nil, "rolled back together")
        #expect(try session.write { try $0.scheduled.deleteScheduled(id: stored.scheduled.id) })
        try session.close()
        let orphans = try Files.scalar(path, "SELECT count(*) FROM BUDGETSPLITTRANSACTIONS_V1 WHERE TRANSID = \(stored.scheduled.id)")
        #expect(orphans == .integer(0))
    }

    @Test("skipping moves both dates to the next occurrence, counts down, and finishes the schedule", arguments: Driver.allCases)
    func skipping(driver: Driver) throws {
        let session = try driver.sample()
        defer { try? session.close() }
        let stored = try session.write { try $0.scheduled.insert(monthly(2)) }
        let id = stored.scheduled.id
        let first = try #require(try session.write { try $0.scheduled.skipNextOccurrence(id: id) })
        #expect(first.scheduled.nextOccurrenceDate == "2024-02-29" && first.scheduled.date == "2024-02-29")
        #expect(first.scheduled.occurrences == 1 && first.splits == stored.splits, "splits stay with the schedule")
        #expect(try session.write { try $0.scheduled.skipNextOccurrence(id: id) } == nil, "the last occurrence finishes it")
        #expect(try session.read { try $0.scheduled.scheduled(id: id) } == nil)
        var odd = monthly(-1)
        odd.scheduled.repeats = 42
        let unsupported = try session.write { try $0.scheduled.insert(odd) }
        #expect(throws: PersistenceError.self) {
            try session.write { try $0.scheduled.skipNextOccurrence(id: unsupported.scheduled.id) }
        }
        let day = try #require(CalendarDay(iso: "2024-01-31"))
        #expect(try session.read { try $0.scheduled.due(onOrBefore: day).map(\.scheduled.id) } == [unsupported.scheduled.id])
    }

    @Test("one budget entry per year and category (NULL category included); a year goes with its entries", arguments: Driver.allCases)
    func budgetEntries(driver: Driver) throws {
        let session = try driver.sample()
        defer { try? session.close() }
        let year = try session.write { try $0.budgets.insert(BudgetYear(id: 0, name: "2030")) }
        let entry = BudgetEntry(id: 0, budgetYearId: year.id, categoryId: nil, period: "Monthly", amount: -100)
        let first = try session.write { try $0.budgets.setEntry(entry) }
        var again = entry
        again.amount = .real(-99.5)
        let second = try session.write { try $0.budgets.setEntry(again) }
        #expect(second.id == first.id)
        #expect(try session.read { try $0.budgets.entries(budgetYearId: year.id).map(\.amount) } == [.real(-99.5)])
        #expect(try session.read { try $0.budgets.budgetYear(named: "2030") } == year)
        #expect(try session.write { try $0.budgets.deleteBudgetYear(id: year.id) })
        #expect(try session.read { try $0.budgets.entries(budgetYearId: year.id) }.isEmpty)
    }
}

private struct ScenarioError: Error {}
