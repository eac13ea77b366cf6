import Differential
import MMEXModel
import MMEXSession
import PersistenceSession

/// The differential scenarios of slice 3: transactions (`CHECKINGACCOUNT_V1`) with their splits, tag links, custom
/// field values, attachments, translinks and share info, and the account register with its running balance.
///
/// The hand-written scenarios pin the contract's corners: registers of every kind of account over open and closed
/// ranges (bare days and `T00:00:00` days, void and deleted rows, transfers in and out, an account that does not
/// exist), a full detail inserted, read, updated (splits replaced) and deleted (nothing dangles), transfers between
/// currencies, ids given and minted, split tag links by position, rejected details, a rolled-back write and several
/// writes in one unit. The random generator mixes all operations with values from the same tricky pools.
enum TransactionScenarios {
    static var slice: PortedSlice {
        PortedSlice(
            slice: .transactions, repositories: [.transactions], handWritten: handWritten, random: generator,
            readBack: [SliceReadBack.accounts, SliceReadBack.ledgersAndLatest]
        )
    }

    // MARK: Pools

    /// Accounts of the committed fixture (checking, cash, credit card, other currencies, investment, a crypto wallet
    /// with a REAL initial balance) and one that does not exist.
    static let accounts: [Int64] = [1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 1_686_744_000_003_485, 1_686_744_000_004_029, 424_242]
    /// The first ids the differential minter gives (so random updates and deletes reach rows the run inserted).
    static let mintedIds: [Int64] = (3...24).map { n in
        IdentifierMinter.rule(milliseconds: 1_767_225_600_000 + Int64(n), random: (Int64(n) &* 7919) % 1000)
    }
    /// Stored transactions of the fixture (some with splits, tags, share info, translinks, attachments, custom
    /// values), the last id of the fixture, minted ids and an id nobody uses.
    static let transactionIds: [Int64] = [1, 2, 3, 9, 13, 27, 31, 50, 56, 63, 120, 199, 1_766_755_267_000_320, 777_777] + mintedIds
    static let days: [CalendarDay?] = [
        nil, CalendarDay(year: 2023, month: 1, day: 1), CalendarDay(year: 2023, month: 6, day: 30),
        CalendarDay(year: 2024, month: 2, day: 29), CalendarDay(year: 2024, month: 4, day: 16),
        CalendarDay(year: 2025, month: 1, day: 1), CalendarDay(year: 2025, month: 12, day: 26),
        CalendarDay(year: 2030, month: 1, day: 1),
    ]
    static let dates: [MMEXDate?] = [
        "2024-04-16", "2024-04-16T00:00:00", "2024-04-16T13:45:00", "2023-01-01", "2025-12-26T00:00:00", "2024-02-29",
        nil, "", "16/04/2024",
    ]
    static let amounts: [Amount] = [100, 0, -5, 0.1, 12.34, 1e-8, 123_456_789_012.34, 2500.5, 3]
    static let statuses: [TransactionStatus?] = [.unreconciled, .reconciled, .void, .followUp, .duplicate, nil, .unknown("X")]
    static let deletedTimes: [MMEXDate?] = [nil, nil, nil, "", "2024-05-01T10:00:00"]
    static let notes: [String?] = [nil, "", "Café Zürich", "Кошелёк", "it's 100%", "'; DROP TABLE CHECKINGACCOUNT_V1; --"]

    // MARK: Operations

    static func get(_ id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("transactions.transaction(id: \(id))") { try $0.transactions.transaction(id: id) }
    }

