import MMEXModel
import MMEXSessionSupport
import MMEXSession
import PersistenceSession
import ReaderWriterDriver
import SQLiteEngine

/// `CHECKINGACCOUNT_V1` and its dependants on the reader/writer driver: SQL on the unit of work's `db`, rows fetched
/// into records, statements cached per connection. Same contract as the legacy repository: the register rules are
/// ``LedgerRule``'s, the id and reference rules of a write ``TransactionDetailPlan``'s, and a transaction with its
/// dependants is written inside the caller's unit of work (one IMMEDIATE transaction).
struct ReaderWriterTransactionRepository: TransactionRepository {
    let unit: ReaderWriterUnit
    private typealias Transactions = TransactionSliceRecord<AccountTransaction>
    private typealias Splits = TransactionSliceRecord<TransactionSplit>
    private typealias TagLinks = TransactionSliceRecord<TagLink>
    private typealias CustomValues = TransactionSliceRecord<CustomFieldValue>
    private typealias Attachments = TransactionSliceRecord<Attachment>
    private typealias Links = TransactionSliceRecord<TransactionLink>
    private typealias Shares = TransactionSliceRecord<ShareInfo>

    private static let transactionRefType = TransactionDetailPlan.transactionRefType
    private static let splitRefType = TransactionDetailPlan.splitRefType

    /// The rows of a transaction's tag links (its own and its splits'), with the arguments `[id, id]`.
    private static let tagLinksWhere = """
        (REFTYPE = '\(transactionRefType)' AND REFID = ?)
        OR (REFTYPE = '\(splitRefType)' AND REFID IN (SELECT SPLITTRANSID FROM SPLITTRANSACTIONS_V1 WHERE TRANSID = ?))
        """
    /// A transaction's custom field values (fields of `REFTYPE` `Transaction` only), with the argument `[id]`.
    private static let customValuesWhere = """
        REFID = ? AND FIELDID IN (SELECT FIELDID FROM CUSTOMFIELD_V1 WHERE REFTYPE = '\(transactionRefType)')
        """
    /// A transaction's attachments, with the argument `[id]`.
    private static let attachmentsWhere = "REFTYPE = '\(transactionRefType)' AND REFID = ?"

    // MARK: TransactionReading

    func transaction(id: Int64) throws -> TransactionDetail? {
        try unit.run { db in try detail(db, id: id) }
    }

    private func detail(_ db: Database, id: Int64) throws -> TransactionDetail? {
        guard let transaction = try Transactions.fetchOne(
            db.cachedStatement(sql: Transactions.selection + " WHERE TRANSID = ?"), arguments: [id]
        )?.model else { return nil }
        return TransactionDetail(
            transaction: transaction,
            splits: try Splits.fetchAll(
                db.cachedStatement(sql: Splits.selection + " WHERE TRANSID = ? ORDER BY SPLITTRANSID"), arguments: [id]
            ).map(\.model),
            tagLinks: try TagLinks.fetchAll(
                db.cachedStatement(sql: TagLinks.selection + " WHERE \(Self.tagLinksWhere) ORDER BY TAGLINKID"),
                arguments: [id, id]
            ).map(\.model),
            customFieldValues: try CustomValues.fetchAll(
                db.cachedStatement(sql: CustomValues.selection + " WHERE \(Self.customValuesWhere) ORDER BY FIELDATADID"),
                arguments: [id]
            ).map(\.model),
            attachments: try Attachments.fetchAll(
                db.cachedStatement(sql: Attachments.selection + " WHERE \(Self.attachmentsWhere) ORDER BY ATTACHMENTID"),
                arguments: [id]
            ).map(\.model),
            links: try Links.fetchAll(
                db.cachedStatement(sql: Links.selection + " WHERE CHECKINGACCOUNTID = ? ORDER BY TRANSLINKID"),
                arguments: [id]
            ).map(\.model),
            shareInfo: try Shares.fetchOne(
                db.cachedStatement(sql: Shares.selection + " WHERE CHECKINGACCOUNTID = ? ORDER BY SHAREINFOID LIMIT 1"),
                arguments: [id]
            )?.model
        )
    }

