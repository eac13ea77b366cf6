/// A scheduled transaction with its split lines.
public struct ScheduledDetail: Sendable, Hashable, Codable {
    public var scheduled: ScheduledTransaction
    public var splits: [ScheduledSplit]

    public init(scheduled: ScheduledTransaction, splits: [ScheduledSplit] = []) {
        self.scheduled = scheduled
        self.splits = splits
    }
}

/// What entering a schedule's next occurrence wrote: the new transaction and the schedule afterwards.
public struct EnteredOccurrence: Sendable, Hashable, Codable {
    /// The transaction as stored in `CHECKINGACCOUNT_V1`, with its splits.
    public var transaction: TransactionDetail
    /// The schedule as stored afterwards (`nil`: that was its last occurrence, and it was deleted).
    public var scheduled: ScheduledDetail?

    public init(transaction: TransactionDetail, scheduled: ScheduledDetail?) {
        self.transaction = transaction
        self.scheduled = scheduled
    }
}

/// Reads scheduled transactions (`BILLSDEPOSITS_V1`, `BUDGETSPLITTRANSACTIONS_V1`). Slice 4.
public protocol ScheduledReading {
    /// Every scheduled transaction, by `NEXTOCCURRENCEDATE` then `BDID`, each with its splits by `SPLITTRANSID`.
    func scheduled() throws -> [ScheduledDetail]
    func scheduled(id: Int64) throws -> ScheduledDetail?
    /// Those whose `NEXTOCCURRENCEDATE` (its first ten characters) is on or before `day`, in the same order.
    func due(onOrBefore day: CalendarDay) throws -> [ScheduledDetail]
}

/// Writes scheduled transactions.
///
/// Splits are written with their schedule in the same unit of work: insert mints the schedule's id (when unsaved),
/// points every split at it and mints the splits' ids; update replaces the stored split lines with the given ones
/// (both return the splits in `SPLITTRANSID` order, as a later read lists them);
/// delete removes the splits too.
public protocol ScheduledRepository: ScheduledReading {
    @discardableResult func insert(_ detail: ScheduledDetail) throws -> ScheduledDetail
    @discardableResult func update(_ detail: ScheduledDetail) throws -> ScheduledDetail
    /// Deletes a schedule with its splits. Returns whether it existed.
    @discardableResult func deleteScheduled(id: Int64) throws -> Bool
    /// Skips the next occurrence: moves `NEXTOCCURRENCEDATE` and `TRANSDATE` to the occurrence after it and
    /// counts `NUMOCCURRENCES` down (see ``ScheduleRecurrence``), or, when that was the last one, deletes the schedule
    /// with its splits. Returns the schedule as stored afterwards (`nil`: finished and deleted, or no such id).
    ///
    /// - Throws: ``PersistenceError/invalidUse(_:)`` for a repeat code ``ScheduleRecurrence`` does not support or a
    ///   next occurrence date that is not a `YYYY-MM-DD` day.
    @discardableResult func skipNextOccurrence(id: Int64) throws -> ScheduledDetail?
    /// Enters the next occurrence (MMEX's "Enter next occurrence"): writes a `CHECKINGACCOUNT_V1` transaction from
    /// the schedule (account, to-account, payee, code, amount and to-amount, status, number, notes, category,
    /// follow-up, colour; `TRANSDATE` the occurrence's day as `YYYY-MM-DD`; a minted id) with the schedule's split
    /// lines copied into `SPLITTRANSACTIONS_V1`, then advances the schedule exactly as ``skipNextOccurrence(id:)``
    /// does, all in the caller's unit of work. Returns the new transaction and the schedule afterwards (`nil`: no
    /// such id; nothing is written).
    ///
    /// - Throws: what ``skipNextOccurrence(id:)`` throws, before anything is written.
    @discardableResult func enterNextOccurrence(id: Int64) throws -> EnteredOccurrence?
}

/// Names scheduled transactions in the MMEX contexts: `context.scheduled` reads them in a read unit of work, and reads
/// and writes them in a write unit of work.
public enum ScheduledRepositoryKey: ReadableRepositoryKey {
    public typealias Reading = any ScheduledReading
    public typealias Writing = any ScheduledRepository
}

extension ReadRepositories {
    /// The reading side of ``ScheduledRepositoryKey``'s repository, in this unit of work.
    public var scheduled: any ScheduledReading { repository(ScheduledRepositoryKey.self) }
}

extension WriteRepositories {
    /// ``ScheduledRepositoryKey``'s repository, reads and writes, in this unit of work.
    public var scheduled: any ScheduledRepository { repository(ScheduledRepositoryKey.self) }
}