    static func ledger(_ account: Int64, _ from: CalendarDay?, _ to: CalendarDay?) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("transactions.ledger(accountId: \(account), from: \(day(from)), to: \(day(to)))") {
            try $0.transactions.ledger(accountId: account, from: from, to: to)
        }
    }

    static func insert(_ detail: TransactionDetail) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("transactions.insert(\(describe(detail)))") { try $0.transactions.insert(detail) }
    }

    static func update(_ detail: TransactionDetail) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("transactions.update(\(describe(detail)))") { try $0.transactions.update(detail) }
    }

    /// Reads a stored transaction, changes it with `change`, and writes it back in the same unit of work.
    static func modify(
        _ id: Int64, _ label: String, _ change: @escaping @Sendable (inout TransactionDetail) -> Void
    ) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("transactions.update(transaction \(id): \(label))") { context -> TransactionDetail? in
            guard var detail = try context.transactions.transaction(id: id) else { return nil }
            change(&detail)
            return try context.transactions.update(detail)
        }
    }

    static func delete(_ id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("transactions.deleteTransaction(id: \(id))") { try $0.transactions.deleteTransaction(id: id) }
    }

    /// An insert and a delete in one unit of work that then throws: nothing of it may remain.
    static func rolledBack(_ detail: TransactionDetail, deleting id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.abortedWrite("write { insert(\(describe(detail))); delete(\(id)); throw }") { context in
            try context.transactions.insert(detail)
            try context.transactions.deleteTransaction(id: id)
        }
    }

    /// Several inserts in one unit of work, then the register the unit itself sees before it commits.
    static func batch(_ details: [TransactionDetail], account: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("write { insert × \(details.count); ledger(\(account)) }") { context in
            for detail in details { try context.transactions.insert(detail) }
            return try context.transactions.ledger(accountId: account, from: nil, to: nil)
        }
    }

    private static func day(_ day: CalendarDay?) -> String { day?.iso ?? "nil" }

    private static func describe(_ detail: TransactionDetail) -> String {
        let t = detail.transaction
        var parts = [
            "id \(t.id)", "\(t.code) \(t.amount)", "account \(t.accountId)",
            t.toAccountId.map { "to \($0)" } ?? "", t.toAmount.map { "toAmount \($0)" } ?? "",
            "date \(SessionOperation.quoted(t.date?.rawValue))", "status \(SessionOperation.quoted(t.status?.rawValue))",
        ]
        if let deleted = t.deletedTime { parts.append("deleted \(SessionOperation.quoted(deleted.rawValue))") }
        parts.append("splits \(detail.splits.map(\.id)), tags \(detail.tagLinks.map { "\($0.refType)/\($0.refId)/\($0.tagId)" })")
        parts.append("custom \(detail.customFieldValues.map(\.fieldId)), attachments \(detail.attachments.count)")
        parts.append("links \(detail.links.count), share \(detail.shareInfo != nil)")
        return parts.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    // MARK: Details

    static func withdrawal(
        id: Int64 = 0, account: Int64 = 1, amount: Amount = 42.5, date: MMEXDate? = "2024-04-16", status: TransactionStatus? = .unreconciled
    ) -> AccountTransaction {
        AccountTransaction(
            id: id, accountId: account, toAccountId: -1, payeeId: 1, code: .withdrawal, amount: amount, status: status,
            notes: "withdrawal", categoryId: 2, date: date, lastUpdatedTime: "2024-04-16T10:00:00", color: -1
        )
    }

    static func transfer(
        id: Int64 = 0, from: Int64, to: Int64, amount: Amount, toAmount: Amount?, date: MMEXDate? = "2024-04-16T00:00:00"
    ) -> AccountTransaction {
        AccountTransaction(
            id: id, accountId: from, toAccountId: to, payeeId: -1, code: .transfer, amount: amount, status: .reconciled,
            categoryId: -1, date: date, toAmount: toAmount
        )
    }

    /// A transaction with one of everything: two new splits (the second tagged by position), a tag on the
    /// transaction, two custom values, an attachment, a translink and share info.
    static func full(id: Int64 = 0, account: Int64 = 1) -> TransactionDetail {
        TransactionDetail(
            transaction: withdrawal(id: id, account: account, amount: 120),
            splits: [
                TransactionSplit(id: 0, transactionId: 0, categoryId: 3, amount: 100, notes: "food"),
                TransactionSplit(id: 0, transactionId: 0, categoryId: 4, amount: 20, notes: nil),
            ],
            tagLinks: [
                TagLink(id: 0, refType: "Transaction", refId: 0, tagId: 1),
                TagLink(id: 0, refType: "TransactionSplit", refId: -2, tagId: 2),
            ],
            customFieldValues: [
                CustomFieldValue(id: 0, fieldId: 1, refId: 0, content: "R-2024-001"),
                CustomFieldValue(id: 0, fieldId: 3, refId: 0, content: "19.0"),
            ],
            attachments: [Attachment(id: 0, refType: "Transaction", refId: 0, description: "Receipt", fileName: "receipt.pdf")],
            links: [TransactionLink(id: 0, transactionId: 0, linkType: "Stock", linkRecordId: 1)],
            shareInfo: ShareInfo(id: 0, transactionId: 0, shares: 10, price: 12.34, commission: 0.5, lot: "L1")
        )
    }

    // MARK: Hand-written scenarios

    static var handWritten: [SliceScenario] {
        let all: Set<MMEXRepository> = [.transactions]
        let april = CalendarDay(year: 2024, month: 4, day: 16)
        return [
            SliceScenario("registers and running balances", covers: all, [
                ledger(1, nil, nil), ledger(2, nil, nil), ledger(3, nil, nil), ledger(4, nil, nil), ledger(5, nil, nil),
                ledger(7, nil, nil), ledger(12, nil, nil), ledger(13, nil, nil), ledger(1_686_744_000_004_029, nil, nil),
                ledger(424_242, nil, nil),
            ]),
            SliceScenario("ranges: bare and T00:00:00 days, open ends", covers: all, [
                ledger(1, CalendarDay(year: 2024, month: 1, day: 1), CalendarDay(year: 2024, month: 12, day: 31)),
                ledger(1, CalendarDay(year: 2025, month: 1, day: 1), nil), ledger(1, nil, CalendarDay(year: 2023, month: 6, day: 30)),
                ledger(4, CalendarDay(year: 2025, month: 12, day: 26), CalendarDay(year: 2025, month: 12, day: 26)),
                insert(TransactionDetail(transaction: withdrawal(account: 2, amount: 1, date: "2024-04-16"))),
                insert(TransactionDetail(transaction: withdrawal(account: 2, amount: 2, date: "2024-04-16T00:00:00"))),
                insert(TransactionDetail(transaction: withdrawal(account: 2, amount: 4, date: "2024-04-16T09:30:00"))),
                insert(TransactionDetail(transaction: withdrawal(account: 2, amount: 8, date: "2024-04-17"))),
                insert(TransactionDetail(transaction: withdrawal(account: 2, amount: 16, date: nil))),
                insert(TransactionDetail(transaction: withdrawal(account: 2, amount: 32, date: ""))),
                ledger(2, april, april), ledger(2, april, nil), ledger(2, nil, april), ledger(2, nil, nil),
            ]),
            SliceScenario("void and deleted rows are listed, not counted", covers: all, [
                insert(TransactionDetail(transaction: withdrawal(account: 2, amount: 10, status: .void))),
                insert(TransactionDetail(transaction: {
                    var t = withdrawal(account: 2, amount: 20)
                    t.deletedTime = "2024-05-01T10:00:00"
                    return t
                }())),
                insert(TransactionDetail(transaction: {
                    var t = withdrawal(account: 2, amount: 40)
                    t.deletedTime = ""
                    return t
                }())),
                ledger(2, nil, nil), ledger(2, april, april),
            ]),
            SliceScenario("transfers between currencies", covers: all, [
                insert(TransactionDetail(transaction: transfer(from: 1, to: 4, amount: 100, toAmount: 108.7))),
                insert(TransactionDetail(transaction: transfer(from: 4, to: 12, amount: 50, toAmount: 7450))),
                insert(TransactionDetail(transaction: transfer(from: 5, to: 1, amount: 0.1, toAmount: nil))),
                insert(TransactionDetail(transaction: transfer(from: 2, to: 2, amount: 5, toAmount: 6))),
                ledger(1, nil, nil), ledger(4, nil, nil), ledger(12, nil, nil), ledger(5, nil, nil), ledger(2, nil, nil),
                get(mintedIds[0]), get(mintedIds[1]),
            ]),
            SliceScenario("a full detail: insert, read, update, delete", covers: all, [
                insert(full()), get(mintedIds[0]), ledger(1, april, april),
                modify(mintedIds[0], "replace splits, drop tags and share info") { detail in
                    detail.splits = [TransactionSplit(id: 0, transactionId: 0, categoryId: 5, amount: 120, notes: "all")]
                    detail.tagLinks = [TagLink(id: 0, refType: "TransactionSplit", refId: -1, tagId: 3)]
                    detail.shareInfo = nil
                    detail.transaction.amount = 130
                },
                get(mintedIds[0]), ledger(1, april, nil),
                modify(mintedIds[0], "keep everything") { _ in },
                get(mintedIds[0]), delete(mintedIds[0]), get(mintedIds[0]), delete(mintedIds[0]),
            ]),
            SliceScenario("fixture transactions with dependants", covers: all, [
                get(9), get(27), get(31), get(50), get(56), get(3), get(13), get(63), get(777_777),
                modify(9, "notes and a new split") { detail in
                    detail.transaction.notes = "changed"
                    detail.splits.append(TransactionSplit(id: 0, transactionId: 9, categoryId: 7, amount: 1.5))
                },
                get(9), delete(27), get(27), delete(50), delete(56), get(56), ledger(1, nil, nil),
            ]),
            SliceScenario("given ids and refused details", covers: all, [
                insert(TransactionDetail(transaction: withdrawal(id: 5_000_001), splits: [
                    TransactionSplit(id: 6_000_001, transactionId: 0, categoryId: 1, amount: 42.5),
                ], tagLinks: [TagLink(id: 7_000_001, refType: "TransactionSplit", refId: 6_000_001, tagId: 1)])),
                get(5_000_001),
                insert(TransactionDetail(transaction: withdrawal(id: 5_000_001))),
                insert(TransactionDetail(transaction: withdrawal(), tagLinks: [TagLink(id: 0, refType: "TransactionSplit", refId: -1, tagId: 1)])),
                insert(TransactionDetail(transaction: withdrawal(), tagLinks: [TagLink(id: 0, refType: "Payee", refId: 0, tagId: 1)])),
                insert(TransactionDetail(transaction: withdrawal(), customFieldValues: [CustomFieldValue(id: 0, fieldId: 9, refId: 0)])),
                insert(TransactionDetail(transaction: withdrawal(), customFieldValues: [
                    CustomFieldValue(id: 0, fieldId: 1, refId: 0, content: "a"), CustomFieldValue(id: 0, fieldId: 1, refId: 0, content: "b"),
                ])),
                update(TransactionDetail(transaction: withdrawal(id: 777_777))),
                ledger(1, nil, nil),
            ]),
            // Corners the planted-bug run needs: two attachments and two translinks on one transaction (their
            // order), and rows tied on one day before a range whose Double sum depends on their order (1e16 + 1 + 1
            // is 1e16; 1 + 1 + 1e16 is 1e16 + 2), seen in the running balance of the range's one row (account 7
            // starts at 0 and has nothing before 2000).
            SliceScenario("two of every detail; ties before a range", covers: all, [
                insert(TransactionDetail(
                    transaction: withdrawal(account: 3, amount: 7),
                    attachments: [
                        Attachment(id: 0, refType: "Transaction", refId: 0, description: "first", fileName: "a.pdf"),
                        Attachment(id: 0, refType: "Transaction", refId: 0, description: "second", fileName: "b.pdf"),
                    ],
                    links: [
                        TransactionLink(id: 0, transactionId: 0, linkType: "Stock", linkRecordId: 1),
                        TransactionLink(id: 0, transactionId: 0, linkType: "Asset", linkRecordId: 2),
                    ]
                )),
                insert(TransactionDetail(transaction: withdrawal(account: 7, amount: 1e16, date: "2000-01-01"))),
                insert(TransactionDetail(transaction: withdrawal(account: 7, amount: 1, date: "2000-01-01"))),
                insert(TransactionDetail(transaction: withdrawal(account: 7, amount: 1, date: "2000-01-01"))),
                insert(TransactionDetail(transaction: withdrawal(account: 7, amount: 0, date: "2000-01-02"))),
                ledger(7, CalendarDay(year: 2000, month: 1, day: 2), CalendarDay(year: 2000, month: 1, day: 2)),
            ]),
            SliceScenario("units of work", covers: all, [
                rolledBack(full(), deleting: 9), get(9), get(mintedIds[0]),
                batch([full(account: 3), TransactionDetail(transaction: transfer(from: 3, to: 1, amount: 10, toAmount: 10))], account: 3),
                ledger(3, nil, nil),
            ]),
        ]
    }

    // MARK: Random operations

    static var generator: OperationGenerator<any MMEXSession> {
        func pick<T>(_ pool: [T], _ random: inout SplitMix64) -> T { pool[random.below(pool.count)] }
        func transaction(_ random: inout SplitMix64, id: Int64) -> AccountTransaction {
            let account = pick(accounts, &random)
            var t = AccountTransaction(
                id: id, accountId: account, toAccountId: -1, payeeId: Int64(random.int(in: 1...5)),
                code: pick([.withdrawal, .withdrawal, .deposit, .transfer, .unknown("transfer")], &random),
                amount: pick(amounts, &random), status: pick(statuses, &random), notes: pick(notes, &random),
                categoryId: Int64(random.int(in: -1...10)), date: pick(dates, &random),
                deletedTime: pick(deletedTimes, &random)
            )
            if t.code == .transfer {
                t.toAccountId = pick(accounts, &random)
                t.toAmount = random.chance(1, in: 4) ? nil : pick(amounts, &random)
            }
            return t
        }
        func detail(_ random: inout SplitMix64, id: Int64) -> TransactionDetail {
            var detail = TransactionDetail(transaction: transaction(&random, id: id))
            let splitCount = random.int(in: 0...3)
            detail.splits = (0..<splitCount).map { _ in
                TransactionSplit(id: 0, transactionId: 0, categoryId: Int64(random.int(in: 1...10)), amount: pick(amounts, &random))
            }
            if random.chance(1, in: 2) {
                detail.tagLinks.append(TagLink(id: 0, refType: "Transaction", refId: 0, tagId: Int64(random.int(in: 1...5))))
            }
            if splitCount > 0, random.chance(1, in: 2) {
                detail.tagLinks.append(TagLink(
                    id: 0, refType: "TransactionSplit", refId: -Int64(random.int(in: 1...splitCount + 1)), tagId: 2
                ))
            }
            if random.chance(1, in: 3) {
                detail.customFieldValues.append(CustomFieldValue(
                    id: 0, fieldId: Int64(random.int(in: 1...9)), refId: 0, content: pick(notes, &random)
                ))
            }
            if random.chance(1, in: 4) {
                detail.attachments.append(Attachment(id: 0, refType: "Transaction", refId: 0, fileName: "scan.png"))
            }
            if random.chance(1, in: 5) {
                detail.links.append(TransactionLink(id: 0, transactionId: 0, linkType: "Asset", linkRecordId: 1))
            }
            if random.chance(1, in: 5) {
                detail.shareInfo = ShareInfo(id: 0, transactionId: 0, shares: pick(amounts, &random), price: 12.34, lot: "")
            }
            return detail
        }
        return .weighted([
            (5, OperationGenerator { random in get(pick(transactionIds, &random)) }),
            (5, OperationGenerator { random in
                let from = pick(days, &random)
                var to = pick(days, &random)
                if let f = from, let t = to, t < f { to = f }
                return ledger(pick(accounts, &random), from, to)
            }),
            (6, OperationGenerator { random in insert(detail(&random, id: 0)) }),
            (1, OperationGenerator { random in insert(detail(&random, id: pick(transactionIds, &random))) }),
            (3, OperationGenerator { random in update(detail(&random, id: pick(transactionIds, &random))) }),
            (2, OperationGenerator { random in
                let amount = pick(amounts, &random)
                let status = pick(statuses, &random)
                return modify(pick(transactionIds, &random), "amount \(amount), status \(SessionOperation.quoted(status?.rawValue)), splits dropped") {
                    $0.transaction.amount = amount
                    $0.transaction.status = status
                    $0.splits = []
                    $0.tagLinks.removeAll { $0.refType == "TransactionSplit" }
                }
            }),
            (3, OperationGenerator { random in delete(pick(transactionIds, &random)) }),
            (1, OperationGenerator { random in rolledBack(detail(&random, id: 0), deleting: pick(transactionIds, &random)) }),
            (1, OperationGenerator { random in
                batch((0..<random.int(in: 2...3)).map { _ in detail(&random, id: 0) }, account: pick(accounts, &random))
            }),
        ])
    }
}

// MARK: The slice's place in the port and its repositories

extension RepositorySlice {
    /// Transactions with their dependants.
    package static let transactions = RepositorySlice("transactions", stage: 3)
}

extension MMEXRepository {
    /// `TransactionRepository`, vended by both drivers.
    package static let transactions = MMEXRepository(TransactionRepositoryKey.self)
}
