import LegacyDriver
import MMEXModel
import MMEXSessionSupport

/// `BILLSDEPOSITS_V1` with its split lines (`BUDGETSPLITTRANSACTIONS_V1`) on the legacy driver (query builder on
/// the retained connection). Every multi-row change runs inside the caller's write unit of work, so a schedule and
/// its splits commit or roll back together.
struct LegacyScheduledRepository: ScheduledRepository {
    let unit: LegacyUnit
    private let schedules = LegacyRecordTable<ScheduledTransaction>()
    private let splits = LegacyRecordTable<ScheduledSplit>()

    private var nextOccurrence: SQLExpression<String?> { schedules.column("NEXTOCCURRENCEDATE") }
    private var owner: SQLExpression<Int64> { splits.column("TRANSID") }

    private func detail(_ schedule: ScheduledTransaction) throws -> ScheduledDetail {
        let lines = try unit.db.prepare(splits.selection.filter(owner == schedule.id).order(splits.id)).map(splits.record)
        return ScheduledDetail(scheduled: schedule, splits: lines)
    }

    private func find(_ id: Int64) throws -> ScheduledTransaction? {
        try unit.db.pluck(schedules.selection.filter(schedules.id == id)).map(schedules.record)
    }

    func scheduled() throws -> [ScheduledDetail] {
        try unit.run {
            try unit.db.prepare(schedules.selection.order(nextOccurrence, schedules.id)).map(schedules.record).map(detail)
        }
    }

    func scheduled(id: Int64) throws -> ScheduledDetail? {
        try unit.run { try find(id).map(detail) }
    }

    func due(onOrBefore day: CalendarDay) throws -> [ScheduledDetail] {
        try unit.run {
            let query = schedules.selection.filter(nextOccurrence < DayBounds.after(day)).order(nextOccurrence, schedules.id)
            return try unit.db.prepare(query).map(schedules.record).map(detail)
        }
    }

    /// Inserts the split lines of schedule `id` (each pointed at it; unsaved ones get minted ids), returned in
    /// `SPLITTRANSID` order as a later read lists them (minted ids need not grow).
    private func insertSplits(_ lines: [ScheduledSplit], of id: Int64) throws -> [ScheduledSplit] {
        try lines.map { line in
            var owned = line
            owned.scheduledId = id
            return try splits.insert(owned, unit)
        }
        .sorted { $0.id < $1.id }
    }

    func insert(_ detail: ScheduledDetail) throws -> ScheduledDetail {
        try unit.run {
            let stored = try schedules.insert(detail.scheduled, unit)
            return ScheduledDetail(scheduled: stored, splits: try insertSplits(detail.splits, of: stored.id))
        }
    }

    func update(_ detail: ScheduledDetail) throws -> ScheduledDetail {
        try unit.run {
            guard try schedules.update(detail.scheduled, unit) else { throw ScheduleAdvance.missing(detail.scheduled.id) }
            try unit.db.run(splits.table.filter(owner == detail.scheduled.id).delete())
            return ScheduledDetail(scheduled: detail.scheduled, splits: try insertSplits(detail.splits, of: detail.scheduled.id))
        }
    }

    private func delete(_ id: Int64) throws -> Bool {
        try unit.db.run(splits.table.filter(owner == id).delete())
        return try unit.db.run(schedules.table.filter(schedules.id == id).delete()) > 0
    }

    func deleteScheduled(id: Int64) throws -> Bool {
        try unit.run { try delete(id) }
    }

    func skipNextOccurrence(id: Int64) throws -> ScheduledDetail? {
        try unit.run {
            guard let schedule = try find(id) else { return nil }
            return try advance(id, to: try ScheduleAdvance.advanced(schedule))
        }
    }

    func enterNextOccurrence(id: Int64) throws -> EnteredOccurrence? {
        try unit.run {
            guard let schedule = try find(id) else { return nil }
            let plan = try ScheduleEntry.plan(try detail(schedule))
            let transaction = try LegacyTransactionRepository(unit: unit).insert(plan.transaction)
            return EnteredOccurrence(transaction: transaction, scheduled: try advance(id, to: plan.advanced))
        }
    }

    /// Writes the schedule's row after an occurrence (``ScheduleAdvance/advanced(_:)``), or deletes the finished
    /// schedule with its splits (`advanced` `nil`); returns the schedule as stored afterwards.
    private func advance(_ id: Int64, to advanced: ScheduledTransaction?) throws -> ScheduledDetail? {
        guard let advanced else {
            _ = try delete(id)
            return nil
        }
        try unit.db.run(
            schedules.table.filter(schedules.id == id).update(
                LegacyRecordTable<ScheduledTransaction>.setter("NEXTOCCURRENCEDATE", advanced.nextOccurrenceDate.map { .text($0.rawValue) } ?? .null),
                LegacyRecordTable<ScheduledTransaction>.setter("TRANSDATE", advanced.date.map { .text($0.rawValue) } ?? .null),
                LegacyRecordTable<ScheduledTransaction>.setter("NUMOCCURRENCES", advanced.occurrences.map { .integer($0) } ?? .null)
            )
        )
        return try detail(advanced)
    }
}

/// Vends the repository in legacy units of work (`context.scheduled`).
extension ScheduledRepositoryKey: LegacyReadableRepositoryKey {
    package static func reading(in unit: LegacyUnit) -> any ScheduledReading { LegacyScheduledRepository(unit: unit) }
    package static func writing(in unit: LegacyUnit) -> any ScheduledRepository {
        LegacyScheduledRepository(unit: unit)
    }
}
