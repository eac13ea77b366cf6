import LegacyDriver
import MMEXModel

/// The user tables of the open file, read from `sqlite_master` (old files lack the newer link tables).
enum LegacySchema {
    static func tables(_ unit: LegacyUnit) throws -> Set<String> {
        let query = SchemaColumns.table.select(SchemaColumns.name).filter(SchemaColumns.type == "table")
        return Set(try unit.db.prepare(query).map { try $0.get(SchemaColumns.name).uppercased() })
    }
}

/// The rows that hang off transactions or scheduled transactions, deleted with them (query builder).
enum LegacyCascade {
    /// Which parent rows: `CHECKINGACCOUNT_V1` or `BILLSDEPOSITS_V1`.
    enum Kind {
        case transaction, scheduled

        var splitTable: String { self == .transaction ? TransactionSplit.tableName : ScheduledSplit.tableName }
        var refType: String { self == .transaction ? "Transaction" : "RecurringTransaction" }
        var splitRefType: String { self == .transaction ? "TransactionSplit" : "RecurringTransactionSplit" }
    }

    /// Deletes, for the parents `ids` selects: split tag links, splits, tag links, attachments rows, custom field
    /// values, and (for transactions) translinks and share info; tables missing from `tables` are skipped.
    static func deleteDependants(of ids: ScalarQuery<Int64>, kind: Kind, tables: Set<String>, unit: LegacyUnit) throws {
        let refType = SQLExpression<String>("REFTYPE"), refId = SQLExpression<Int64>("REFID")
        let splitId = SQLExpression<Int64>("SPLITTRANSID"), parentId = SQLExpression<Int64>("TRANSID")
        let splits = Table(kind.splitTable)
        if tables.contains(TagLink.tableName), tables.contains(kind.splitTable) {
            let splitIds: ScalarQuery<Int64> = splits.select(splitId).filter(ids.contains(parentId))
            try unit.db.run(Table(TagLink.tableName).filter(refType == kind.splitRefType && splitIds.contains(refId)).delete())
        }
        if tables.contains(kind.splitTable) {
            try unit.db.run(splits.filter(ids.contains(parentId)).delete())
        }
        for table in [TagLink.tableName, Attachment.tableName] where tables.contains(table) {
            try unit.db.run(Table(table).filter(refType == kind.refType && ids.contains(refId)).delete())
        }
        if tables.contains(CustomFieldValue.tableName), tables.contains(CustomField.tableName) {
            let fieldId = SQLExpression<Int64>("FIELDID")
            let fields: ScalarQuery<Int64> = Table(CustomField.tableName).select(fieldId).filter(refType == kind.refType)
            try unit.db.run(Table(CustomFieldValue.tableName).filter(ids.contains(refId) && fields.contains(fieldId)).delete())
        }
        guard kind == .transaction else { return }
        let checkingId = SQLExpression<Int64>("CHECKINGACCOUNTID")
        for table in [TransactionLink.tableName, ShareInfo.tableName] where tables.contains(table) {
            try unit.db.run(Table(table).filter(ids.contains(checkingId)).delete())
        }
    }
}
