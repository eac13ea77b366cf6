import MMEXModel
import PersistenceSession

/// What entering a scheduled transaction's next occurrence writes, decided once for both drivers (each then
/// inserts the transaction with its own transaction repository and advances the schedule with its own skip code).
public enum ScheduleEntry {
    /// The transaction to insert and the schedule's row afterwards (``ScheduleAdvance/advanced(_:)``; `nil`: the
    /// schedule is finished and is deleted).
    public struct Plan: Sendable {
        public let transaction: TransactionDetail
        public let advanced: ScheduledTransaction?
    }

    /// The plan for `detail`'s next occurrence: a new transaction (id 0, to be minted) copying the schedule's
    /// account, to-account, payee, code, amounts, status, number, notes, category, follow-up and colour, dated the
    /// occurrence's day (`YYYY-MM-DD`, as MMEX writes `TRANSDATE`), with one new split per schedule split (category,
    /// amount, notes).
    ///
    /// - Throws: what ``ScheduleAdvance/advanced(_:)`` throws (an unsupported repeat code, a next occurrence that is
    ///   not a day), so nothing is written for a schedule that cannot advance.
    public static func plan(_ detail: ScheduledDetail) throws -> Plan {
        let schedule = detail.scheduled
        let advanced = try ScheduleAdvance.advanced(schedule)
        guard let day = schedule.nextOccurrenceDate?.day else {
            throw PersistenceError.invalidUse("scheduled transaction \(schedule.id) has no next occurrence date that is a day")
        }
        let transaction = AccountTransaction(
            id: AccountTransaction.unsavedID, accountId: schedule.accountId, toAccountId: schedule.toAccountId,
            payeeId: schedule.payeeId, code: schedule.code, amount: schedule.amount, status: schedule.status,
            number: schedule.number, notes: schedule.notes, categoryId: schedule.categoryId, date: MMEXDate(day),
            followUpId: schedule.followUpId, toAmount: schedule.toAmount, color: schedule.color
        )
        let splits = detail.splits.map { line in
            TransactionSplit(
                id: TransactionSplit.unsavedID, transactionId: AccountTransaction.unsavedID, categoryId: line.categoryId,
                amount: line.amount, notes: line.notes
            )
        }
        return Plan(transaction: TransactionDetail(transaction: transaction, splits: splits), advanced: advanced)
    }
}
