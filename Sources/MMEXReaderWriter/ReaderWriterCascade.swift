import MMEXModel
import ReaderWriterDriver

/// The rows that hang off transactions or scheduled transactions, deleted with them (SQL on the unit's handle).
enum ReaderWriterCascade {
    /// Which parent rows: `CHECKINGACCOUNT_V1` or `BILLSDEPOSITS_V1`.
    enum Kind {
        case transaction, scheduled

        var splitTable: String { self == .transaction ? TransactionSplit.tableName : ScheduledSplit.tableName }
        var refType: String { self == .transaction ? "Transaction" : "RecurringTransaction" }
        var splitRefType: String { self == .transaction ? "TransactionSplit" : "RecurringTransactionSplit" }
    }

    /// The user tables of the open file (upper-cased names; old files lack the newer link tables).
    static func tables(_ db: Database) throws -> Set<String> {
        Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'").map { $0.uppercased() })
    }

    /// Deletes, for the parents `parents` (SQL selecting their ids, with `arguments`): split tag links, splits, tag
    /// links, attachments rows, custom field values, and (for transactions) translinks and share info; tables
    /// missing from `tables` are skipped.
    static func deleteDependants(
        of parents: String, _ arguments: [Int64], kind: Kind, tables: Set<String>, _ db: Database
    ) throws {
        let ids = StatementArguments(arguments.map { .integer($0) })
        if tables.contains(TagLink.tableName), tables.contains(kind.splitTable) {
            try db.execute(
                sql: "DELETE FROM TAGLINK_V1 WHERE REFTYPE = '\(kind.splitRefType)' AND REFID IN "
                    + "(SELECT SPLITTRANSID FROM \(kind.splitTable) WHERE TRANSID IN (\(parents)))",
                arguments: ids
            )
        }
        if tables.contains(kind.splitTable) {
            try db.execute(sql: "DELETE FROM \(kind.splitTable) WHERE TRANSID IN (\(parents))", arguments: ids)
        }
        for table in [TagLink.tableName, Attachment.tableName] where tables.contains(table) {
            try db.execute(sql: "DELETE FROM \(table) WHERE REFTYPE = '\(kind.refType)' AND REFID IN (\(parents))", arguments: ids)
        }
        if tables.contains(CustomFieldValue.tableName), tables.contains(CustomField.tableName) {
            try db.execute(
                sql: "DELETE FROM CUSTOMFIELDDATA_V1 WHERE REFID IN (\(parents)) "
                    + "AND FIELDID IN (SELECT FIELDID FROM CUSTOMFIELD_V1 WHERE REFTYPE = '\(kind.refType)')",
                arguments: ids
            )
        }
        guard kind == .transaction else { return }
        for table in [TransactionLink.tableName, ShareInfo.tableName] where tables.contains(table) {
            try db.execute(sql: "DELETE FROM \(table) WHERE CHECKINGACCOUNTID IN (\(parents))", arguments: ids)
        }
    }
}
