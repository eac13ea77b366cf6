import LegacyDriver
import MMEXModel
import MMEXSessionSupport
import MMEXSession
import PersistenceSession

/// `CHECKINGACCOUNT_V1` and its dependants on the legacy driver: query builder on the retained connection, the way
/// the MMEX app writes its repositories. The register rules are ``LedgerRule``'s; the id and reference rules of a
/// write are ``TransactionDetailPlan``'s. Every write runs inside the caller's unit of work, so a transaction and its
/// dependants commit or roll back together.
struct LegacyTransactionRepository: TransactionRepository {
    let unit: LegacyUnit
    private typealias Columns = TransactionColumns
    private static let splitRefType = TransactionDetailPlan.splitRefType
    private static let transactionRefType = TransactionDetailPlan.transactionRefType

    // MARK: Reading rows

    /// Every column, qualified with the table name: on a file whose table lacks a v21 column (MMEX 0.9.7), SQLite then
    /// reports "no such column" instead of reading a double-quoted unknown identifier as a string literal.
    private var selection: Table { Columns.table.select(Columns.qualified) }

    private func transaction(_ row: Row) throws -> AccountTransaction {
        try unit.read(Columns.name) { () throws(LegacyError) in try Columns.record(row) }
    }

    private func splits(of transactionId: Int64) throws -> [TransactionSplit] {
        typealias S = SplitColumns
        let query = S.table.select(S.table[S.id], S.table[S.transactionId], S.table[S.categoryId], S.table[S.amount], S.table[S.notes])
            .filter(S.transactionId == transactionId).order(S.id)
        return try unit.db.prepare(query).map { row in
            try unit.read(S.name) { () throws(LegacyError) in
                TransactionSplit(
                    id: try row.get(S.id), transactionId: try row.get(S.transactionId), categoryId: try row.get(S.categoryId),
                    amount: try row.get(S.amount)?.amount, notes: try row.get(S.notes)
                )
            }
        }
    }

    /// The ids of a transaction's splits, as a subquery.
    private func splitIds(of transactionId: Int64) -> ScalarQuery<Int64> {
        SplitColumns.table.select(SplitColumns.id).filter(SplitColumns.transactionId == transactionId)
    }

    /// The tag links of a transaction and of its splits.
    private func tagLinksCondition(of transactionId: Int64) -> Expression<Bool> {
        typealias T = TagLinkColumns
        return (T.refType == Self.transactionRefType && T.refId == transactionId)
            || (T.refType == Self.splitRefType && splitIds(of: transactionId).contains(T.refId))
    }

    private func tagLinks(of transactionId: Int64) throws -> [TagLink] {
        typealias T = TagLinkColumns
        let query = T.table.select(T.table[T.id], T.table[T.refType], T.table[T.refId], T.table[T.tagId]).filter(tagLinksCondition(of: transactionId)).order(T.id)
        return try unit.db.prepare(query).map { row in
            try unit.read(T.name) { () throws(LegacyError) in
                TagLink(id: try row.get(T.id), refType: try row.get(T.refType), refId: try row.get(T.refId), tagId: try row.get(T.tagId))
            }
        }
    }

    /// The fields whose values belong to transactions, as a subquery.
    private var transactionFields: ScalarQuery<Int64> {
        CustomFieldColumns.fieldTable.select(CustomFieldColumns.fieldId)
            .filter(CustomFieldColumns.fieldRefType == Self.transactionRefType)
    }

    private func customValuesCondition(of transactionId: Int64) -> Expression<Bool> {
        CustomFieldColumns.refId == transactionId && transactionFields.contains(CustomFieldColumns.valueFieldId)
    }

    private func customFieldValues(of transactionId: Int64) throws -> [CustomFieldValue] {
        typealias C = CustomFieldColumns
        let query = C.table.select(C.table[C.id], C.table[C.valueFieldId], C.table[C.refId], C.table[C.content])
            .filter(customValuesCondition(of: transactionId)).order(C.id)
        return try unit.db.prepare(query).map { row in
            try unit.read(C.name) { () throws(LegacyError) in
                CustomFieldValue(id: try row.get(C.id), fieldId: try row.get(C.valueFieldId), refId: try row.get(C.refId), content: try row.get(C.content))
            }
        }
    }

    private func attachmentsCondition(of transactionId: Int64) -> Expression<Bool> {
        AttachmentColumns.refType == Self.transactionRefType && AttachmentColumns.refId == transactionId
    }

    private func attachments(of transactionId: Int64) throws -> [Attachment] {
        typealias A = AttachmentColumns
        let query = A.table.select(A.table[A.id], A.table[A.refType], A.table[A.refId], A.table[A.description], A.table[A.fileName])
            .filter(attachmentsCondition(of: transactionId)).order(A.id)
        return try unit.db.prepare(query).map { row in
            try unit.read(A.name) { () throws(LegacyError) in
                Attachment(
                    id: try row.get(A.id), refType: try row.get(A.refType), refId: try row.get(A.refId),
                    description: try row.get(A.description), fileName: try row.get(A.fileName)
                )
            }
        }
    }

