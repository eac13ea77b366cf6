/// A scheduled transaction with its split lines.
public struct ScheduledDetail: Sendable, Hashable, Codable {
    public var scheduled: ScheduledTransaction
    public var splits: [ScheduledSplit]

    public init(scheduled: ScheduledTransaction, splits: [ScheduledSplit] = []) {
        self.scheduled = scheduled
        self.splits = splits
    }
}

/// Reads scheduled transactions (`BILLSDEPOSITS_V1`, `BUDGETSPLITTRANSACTIONS_V1`). Slice 4.
public protocol ScheduledReading {
    /// Every scheduled transaction, by next occurrence.
    func scheduled() throws -> [ScheduledDetail]
    func scheduled(id: Int64) throws -> ScheduledDetail?
    /// Those due on or before `day`.
    func due(onOrBefore day: CalendarDay) throws -> [ScheduledDetail]
}

/// Writes scheduled transactions.
public protocol ScheduledRepository: ScheduledReading {
    @discardableResult func insert(_ detail: ScheduledDetail) throws -> ScheduledDetail
    @discardableResult func update(_ detail: ScheduledDetail) throws -> ScheduledDetail
    @discardableResult func deleteScheduled(id: Int64) throws -> Bool
    /// Enters the next occurrence as a transaction and advances (or finishes) the schedule, in one unit of work.
    @discardableResult func enterNextOccurrence(id: Int64) throws -> TransactionDetail
    /// Skips the next occurrence.
    func skipNextOccurrence(id: Int64) throws
}
