import Foundation
import MMEXModel
import MMEXSession
import PersistenceSession
import SQLiteEngine
import TestSupport
import Testing

/// Slice 3's contract (transactions, their dependants, the register), on each session.
@Suite("Transaction repository")
struct TransactionSliceTests {
    private static let april16 = CalendarDay(year: 2024, month: 4, day: 16)

    private func withdrawal(
        account: Int64 = 2, amount: Amount, date: MMEXDate?, status: TransactionStatus? = .unreconciled,
        deleted: MMEXDate? = nil
    ) -> TransactionDetail {
        TransactionDetail(transaction: AccountTransaction(
            id: 0, accountId: account, toAccountId: -1, payeeId: 1, code: .withdrawal, amount: amount, status: status,
            date: date, deletedTime: deleted
        ))
    }

    /// A session on a copy of the fixture in which account 2 ("Wallet", initial balance 80) has no transactions.
    private func emptyWallet(_ driver: Driver, _ folder: TemporaryDirectory, minter: IdentifierMinter? = nil) throws -> (any MMEXSession, String) {
        let path = try Files.plainCopy(in: folder)
        try Files.sql(path, "DELETE FROM CHECKINGACCOUNT_V1 WHERE ACCOUNTID = 2 OR TOACCOUNTID = 2")
        let configuration = minter.map { SessionConfiguration(minter: $0) } ?? .standard
        return (try driver.open(path, configuration: configuration), path)
    }

    @Test("the register: TRANSDATE then TRANSID; both day forms in range; running balance from INITIALBAL", arguments: Driver.allCases)
    func ledgerOrderAndBalance(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let (session, _) = try emptyWallet(driver, folder, minter: scriptedMinter([5_000_300, 5_000_200, 5_000_100, 5_000_400, 5_000_050]))
        defer { try? session.close() }
        try session.write { (context) throws in
            let repository = context.transactions
            try repository.insert(withdrawal(amount: 1, date: "2024-04-16T00:00:00"))  // id 5_000_300
            try repository.insert(withdrawal(amount: 2, date: "2024-04-16"))  // id 5_000_200
            try repository.insert(withdrawal(amount: 4, date: "2024-04-15T23:00:00"))  // id 5_000_100
            try repository.insert(withdrawal(amount: 8, date: "2024-04-17"))  // id 5_000_400
            try repository.insert(withdrawal(amount: 16, date: nil))  // id 5_000_50
        }
        let all = try session.read { try $0.transactions.ledger(accountId: 2, from: nil, to: nil) }
        #expect(all.map(\.transaction.id) == [5_000_050, 5_000_100, 5_000_200, 5_000_300, 5_000_400], "NULL first, then text order of TRANSDATE")
        #expect(all.map(\.runningBalance) == [64, 60, 58, 57, 49], "INITIALBAL 80 minus each withdrawal")

        let day = try session.read { try $0.transactions.ledger(accountId: 2, from: Self.april16, to: Self.april16) }
        #expect(day.map(\.transaction.id) == [5_000_200, 5_000_300], "a bare day and a T00:00:00 day are the same day")
        #expect(day.map(\.runningBalance) == [58, 57], "everything before the range (NULL date included) is counted")
        let untilDay = try session.read { try $0.transactions.ledger(accountId: 2, from: nil, to: Self.april16) }
        #expect(untilDay.map(\.transaction.id) == [5_000_050, 5_000_100, 5_000_200, 5_000_300], "a row without a date is within any `to`")
    }

    @Test("void and deleted rows are listed but not counted; REAL sums come out as SQLite would store them", arguments: Driver.allCases)
    func voidAndDeleted(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let (session, _) = try emptyWallet(driver, folder, minter: scriptedMinter([1001, 1002, 1003, 1004]))
        defer { try? session.close() }
        try session.write { (context) throws in
            let repository = context.transactions
            try repository.insert(withdrawal(amount: 0.1, date: "2024-01-01"))
            try repository.insert(withdrawal(amount: 10, date: "2024-01-02", status: .void))
            try repository.insert(withdrawal(amount: 20, date: "2024-01-03", deleted: "2024-02-01T08:00:00"))
            try repository.insert(withdrawal(amount: 0.9, date: "2024-01-04", deleted: ""))
        }
        let lines = try session.read { try $0.transactions.ledger(accountId: 2, from: nil, to: nil) }
        #expect(lines.count == 4)
        #expect(lines.map(\.runningBalance) == [Amount(80 - 0.1), Amount(80 - 0.1), Amount(80 - 0.1), Amount(80 - 0.1 - 0.9)])
    }