    private func links(of transactionId: Int64) throws -> [TransactionLink] {
        typealias L = TransactionLinkColumns
        let query = L.table.select(L.table[L.id], L.table[L.transactionId], L.table[L.linkType], L.table[L.linkRecordId])
            .filter(L.transactionId == transactionId).order(L.id)
        return try unit.db.prepare(query).map { row in
            try unit.read(L.name) { () throws(LegacyError) in
                TransactionLink(
                    id: try row.get(L.id), transactionId: try row.get(L.transactionId), linkType: try row.get(L.linkType),
                    linkRecordId: try row.get(L.linkRecordId)
                )
            }
        }
    }

    private func shareInfo(of transactionId: Int64) throws -> ShareInfo? {
        typealias S = ShareInfoColumns
        let query = S.table.select(S.table[S.id], S.table[S.transactionId], S.table[S.shares], S.table[S.price], S.table[S.commission], S.table[S.lot])
            .filter(S.transactionId == transactionId).order(S.id).limit(1)
        return try unit.db.pluck(query).map { row in
            try unit.read(S.name) { () throws(LegacyError) in
                ShareInfo(
                    id: try row.get(S.id), transactionId: try row.get(S.transactionId), shares: try row.get(S.shares)?.amount,
                    price: try row.get(S.price)?.amount, commission: try row.get(S.commission)?.amount, lot: try row.get(S.lot)
                )
            }
        }
    }

    // MARK: TransactionReading

    func transaction(id: Int64) throws -> TransactionDetail? {
        try unit.run {
            guard let row = try unit.db.pluck(selection.filter(Columns.id == id)) else { return nil }
            return TransactionDetail(
                transaction: try transaction(row), splits: try splits(of: id), tagLinks: try tagLinks(of: id),
                customFieldValues: try customFieldValues(of: id), attachments: try attachments(of: id),
                links: try links(of: id), shareInfo: try shareInfo(of: id)
            )
        }
    }

    func ledger(accountId: Int64, from: CalendarDay?, to: CalendarDay?) throws -> [LedgerEntry] {
        try unit.run {
            let inAccount = Columns.accountId == accountId
                || (Columns.code == LedgerRule.transferCode && Columns.toAccountId == accountId)
            let ordered = selection.filter(inAccount).order(Columns.date.asc, Columns.id.asc)
            var range = ordered
            var before: [AccountTransaction] = []
            if let from {
                let earlier = Columns.date.isNull || Columns.day < from.iso
                before = try unit.db.prepare(ordered.filter(earlier)).map(transaction)
                range = range.filter(Columns.date.isNotNull && Columns.day >= from.iso)
            }
            if let to {
                range = range.filter(Columns.date.isNull || Columns.day <= to.iso)
            }
            let initial = try unit.db.pluck(
                LedgerAccountColumns.table.select(LedgerAccountColumns.initialBalance)
                    .filter(LedgerAccountColumns.id == accountId)
            ).map { row in
                try unit.read("ACCOUNTLIST_V1") { () throws(LegacyError) in try row.get(LedgerAccountColumns.initialBalance)?.amount }
            } ?? nil
            let opening = LedgerRule.openingBalance(initialBalance: initial, before: before, accountId: accountId)
            let rows = try unit.db.prepare(range).map(transaction)
            return LedgerRule.entries(opening: opening, rows: rows, accountId: accountId)
        }
    }

    // MARK: TransactionRepository

    func insert(_ detail: TransactionDetail) throws -> TransactionDetail {
        try unit.run {
            let planned = try plan(detail)
            try unit.db.run(Columns.table.insert(setters(planned.transaction)))
            try insertDependants(planned)
            return try stored(planned.transaction.id)
        }
    }

    func update(_ detail: TransactionDetail) throws -> TransactionDetail {
        try unit.run {
            let id = detail.transaction.id
            guard try unit.db.pluck(Columns.table.select(Columns.id).filter(Columns.id == id)) != nil else {
                throw TransactionDetailPlan.missing(id)
            }
            try deleteDependants(of: id)
            let planned = try plan(detail)
            try unit.db.run(Columns.table.filter(Columns.id == id).update(setters(planned.transaction)))
            try insertDependants(planned)
            return try stored(id)
        }
    }

    func deleteTransaction(id: Int64) throws -> Bool {
        try unit.run {
            try deleteDependants(of: id)
            return try unit.db.run(Columns.table.filter(Columns.id == id).delete()) > 0
        }
    }

    // MARK: Writing rows

    private func stored(_ id: Int64) throws -> TransactionDetail {
        guard let detail = try transaction(id: id) else { throw TransactionDetailPlan.missing(id) }
        return detail
    }

