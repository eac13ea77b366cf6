import MMEXModel
import MMEXSessionSupport
import ReaderWriterDriver

/// `BILLSDEPOSITS_V1` with its split lines (`BUDGETSPLITTRANSACTIONS_V1`) on the reader/writer driver: SQL on the
/// unit's `db`. Every multi-row change runs inside the caller's `write`, so a schedule and its splits commit or roll
/// back together.
struct ReaderWriterScheduledRepository: ScheduledRepository {
    let unit: ReaderWriterUnit
    private typealias Schedules = StoredRecordSQL<ScheduledTransaction>
    private typealias Splits = StoredRecordSQL<ScheduledSplit>

    private func detail(_ db: Database, _ schedule: ScheduledTransaction) throws -> ScheduledDetail {
        let lines = try Splits.fetchAll(db, Splits.selection + " WHERE TRANSID = ? ORDER BY SPLITTRANSID", [schedule.id])
        return ScheduledDetail(scheduled: schedule, splits: lines)
    }

    func scheduled() throws -> [ScheduledDetail] {
        try unit.run { db in
            try Schedules.fetchAll(db, Schedules.selection + " ORDER BY NEXTOCCURRENCEDATE, BDID").map { try detail(db, $0) }
        }
    }

    func scheduled(id: Int64) throws -> ScheduledDetail? {
        try unit.run { db in try Schedules.find(db, id: id).map { try detail(db, $0) } }
    }

    func due(onOrBefore day: CalendarDay) throws -> [ScheduledDetail] {
        try unit.run { db in
            try Schedules.fetchAll(
                db, Schedules.selection + " WHERE NEXTOCCURRENCEDATE < ? ORDER BY NEXTOCCURRENCEDATE, BDID",
                [DayBounds.after(day)]
            ).map { try detail(db, $0) }
        }
    }

    /// Inserts the split lines of schedule `id`, returned in `SPLITTRANSID` order as a later read lists them.
    private func insertSplits(_ db: Database, _ lines: [ScheduledSplit], of id: Int64) throws -> [ScheduledSplit] {
        try lines.map { line in
            var owned = line
            owned.scheduledId = id
            return try Splits.insert(db, owned, minter: unit.minter)
        }
        .sorted { $0.id < $1.id }
    }

    func insert(_ detail: ScheduledDetail) throws -> ScheduledDetail {
        try unit.run { db in
            let stored = try Schedules.insert(db, detail.scheduled, minter: unit.minter)
            return ScheduledDetail(scheduled: stored, splits: try insertSplits(db, detail.splits, of: stored.id))
        }
    }

    func update(_ detail: ScheduledDetail) throws -> ScheduledDetail {
        try unit.run { db in
            let id = detail.scheduled.id
            guard try Schedules.update(db, detail.scheduled) else { throw ScheduleAdvance.missing(id) }
            try db.execute(sql: "DELETE FROM BUDGETSPLITTRANSACTIONS_V1 WHERE TRANSID = ?", arguments: [id])
            return ScheduledDetail(scheduled: detail.scheduled, splits: try insertSplits(db, detail.splits, of: id))
        }
    }

    private func delete(_ db: Database, _ id: Int64) throws -> Bool {
        try db.execute(sql: "DELETE FROM BUDGETSPLITTRANSACTIONS_V1 WHERE TRANSID = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM BILLSDEPOSITS_V1 WHERE BDID = ?", arguments: [id])
        return db.changesCount > 0
    }

    func deleteScheduled(id: Int64) throws -> Bool {
        try unit.run { db in try delete(db, id) }
    }

    func skipNextOccurrence(id: Int64) throws -> ScheduledDetail? {
        try unit.run { db in
            guard let schedule = try Schedules.find(db, id: id) else { return nil }
            return try advance(db, id, to: try ScheduleAdvance.advanced(schedule))
        }
    }

    func enterNextOccurrence(id: Int64) throws -> EnteredOccurrence? {
        try unit.run { db in
            guard let schedule = try Schedules.find(db, id: id) else { return nil }
            let plan = try ScheduleEntry.plan(try detail(db, schedule))
            let transaction = try ReaderWriterTransactionRepository(unit: unit).insert(plan.transaction)
            return EnteredOccurrence(transaction: transaction, scheduled: try advance(db, id, to: plan.advanced))
        }
    }

    /// Writes the schedule's row after an occurrence (``ScheduleAdvance/advanced(_:)``), or deletes the finished
    /// schedule with its splits (`advanced` `nil`); returns the schedule as stored afterwards.
    private func advance(_ db: Database, _ id: Int64, to advanced: ScheduledTransaction?) throws -> ScheduledDetail? {
        guard let advanced else {
            _ = try delete(db, id)
            return nil
        }
        try db.execute(
            sql: "UPDATE BILLSDEPOSITS_V1 SET NEXTOCCURRENCEDATE = ?, TRANSDATE = ?, NUMOCCURRENCES = ? WHERE BDID = ?",
            arguments: [advanced.nextOccurrenceDate?.rawValue, advanced.date?.rawValue, advanced.occurrences, id]
        )
        return try detail(db, advanced)
    }
}

/// Vends the repository in reader/writer units of work (`context.scheduled`).
extension ScheduledRepositoryKey: ReaderWriterReadableRepositoryKey {
    package static func reading(in unit: ReaderWriterUnit) -> any ScheduledReading {
        ReaderWriterScheduledRepository(unit: unit)
    }
    package static func writing(in unit: ReaderWriterUnit) -> any ScheduledRepository {
        ReaderWriterScheduledRepository(unit: unit)
    }
}