    func ledger(accountId: Int64, from: CalendarDay?, to: CalendarDay?) throws -> [LedgerEntry] {
        try unit.run { db in
            let inAccount = Transactions.selection
                + " WHERE (ACCOUNTID = ? OR (TRANSCODE = ? AND TOACCOUNTID = ?))"
            let accountArguments: [SQLiteValue] = [.integer(accountId), .text(LedgerRule.transferCode), .integer(accountId)]
            let order = " ORDER BY TRANSDATE, TRANSID"

            var before: [AccountTransaction] = []
            var rangeSQL = inAccount
            var rangeArguments = accountArguments
            if let from {
                before = try Transactions.fetchAll(
                    db.cachedStatement(
                        sql: inAccount + " AND (TRANSDATE IS NULL OR substr(TRANSDATE, 1, 10) < ?)" + order
                    ),
                    arguments: StatementArguments(accountArguments + [.text(from.iso)])
                ).map(\.model)
                rangeSQL += " AND TRANSDATE IS NOT NULL AND substr(TRANSDATE, 1, 10) >= ?"
                rangeArguments.append(.text(from.iso))
            }
            if let to {
                rangeSQL += " AND (TRANSDATE IS NULL OR substr(TRANSDATE, 1, 10) <= ?)"
                rangeArguments.append(.text(to.iso))
            }
            let initial = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT INITIALBAL FROM ACCOUNTLIST_V1 WHERE ACCOUNTID = ?"), arguments: [accountId]
            ).map { row in try initialBalance(row) } ?? nil
            let opening = LedgerRule.openingBalance(initialBalance: initial, before: before, accountId: accountId)
            let rows = try Transactions.fetchAll(
                db.cachedStatement(sql: rangeSQL + order), arguments: StatementArguments(rangeArguments)
            ).map(\.model)
            return LedgerRule.entries(opening: opening, rows: rows, accountId: accountId)
        }
    }

    /// `INITIALBAL` as an amount (NULL: none).
    private func initialBalance(_ row: Row) throws -> Amount? {
        let value: SQLiteValue = try row.decode(atIndex: 0)
        switch value {
        case .null: return nil
        case .integer(let number): return .integer(number)
        case .real(let number): return .real(number)
        case .text(let text): return .text(text)
        case .blob: throw SessionErrors.unreadableValue(table: "ACCOUNTLIST_V1", column: "INITIALBAL", found: "blob", expected: "StoredAmount")
        }
    }

    // MARK: TransactionRepository

    func insert(_ detail: TransactionDetail) throws -> TransactionDetail {
        try unit.run { db in
            let planned = try plan(db, detail)
            try db.cachedStatement(sql: Transactions.insertion).execute(arguments: Transactions.arguments(planned.transaction))
            try insertDependants(db, planned)
            return try stored(db, id: planned.transaction.id)
        }
    }

    func update(_ detail: TransactionDetail) throws -> TransactionDetail {
        try unit.run { db in
            let id = detail.transaction.id
            guard try Int64.fetchOne(db, sql: "SELECT TRANSID FROM CHECKINGACCOUNT_V1 WHERE TRANSID = ?", arguments: [id]) != nil else {
                throw TransactionDetailPlan.missing(id)
            }
            try deleteDependants(db, id: id)
            let planned = try plan(db, detail)
            let columns = AccountTransaction.columnNames.dropFirst().map { "\($0) = ?" }.joined(separator: ", ")
            var arguments = try Transactions.arguments(planned.transaction).values
            arguments.append(arguments.removeFirst())
            try db.cachedStatement(sql: "UPDATE CHECKINGACCOUNT_V1 SET \(columns) WHERE TRANSID = ?")
                .execute(arguments: StatementArguments(arguments))
            try insertDependants(db, planned)
            return try stored(db, id: id)
        }
    }

    func deleteTransaction(id: Int64) throws -> Bool {
        try unit.run { db in
            try deleteDependants(db, id: id)
            try db.execute(sql: "DELETE FROM CHECKINGACCOUNT_V1 WHERE TRANSID = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    // MARK: Writing rows

    private func stored(_ db: Database, id: Int64) throws -> TransactionDetail {
        guard let detail = try detail(db, id: id) else { throw TransactionDetailPlan.missing(id) }
        return detail
    }

    private func plan(_ db: Database, _ detail: TransactionDetail) throws -> TransactionDetail {
        try TransactionDetailPlan.prepare(
            detail, minter: unit.minter,
            isTaken: { table, candidate in
                let key = Self.primaryKey(of: table)
                return try Int64.fetchOne(db, sql: "SELECT \(key) FROM \(table) WHERE \(key) = ?", arguments: [candidate]) != nil
            },
            isTransactionField: { fieldId in
                try Int64.fetchOne(
                    db, sql: "SELECT count(*) FROM CUSTOMFIELD_V1 WHERE FIELDID = ? AND REFTYPE = ?",
                    arguments: [fieldId, Self.transactionRefType]
                ) ?? 0 > 0
            }
        )
    }

    private static func primaryKey(of table: String) -> String {
        let records: [any MMEXRecord.Type] = [
            AccountTransaction.self, TransactionSplit.self, TagLink.self, CustomFieldValue.self, Attachment.self,
            TransactionLink.self, ShareInfo.self,
        ]
        return (records.first { $0.tableName == table } ?? AccountTransaction.self).primaryKey.name
    }

    private func insertDependants(_ db: Database, _ detail: TransactionDetail) throws {
        for split in detail.splits {
            try db.cachedStatement(sql: Splits.insertion).execute(arguments: Splits.arguments(split))
        }
        for link in detail.tagLinks {
            try db.cachedStatement(sql: TagLinks.insertion).execute(arguments: TagLinks.arguments(link))
        }
        for value in detail.customFieldValues {
            try db.cachedStatement(sql: CustomValues.insertion).execute(arguments: CustomValues.arguments(value))
        }
        for attachment in detail.attachments {
            try db.cachedStatement(sql: Attachments.insertion).execute(arguments: Attachments.arguments(attachment))
        }
        for link in detail.links {
            try db.cachedStatement(sql: Links.insertion).execute(arguments: Links.arguments(link))
        }
        if let share = detail.shareInfo {
            try db.cachedStatement(sql: Shares.insertion).execute(arguments: Shares.arguments(share))
        }
    }

    /// Deletes everything that hangs off a transaction: split tag links before the splits they name.
    private func deleteDependants(_ db: Database, id: Int64) throws {
        try db.execute(sql: "DELETE FROM TAGLINK_V1 WHERE \(Self.tagLinksWhere)", arguments: [id, id])
        try db.execute(sql: "DELETE FROM SPLITTRANSACTIONS_V1 WHERE TRANSID = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM CUSTOMFIELDDATA_V1 WHERE \(Self.customValuesWhere)", arguments: [id])
        try db.execute(sql: "DELETE FROM ATTACHMENT_V1 WHERE \(Self.attachmentsWhere)", arguments: [id])
        try db.execute(sql: "DELETE FROM TRANSLINK_V1 WHERE CHECKINGACCOUNTID = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM SHAREINFO_V1 WHERE CHECKINGACCOUNTID = ?", arguments: [id])
    }
}

/// Vends the repository in reader/writer units of work (`context.transactions`).
extension TransactionRepositoryKey: ReaderWriterReadableRepositoryKey {
    package static func reading(in unit: ReaderWriterUnit) -> any TransactionReading {
        ReaderWriterTransactionRepository(unit: unit)
    }
    package static func writing(in unit: ReaderWriterUnit) -> any TransactionRepository {
        ReaderWriterTransactionRepository(unit: unit)
    }
}
