import Differential
import MMEXModel
import MMEXSession
import PersistenceSession

/// The differential scenarios of the scheduled transactions slice (`BILLSDEPOSITS_V1` with its split lines in
/// `BUDGETSPLITTRANSACTIONS_V1`): listing and due dates, insert/update/delete keeping splits with their schedule,
/// skipping occurrences over every repeat code (supported and not), and entering them (the new transaction with its
/// splits, then the same advance, in one unit of work).
enum ScheduledScenarios {
    static var slice: PortedSlice {
        PortedSlice(
            slice: .scheduled, repositories: [.scheduled], handWritten: handWritten, random: generator,
            readBack: [SliceReadBack.scheduled]
        )
    }

    static let repeatCodes: [Int64?] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 103, 210, 99, nil, -1]
    static let occurrenceCounts: [Int64?] = [-1, 0, 1, 2, 3, 12, nil]
    /// Next-occurrence dates: month ends, a leap day, `T` times, text that is no date, NULL, and the corners of
    /// `due(onOrBefore:)` (which compares with the day after its day): each of ``days`` itself and the day after it.
    static let dates: [MMEXDate?] = [
        "2024-01-31", "2024-02-29", "2025-12-31", "2026-03-01T00:00:00", "2025-08-30", "someday", nil,
        "2024-01-01", "2024-01-02", "2025-12-22", "2025-12-23", "2026-03-02", "2030-01-02", "",
    ]
    static let amounts: [Amount] = [0, 45, .real(12.34), -3, .text("n/a")]
    static let days: [CalendarDay] = ["2024-01-01", "2025-12-22", "2026-03-01", "2030-01-01"].compactMap {
        CalendarDay(iso: $0)
    }

    static func schedule(_ random: inout SplitMix64) -> ScheduledTransaction {
        let next = random.element(of: dates) ?? nil
        return ScheduledTransaction(
            id: ScheduledTransaction.unsavedID, accountId: Int64(random.int(in: 1...4)),
            toAccountId: random.chance(1, in: 4) ? Int64(random.int(in: 1...4)) : nil, payeeId: Int64(random.int(in: 1...5)),
            code: random.element(of: TransactionCode.knownCases) ?? .withdrawal, amount: random.element(of: amounts) ?? 0,
            status: random.chance(1, in: 3) ? nil : random.element(of: TransactionStatus.knownCases),
            notes: random.chance(1, in: 2) ? nil : "rent", categoryId: random.chance(1, in: 4) ? nil : Int64(random.int(in: 1...12)),
            date: next, toAmount: random.chance(1, in: 2) ? nil : random.element(of: amounts),
            repeats: random.element(of: repeatCodes) ?? nil, nextOccurrenceDate: next,
            occurrences: random.element(of: occurrenceCounts) ?? nil, color: random.chance(1, in: 2) ? -1 : nil
        )
    }

    static func lines(_ random: inout SplitMix64) -> [ScheduledSplit] {
        (0..<random.int(in: 0...3)).map { _ in
            ScheduledSplit(
                id: ScheduledSplit.unsavedID, scheduledId: 0, categoryId: random.chance(1, in: 4) ? nil : Int64(random.int(in: 1...12)),
                amount: random.element(of: amounts), notes: random.chance(1, in: 2) ? nil : "part"
            )
        }
    }

    // MARK: Operations

    static func list() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("scheduled.scheduled()") { try $0.scheduled.scheduled() }
    }

    static func get(_ id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("scheduled.scheduled(id: \(id))") { try $0.scheduled.scheduled(id: id) }
    }

    static func due(_ day: CalendarDay) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("scheduled.due(onOrBefore: \(day))") { try $0.scheduled.due(onOrBefore: day) }
    }

    static func insert(_ detail: ScheduledDetail) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write(
            "scheduled.insert(repeats \(detail.scheduled.repeats.map(String.init) ?? "nil"), \(detail.splits.count) splits)"
        ) { try $0.scheduled.insert(detail) }
    }

    /// Picks the schedule by position in the listing (fixture rows and inserted ones alike).
    private static func nth(_ context: any MMEXWriteContext, _ index: Int) throws -> ScheduledDetail? {
        let all = try context.scheduled.scheduled()
        return all.isEmpty ? nil : all[index % all.count]
    }

    static func update(nth index: Int, with template: ScheduledTransaction, splits: [ScheduledSplit], keepSplitIds: Bool)
        -> DifferentialOperation<any MMEXSession>
    {
        SessionOperation.write("scheduled.update(schedule #\(index), \(splits.count) splits, keep split ids: \(keepSplitIds))") {
            context -> ScheduledDetail? in
            guard let current = try nth(context, index) else { return nil }
            var changed = template
            changed.id = current.scheduled.id
            let lines = keepSplitIds ? current.splits : splits
            return try context.scheduled.update(ScheduledDetail(scheduled: changed, splits: lines))
        }
    }

    static func updateMissing() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("scheduled.update(id 424242, not stored)") { context in
            var schedule = ScheduledTransaction(id: 424_242, accountId: 1, payeeId: 1, code: .deposit, amount: 1)
            schedule.repeats = 3
            return try context.scheduled.update(ScheduledDetail(scheduled: schedule))
        }
    }

    static func delete(nth index: Int) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("scheduled.deleteScheduled(schedule #\(index))") { context -> Bool in
            guard let current = try nth(context, index) else { return false }
            return try context.scheduled.deleteScheduled(id: current.scheduled.id)
        }
    }

    static func skip(nth index: Int) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("scheduled.skipNextOccurrence(schedule #\(index))") { context -> ScheduledDetail? in
            guard let current = try nth(context, index) else { return nil }
            return try context.scheduled.skipNextOccurrence(id: current.scheduled.id)
        }
    }

    static func skip(id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("scheduled.skipNextOccurrence(id: \(id))") { try $0.scheduled.skipNextOccurrence(id: id) }
    }

    static func enter(nth index: Int) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("scheduled.enterNextOccurrence(schedule #\(index))") { context -> EnteredOccurrence? in
            guard let current = try nth(context, index) else { return nil }
            return try context.scheduled.enterNextOccurrence(id: current.scheduled.id)
        }
    }

    /// Enters the next occurrence of `id`, then reads the new transaction back and the account's register.
    static func enter(id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("scheduled.enterNextOccurrence(id: \(id)); transaction(id:); ledger") { context -> EnteredAndRead? in
            guard let entered = try context.scheduled.enterNextOccurrence(id: id) else { return nil }
            let transactions = context.transactions
            let accountId = entered.transaction.transaction.accountId
            return EnteredAndRead(
                entered: entered, readBack: try transactions.transaction(id: entered.transaction.transaction.id),
                ledger: Array(try transactions.ledger(accountId: accountId, from: nil, to: nil).suffix(3))
            )
        }
    }

    static func enterRolledBack(nth index: Int) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.abortedWrite("write { scheduled.enterNextOccurrence(schedule #\(index)); throw }") { context in
            if let current = try nth(context, index) { try context.scheduled.enterNextOccurrence(id: current.scheduled.id) }
        }
    }

    static func rolledBack(_ detail: ScheduledDetail) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.abortedWrite("write { scheduled.insert with splits; delete first; throw }") { context in
            try context.scheduled.insert(detail)
            if let first = try context.scheduled.scheduled().first { try context.scheduled.deleteScheduled(id: first.scheduled.id) }
        }
    }

    // MARK: Hand-written scenarios

    static var handWritten: [SliceScenario] {
        var random = SplitMix64(seed: 47)
        func every(_ code: Int64, _ count: Int64?, on date: MMEXDate) -> ScheduledDetail {
            ScheduledDetail(
                scheduled: ScheduledTransaction(
                    id: 0, accountId: 1, payeeId: 1, code: .withdrawal, amount: 10, date: date, repeats: code,
                    nextOccurrenceDate: date, occurrences: count
                ),
                splits: [
                    ScheduledSplit(id: 0, scheduledId: 0, categoryId: 3, amount: 4),
                    ScheduledSplit(id: 0, scheduledId: 0, categoryId: 4, amount: 6),
                ]
            )
        }
        // An entered occurrence is read back with the transactions repository's detail reads and ledger: here they meet
        // two of every detail (their order shows) and two transactions on one day at the end of a ledger (a tie).
        var twoOfEach = TransactionScenarios.full(id: 6_300_001, account: 13)
        twoOfEach.attachments.append(Attachment(id: 0, refType: "Transaction", refId: 0, description: "Second", fileName: "b.pdf"))
        twoOfEach.links.append(TransactionLink(id: 0, transactionId: 0, linkType: "Asset", linkRecordId: 2))
        return [
            SliceScenario("transactions with two of every detail, and a tie at a ledger's end, read back", covers: [.scheduled], [
                TransactionScenarios.insert(twoOfEach), TransactionScenarios.get(6_300_001),
                TransactionScenarios.insert(TransactionDetail(transaction: TransactionScenarios.withdrawal(
                    id: 6_300_003, account: 13, amount: 3, date: "2099-01-01"))),
                TransactionScenarios.insert(TransactionDetail(transaction: TransactionScenarios.withdrawal(
                    id: 6_300_002, account: 13, amount: 2, date: "2099-01-01"))),
                TransactionScenarios.ledger(13, nil, nil),
                // Field 9 is a custom field of schedules (REFTYPE RecurringTransaction): refused on a transaction.
                TransactionScenarios.insert(TransactionDetail(
                    transaction: TransactionScenarios.withdrawal(id: 6_300_004, account: 13),
                    customFieldValues: [CustomFieldValue(id: 0, fieldId: 9, refId: 0, content: "x")])),
            ]),
            SliceScenario("read schedules, splits and due dates", covers: [.scheduled], [
                list(), get(1), get(1_748_260_800_000_260), get(999_999), due(days[0]), due(days[1]), due(days[3]),
            ]),
            SliceScenario("due dates exactly on the bound: the day itself is due, the day after is not", covers: [.scheduled], [
                insert(every(3, -1, on: "2024-01-01")), insert(every(3, -1, on: "2024-01-02")),
                insert(every(3, -1, on: "2024-01-01T23:59:59")), insert(every(3, -1, on: "2023-12-31")),
                due(days[0]), due(CalendarDay(iso: "2023-12-31") ?? days[0]), due(CalendarDay(iso: "2024-01-02") ?? days[0]),
            ]),
            SliceScenario("skip through the fixture's repeat codes", covers: [.scheduled], [
                skip(id: 1), skip(id: 1), skip(id: 2), skip(id: 3), skip(id: 1_729_339_200_000_321),
                skip(id: 1_743_508_800_000_832), skip(id: 1_748_260_800_000_260), skip(id: 1_757_678_400_000_952),
                skip(id: 999_999), list(),
            ]),
            SliceScenario("month ends, leap days, counts, last business day, unsupported codes", covers: [.scheduled],
                [
                    insert(every(3, -1, on: "2024-01-31")), insert(every(15, 2, on: "2024-01-31")),
                    insert(every(16, nil, on: "2024-07-31")), insert(every(7, 1, on: "2024-02-29")),
                    insert(every(14, 13, on: "2024-02-29T00:00:00")), insert(every(17, -1, on: "2024-01-01")),
                    insert(every(0, nil, on: "2024-01-01")), insert(every(3, -1, on: "someday")),
                ] + (0..<12).map { skip(nth: $0) } + [list()]),
            SliceScenario("update replaces splits; delete takes them", covers: [.scheduled], [
                update(nth: 0, with: schedule(&random), splits: lines(&random), keepSplitIds: false),
                update(nth: 1, with: schedule(&random), splits: [], keepSplitIds: true), updateMissing(),
                delete(nth: 0), delete(nth: 0), list(), rolledBack(every(3, -1, on: "2024-01-31")), list(),
            ]),
            SliceScenario("enter next occurrences: a transaction with the splits, then the schedule advances", covers: [.scheduled], [
                enter(id: 1), enter(id: 1), enter(id: 2), enter(id: 3), enter(id: 1_729_339_200_000_321),
                enter(id: 1_743_508_800_000_832), enter(id: 1_748_260_800_000_260), enter(id: 1_757_678_400_000_952),
                enter(id: 999_999), insert(every(15, 2, on: "2024-01-31")), insert(every(3, 1, on: "2024-02-29T00:00:00")),
                insert(every(99, nil, on: "2024-01-01")), insert(every(3, -1, on: "someday")),
            ] + (0..<6).map { enter(nth: $0) } + [enterRolledBack(nth: 0), list()]),
        ]
    }

    // MARK: Random operations

    static var generator: OperationGenerator<any MMEXSession> {
        .weighted([
            (3, OperationGenerator { _ in list() }),
            (1, OperationGenerator { random in get(Int64(random.int(in: 0...4))) }),
            (2, OperationGenerator { random in due(random.element(of: days) ?? days[0]) }),
            (4, OperationGenerator { random in insert(ScheduledDetail(scheduled: schedule(&random), splits: lines(&random))) }),
            (3, OperationGenerator { random in
                update(nth: random.below(20), with: schedule(&random), splits: lines(&random), keepSplitIds: random.chance(1, in: 3))
            }),
            (2, OperationGenerator { random in delete(nth: random.below(20)) }),
            (5, OperationGenerator { random in skip(nth: random.below(20)) }),
            (4, OperationGenerator { random in enter(nth: random.below(20)) }),
            (1, OperationGenerator { random in enterRolledBack(nth: random.below(20)) }),
            (1, OperationGenerator { random in rolledBack(ScheduledDetail(scheduled: schedule(&random), splits: lines(&random))) }),
        ])
    }
}

/// An entered occurrence with the transaction read back and the last lines of its account's register.
struct EnteredAndRead: Encodable {
    let entered: EnteredOccurrence
    let readBack: TransactionDetail?
    let ledger: [LedgerEntry]
}

// MARK: The slice's place in the port and its repositories

extension RepositorySlice {
    /// Scheduled transactions with their splits.
    package static let scheduled = RepositorySlice("scheduled", stage: 4)
}

extension MMEXRepository {
    /// `ScheduledRepository`, vended by both drivers.
    package static let scheduled = MMEXRepository(ScheduledRepositoryKey.self)
}
