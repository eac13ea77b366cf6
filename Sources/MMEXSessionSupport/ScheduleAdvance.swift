import MMEXModel
import PersistenceSession

/// What skipping a scheduled transaction's next occurrence does to its row, decided once for both drivers (each
/// then writes it in its own idiom).
public enum ScheduleAdvance {
    /// The row after its next occurrence was skipped: `NEXTOCCURRENCEDATE` and `TRANSDATE` on the following
    /// occurrence (`YYYY-MM-DD`), `NUMOCCURRENCES` counted down when it counts; `nil` when the schedule is finished.
    ///
    /// - Throws: ``PersistenceError/invalidUse(_:)`` for a repeat code ``ScheduleRecurrence`` does not support, or a
    ///   `NEXTOCCURRENCEDATE` that is not a day.
    public static func advanced(_ schedule: ScheduledTransaction) throws -> ScheduledTransaction? {
        let recurrence = ScheduleRecurrence(repeats: schedule.repeats, occurrences: schedule.occurrences)
        guard recurrence.isSupported else {
            throw PersistenceError.invalidUse(
                "scheduled transaction \(schedule.id) repeats with code \(schedule.repeats.map(String.init) ?? "NULL") "
                    + "and \(schedule.occurrences.map(String.init) ?? "NULL") occurrences, which this toolkit cannot advance"
            )
        }
        guard let day = schedule.nextOccurrenceDate?.day else {
            throw PersistenceError.invalidUse(
                "scheduled transaction \(schedule.id) has no next occurrence date that is a day: "
                    + (schedule.nextOccurrenceDate?.rawValue.debugDescription ?? "NULL")
            )
        }
        guard let next = recurrence.occurrence(after: day) else { return nil }
        var advanced = schedule
        advanced.nextOccurrenceDate = MMEXDate(next)
        advanced.date = MMEXDate(next)
        advanced.occurrences = recurrence.occurrencesAfterAdvance(stored: schedule.occurrences)
        return advanced
    }

    /// The error for an update of a schedule that is not stored.
    public static func missing(_ id: Int64) -> PersistenceError {
        .invalidUse("there is no scheduled transaction with id \(id)")
    }
}
