import Foundation
import MMEXModel
import PersistenceSession
import SQLiteEngine
import TestSupport
import Testing

/// "Enter next occurrence" on each session: the transaction with the schedule's splits is written and the schedule
/// advanced in the one unit of work, or neither.
@Suite("Entering a schedule's next occurrence")
struct EnterOccurrenceTests {
    private func monthly(_ count: Int64?, repeats: Int64 = 103) -> ScheduledDetail {
        ScheduledDetail(
            scheduled: ScheduledTransaction(
                id: 0, accountId: 1, toAccountId: 2, payeeId: 3, code: .transfer, amount: 10, status: .reconciled,
                number: "42", notes: "rent", categoryId: 6, date: "2024-01-31T00:00:00", followUpId: 7, toAmount: .real(10.5),
                repeats: repeats, nextOccurrenceDate: "2024-01-31T00:00:00", occurrences: count, color: 4
            ),
            splits: [
                ScheduledSplit(id: 0, scheduledId: 0, categoryId: 3, amount: 4, notes: "power"),
                ScheduledSplit(id: 0, scheduledId: 0, categoryId: 4, amount: .real(6.5)),
            ]
        )
    }

    private struct Abort: Error {}

    @Test("writes the transaction from the schedule with its splits, then advances as skipping does", arguments: Driver.allCases)
    func entersAndAdvances(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try Files.plainCopy(in: folder)
        let session = try driver.open(path)
        defer { try? session.close() }
        let stored = try session.write { try $0.scheduled.insert(monthly(2)) }
        let id = stored.scheduled.id
        let entered = try #require(try session.write { try $0.scheduled.enterNextOccurrence(id: id) })
        let transaction = entered.transaction.transaction
        #expect(!transaction.isUnsaved)
        #expect(transaction.date == "2024-01-31", "the occurrence's day")
        #expect(transaction.accountId == 1 && transaction.toAccountId == 2 && transaction.payeeId == 3)
        #expect(transaction.code == .transfer && transaction.amount == 10 && transaction.toAmount == .real(10.5))
        #expect(transaction.status == .reconciled && transaction.number == "42" && transaction.notes == "rent")
        #expect(transaction.categoryId == 6 && transaction.followUpId == 7 && transaction.color == 4)
        #expect(entered.transaction.splits.map(\.categoryId) == [3, 4] || entered.transaction.splits.map(\.categoryId) == [4, 3])
        #expect(entered.transaction.splits.allSatisfy { $0.transactionId == transaction.id && !$0.isUnsaved })
        #expect(try session.read { try $0.transactions.transaction(id: transaction.id) } == entered.transaction)
        let after = try #require(entered.scheduled)
        #expect(after.scheduled.nextOccurrenceDate == "2024-02-29" && after.scheduled.occurrences == 1)
        #expect(after.splits == stored.splits, "the schedule keeps its splits")

        let last = try #require(try session.write { try $0.scheduled.enterNextOccurrence(id: id) })
        #expect(last.transaction.transaction.date == "2024-02-29")
        #expect(last.scheduled == nil, "the last occurrence finishes the schedule")
        #expect(try session.write { try $0.scheduled.enterNextOccurrence(id: id) } == nil, "no such schedule: nothing")
        try session.close()
        #expect(try Files.scalar(path, "SELECT count(*) FROM CHECKINGACCOUNT_V1") == .integer(202))
        #expect(try Files.scalar(path, "SELECT typeof(TRANSDATE) || ':' || TRANSDATE FROM CHECKINGACCOUNT_V1 WHERE TRANSID = \(transaction.id)") == .text("text:2024-01-31"))
        #expect(try Files.scalar(path, "SELECT count(*) FROM SPLITTRANSACTIONS_V1 WHERE TRANSID = \(transaction.id)") == .integer(2))
        #expect(try Files.scalar(path, "SELECT count(*) FROM BUDGETSPLITTRANSACTIONS_V1 WHERE TRANSID = \(id)") == .integer(0))
    }

    @Test("the transaction and the advance commit or roll back together", arguments: Driver.allCases)
    func oneUnitOfWork(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try Files.plainCopy(in: folder)
        let session = try driver.open(path)
        defer { try? session.close() }
        let stored = try session.write { try $0.scheduled.insert(monthly(-1)) }
        #expect(throws: Abort.self) {
            try session.write { context in
                try context.scheduled.enterNextOccurrence(id: stored.scheduled.id)
                throw Abort()
            }
        }
        #expect(try session.read { try $0.scheduled.scheduled(id: stored.scheduled.id) } == stored, "not advanced")
        var odd = monthly(-1, repeats: 42)
        odd.scheduled.accountId = 3
        let unsupported = try session.write { try $0.scheduled.insert(odd) }
        let outcome = try session.write { context -> String in
            do {
                try context.scheduled.enterNextOccurrence(id: unsupported.scheduled.id)
                return "entered"
            } catch let error as PersistenceError {
                return "\(error)"
            }
        }
        #expect(outcome.contains("cannot advance"), "refused before writing, even when the caller goes on and commits")
        try session.close()
        #expect(try Files.scalar(path, "SELECT count(*) FROM CHECKINGACCOUNT_V1") == .integer(200))
    }
}