    @Test("a transfer between currencies takes TRANSAMOUNT out and puts TOTRANSAMOUNT in", arguments: Driver.allCases)
    func transferBetweenCurrencies(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let (session, _) = try emptyWallet(driver, folder)
        defer { try? session.close() }
        let stored = try session.write { (context) throws in
            try context.transactions.insert(TransactionDetail(transaction: AccountTransaction(
                id: 0, accountId: 12, toAccountId: 2, payeeId: -1, code: .transfer, amount: 7450, status: .reconciled,
                date: "2024-04-16", toAmount: 50
            )))
        }
        #expect(stored.transaction.toAmount == 50)
        let wallet = try session.read { try $0.transactions.ledger(accountId: 2, from: nil, to: nil) }
        #expect(wallet.map(\.transaction.id) == [stored.transaction.id], "a transfer in is in the receiving register")
        #expect(wallet.last?.runningBalance == 130, "80 + TOTRANSAMOUNT 50")
        let yen = try session.read { try $0.transactions.ledger(accountId: 12, from: Self.april16, to: Self.april16) }
        #expect(yen.map(\.transaction.id) == [stored.transaction.id])
    }

    @Test("insert mints ids in order and ties every dependant; delete leaves nothing behind", arguments: Driver.allCases)
    func insertAndDelete(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let (session, path) = try emptyWallet(driver, folder, minter: scriptedMinter([9, 8_000_001, 8_000_002, 8_000_003, 8_000_004]))
        let detail = TransactionDetail(
            transaction: withdrawal(amount: 30, date: "2024-04-16").transaction,
            splits: [TransactionSplit(id: 0, transactionId: 0, categoryId: 3, amount: 30)],
            tagLinks: [TagLink(id: 0, refType: "TransactionSplit", refId: -1, tagId: 2)],
            customFieldValues: [CustomFieldValue(id: 0, fieldId: 1, refId: 0, content: "R-1")],
            attachments: [Attachment(id: 0, refType: "", refId: 0, fileName: "r.pdf")],
            links: [TransactionLink(id: 0, transactionId: 0, linkType: "Asset", linkRecordId: 1)],
            shareInfo: ShareInfo(id: 0, transactionId: 0, shares: 1.5, lot: "A")
        )
        let stored = try session.write { try $0.transactions.insert(detail) }
        #expect(stored.transaction.id == 8_000_001, "TRANSID 9 is taken: minted again")
        #expect(stored.splits.map(\.id) == [8_000_002] && stored.splits[0].transactionId == 8_000_001)
        #expect(stored.tagLinks.map(\.refId) == [8_000_002], "the split link names the stored split")
        #expect(stored.attachments.first?.refType == "Transaction")
        #expect(stored.shareInfo?.transactionId == 8_000_001)
        #expect(try session.read { try $0.transactions.transaction(id: 8_000_001) } == stored)

        #expect(try session.write { try $0.transactions.deleteTransaction(id: 8_000_001) } == true)
        #expect(try session.write { try $0.transactions.deleteTransaction(id: 8_000_001) } == false)
        try session.close()
        for query in [
            "SELECT count(*) FROM SPLITTRANSACTIONS_V1 WHERE TRANSID = 8000001",
            "SELECT count(*) FROM TAGLINK_V1 WHERE REFID IN (8000001, 8000002)",
            "SELECT count(*) FROM CUSTOMFIELDDATA_V1 WHERE REFID = 8000001",
            "SELECT count(*) FROM ATTACHMENT_V1 WHERE REFID = 8000001",
            "SELECT count(*) FROM TRANSLINK_V1 WHERE CHECKINGACCOUNTID = 8000001",
            "SELECT count(*) FROM SHAREINFO_V1 WHERE CHECKINGACCOUNTID = 8000001",
        ] {
            #expect(try Files.scalar(path, query) == .integer(0), "\(query)")
        }
    }

    @Test("update replaces the splits and their tags; a refused detail rolls the whole unit back", arguments: Driver.allCases)
    func updateReplacesSplits(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try Files.plainCopy(in: folder)
        let session = try driver.open(path, configuration: SessionConfiguration(minter: scriptedMinter([8_100_001])))
        let before = try #require(try session.read { try $0.transactions.transaction(id: 9) })
        #expect(!before.splits.isEmpty, "fixture transaction 9 has splits")
        var changed = before
        changed.splits = [TransactionSplit(id: 0, transactionId: 9, categoryId: 1, amount: before.transaction.amount)]
        changed.tagLinks.removeAll { $0.refType == "TransactionSplit" }
        let after = try session.write { try $0.transactions.update(changed) }
        #expect(after.splits.map(\.id) == [8_100_001])

        var refused = after
        refused.customFieldValues = [CustomFieldValue(id: 0, fieldId: 9, refId: 9)]
        #expect(throws: PersistenceError.self) { try session.write { try $0.transactions.update(refused) } }
        #expect(try session.read { try $0.transactions.transaction(id: 9) } == after, "nothing of the refused update remains")
        try session.close()
        let oldSplits = before.splits.map { String($0.id) }.joined(separator: ",")
        #expect(try Files.scalar(path, "SELECT count(*) FROM SPLITTRANSACTIONS_V1 WHERE SPLITTRANSID IN (\(oldSplits))") == .integer(0))
    }
}