    private func plan(_ detail: TransactionDetail) throws -> TransactionDetail {
        try TransactionDetailPlan.prepare(
            detail, minter: unit.minter,
            isTaken: { table, candidate in
                let key = SQLExpression<Int64>(primaryKey(of: table))
                return try unit.db.pluck(Table(table).select(key).filter(key == candidate)) != nil
            },
            isTransactionField: { fieldId in
                try unit.db.scalar(transactionFields.filter(CustomFieldColumns.fieldId == fieldId).count) > 0
            }
        )
    }

    private func primaryKey(of table: String) -> String {
        switch table {
        case AccountTransaction.tableName: AccountTransaction.primaryKey.name
        case TransactionSplit.tableName: TransactionSplit.primaryKey.name
        case TagLink.tableName: TagLink.primaryKey.name
        case CustomFieldValue.tableName: CustomFieldValue.primaryKey.name
        case Attachment.tableName: Attachment.primaryKey.name
        case TransactionLink.tableName: TransactionLink.primaryKey.name
        default: ShareInfo.primaryKey.name
        }
    }

    private func setters(_ t: AccountTransaction) -> [Setter] {
        [
            Columns.id <- t.id, Columns.accountId <- t.accountId, Columns.toAccountId <- t.toAccountId,
            Columns.payeeId <- t.payeeId, Columns.code <- t.code.rawValue, Columns.amount <- StoredAmount(t.amount),
            Columns.status <- t.status?.rawValue, Columns.number <- t.number, Columns.notes <- t.notes,
            Columns.categoryId <- t.categoryId, Columns.date <- t.date?.rawValue,
            Columns.lastUpdatedTime <- t.lastUpdatedTime?.rawValue, Columns.deletedTime <- t.deletedTime?.rawValue,
            Columns.followUpId <- t.followUpId, Columns.toAmount <- t.toAmount.map(StoredAmount.init),
            Columns.color <- t.color,
        ]
    }

    private func insertDependants(_ detail: TransactionDetail) throws {
        for split in detail.splits {
            typealias S = SplitColumns
            try unit.db.run(S.table.insert(
                S.id <- split.id, S.transactionId <- split.transactionId, S.categoryId <- split.categoryId,
                S.amount <- split.amount.map(StoredAmount.init), S.notes <- split.notes
            ))
        }
        for link in detail.tagLinks {
            typealias T = TagLinkColumns
            try unit.db.run(T.table.insert(T.id <- link.id, T.refType <- link.refType, T.refId <- link.refId, T.tagId <- link.tagId))
        }
        for value in detail.customFieldValues {
            typealias C = CustomFieldColumns
            try unit.db.run(C.table.insert(
                C.id <- value.id, C.valueFieldId <- value.fieldId, C.refId <- value.refId, C.content <- value.content
            ))
        }
        for attachment in detail.attachments {
            typealias A = AttachmentColumns
            try unit.db.run(A.table.insert(
                A.id <- attachment.id, A.refType <- attachment.refType, A.refId <- attachment.refId,
                A.description <- attachment.description, A.fileName <- attachment.fileName
            ))
        }
        for link in detail.links {
            typealias L = TransactionLinkColumns
            try unit.db.run(L.table.insert(
                L.id <- link.id, L.transactionId <- link.transactionId, L.linkType <- link.linkType,
                L.linkRecordId <- link.linkRecordId
            ))
        }
        if let share = detail.shareInfo {
            typealias S = ShareInfoColumns
            try unit.db.run(S.table.insert(
                S.id <- share.id, S.transactionId <- share.transactionId, S.shares <- share.shares.map(StoredAmount.init),
                S.price <- share.price.map(StoredAmount.init), S.commission <- share.commission.map(StoredAmount.init),
                S.lot <- share.lot
            ))
        }
    }

    /// Deletes everything that hangs off a transaction: split tag links before the splits they name.
    private func deleteDependants(of id: Int64) throws {
        try unit.db.run(TagLinkColumns.table.filter(tagLinksCondition(of: id)).delete())
        try unit.db.run(SplitColumns.table.filter(SplitColumns.transactionId == id).delete())
        try unit.db.run(CustomFieldColumns.table.filter(customValuesCondition(of: id)).delete())
        try unit.db.run(AttachmentColumns.table.filter(attachmentsCondition(of: id)).delete())
        try unit.db.run(TransactionLinkColumns.table.filter(TransactionLinkColumns.transactionId == id).delete())
        try unit.db.run(ShareInfoColumns.table.filter(ShareInfoColumns.transactionId == id).delete())
    }
}

/// Vends the repository in legacy units of work (`context.transactions`).
extension TransactionRepositoryKey: LegacyReadableRepositoryKey {
    package static func reading(in unit: LegacyUnit) -> any TransactionReading {
        LegacyTransactionRepository(unit: unit)
    }
    package static func writing(in unit: LegacyUnit) -> any TransactionRepository {
        LegacyTransactionRepository(unit: unit)
    }
}
