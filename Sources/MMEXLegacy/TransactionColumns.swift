import LegacyDriver
import MMEXModel
import SQLiteEngine

/// `CHECKINGACCOUNT_V1` and its dependants as the legacy app declares them for the query builder.
package enum TransactionColumns {
    package static let name = AccountTransaction.tableName
    package static let table = Table(name)
    package static let id = SQLExpression<Int64>("TRANSID")
    package static let accountId = SQLExpression<Int64>("ACCOUNTID")
    package static let toAccountId = SQLExpression<Int64?>("TOACCOUNTID")
    package static let payeeId = SQLExpression<Int64>("PAYEEID")
    package static let code = SQLExpression<String>("TRANSCODE")
    package static let amount = SQLExpression<StoredAmount>("TRANSAMOUNT")
    package static let status = SQLExpression<String?>("STATUS")
    package static let number = SQLExpression<String?>("TRANSACTIONNUMBER")
    package static let notes = SQLExpression<String?>("NOTES")
    package static let categoryId = SQLExpression<Int64?>("CATEGID")
    package static let date = SQLExpression<String?>("TRANSDATE")
    package static let lastUpdatedTime = SQLExpression<String?>("LASTUPDATEDTIME")
    package static let deletedTime = SQLExpression<String?>("DELETEDTIME")
    package static let followUpId = SQLExpression<Int64?>("FOLLOWUPID")
    package static let toAmount = SQLExpression<StoredAmount?>("TOTRANSAMOUNT")
    package static let color = SQLExpression<Int64?>("COLOR")
    /// The day of `TRANSDATE`: its first ten characters, so `2024-04-16` and `2024-04-16T00:00:00` compare alike.
    package static let day = SQLExpression<String?>("substr(\"TRANSDATE\", 1, 10)", [])

    /// Every column qualified with the table name (`"CHECKINGACCOUNT_V1"."TRANSID"`).
    package static var qualified: [any Expressible] {
        [
            table[id], table[accountId], table[toAccountId], table[payeeId], table[code], table[amount], table[status],
            table[number], table[notes], table[categoryId], table[date], table[lastUpdatedTime], table[deletedTime],
            table[followUpId], table[toAmount], table[color],
        ]
    }

    package static var all: [any Expressible] {
        [
        id, accountId, toAccountId, payeeId, code, amount, status, number, notes, categoryId, date, lastUpdatedTime,
        deletedTime, followUpId, toAmount, color,
        ]
    }

    /// A row of a selection of these columns as the record (the legacy repositories' reading, and the benchmark's).
    package static func record(_ row: Row) throws(LegacyError) -> AccountTransaction {
        AccountTransaction(
            id: try row.get(id), accountId: try row.get(accountId), toAccountId: try row.get(toAccountId),
            payeeId: try row.get(payeeId), code: TransactionCode(rawValue: try row.get(code)),
            amount: try row.get(amount).amount, status: try row.get(status).map(TransactionStatus.init(rawValue:)),
            number: try row.get(number), notes: try row.get(notes), categoryId: try row.get(categoryId),
            date: try row.get(date).map(MMEXDate.init(rawValue:)),
            lastUpdatedTime: try row.get(lastUpdatedTime).map(MMEXDate.init(rawValue:)),
            deletedTime: try row.get(deletedTime).map(MMEXDate.init(rawValue:)),
            followUpId: try row.get(followUpId), toAmount: try row.get(toAmount)?.amount, color: try row.get(color)
        )
    }
}

/// `SPLITTRANSACTIONS_V1`.
enum SplitColumns {
    static let name = TransactionSplit.tableName
    static let table = Table(name)
    static let id = SQLExpression<Int64>("SPLITTRANSID")
    static let transactionId = SQLExpression<Int64>("TRANSID")
    static let categoryId = SQLExpression<Int64?>("CATEGID")
    static let amount = SQLExpression<StoredAmount?>("SPLITTRANSAMOUNT")
    static let notes = SQLExpression<String?>("NOTES")
}

/// `TAGLINK_V1`.
enum TagLinkColumns {
    static let name = TagLink.tableName
    static let table = Table(name)
    static let id = SQLExpression<Int64>("TAGLINKID")
    static let refType = SQLExpression<String>("REFTYPE")
    static let refId = SQLExpression<Int64>("REFID")
    static let tagId = SQLExpression<Int64>("TAGID")
}

/// `CUSTOMFIELD_V1` (only what a transaction's values need) and `CUSTOMFIELDDATA_V1`.
enum CustomFieldColumns {
    static let fieldTable = Table(CustomField.tableName)
    static let fieldId = SQLExpression<Int64>("FIELDID")
    static let fieldRefType = SQLExpression<String>("REFTYPE")

    static let name = CustomFieldValue.tableName
    static let table = Table(name)
    static let id = SQLExpression<Int64>("FIELDATADID")
    static let valueFieldId = SQLExpression<Int64>("FIELDID")
    static let refId = SQLExpression<Int64>("REFID")
    static let content = SQLExpression<String?>("CONTENT")
}

/// `ATTACHMENT_V1`.
enum AttachmentColumns {
    static let name = Attachment.tableName
    static let table = Table(name)
    static let id = SQLExpression<Int64>("ATTACHMENTID")
    static let refType = SQLExpression<String>("REFTYPE")
    static let refId = SQLExpression<Int64>("REFID")
    static let description = SQLExpression<String?>("DESCRIPTION")
    static let fileName = SQLExpression<String>("FILENAME")
}

/// `TRANSLINK_V1`.
enum TransactionLinkColumns {
    static let name = TransactionLink.tableName
    static let table = Table(name)
    static let id = SQLExpression<Int64>("TRANSLINKID")
    static let transactionId = SQLExpression<Int64>("CHECKINGACCOUNTID")
    static let linkType = SQLExpression<String>("LINKTYPE")
    static let linkRecordId = SQLExpression<Int64>("LINKRECORDID")
}

/// `SHAREINFO_V1`.
enum ShareInfoColumns {
    static let name = ShareInfo.tableName
    static let table = Table(name)
    static let id = SQLExpression<Int64>("SHAREINFOID")
    static let transactionId = SQLExpression<Int64>("CHECKINGACCOUNTID")
    static let shares = SQLExpression<StoredAmount?>("SHARENUMBER")
    static let price = SQLExpression<StoredAmount?>("SHAREPRICE")
    static let commission = SQLExpression<StoredAmount?>("SHARECOMMISSION")
    static let lot = SQLExpression<String?>("SHARELOT")
}

/// `ACCOUNTLIST_V1`, only the initial balance a register starts from (the accounts slice owns the rest).
enum LedgerAccountColumns {
    static let table = Table("ACCOUNTLIST_V1")
    static let id = SQLExpression<Int64>("ACCOUNTID")
    static let initialBalance = SQLExpression<StoredAmount?>("INITIALBAL")
}

/// A `numeric` column's value for the query builder, kept in the storage class SQLite returned (INTEGER, REAL or
/// TEXT) and bound back in the same class: the legacy side of ``Amount``.
package struct StoredAmount: Value, Binding, Hashable {
    package typealias Datatype = StoredAmount
    package let amount: Amount

    package init(_ amount: Amount) { self.amount = amount }

    package static var declaredDatatype: String { "NUMERIC" }

    package var sqliteValue: SQLiteValue {
        switch amount {
        case .integer(let value): .integer(value)
        case .real(let value): .real(value)
        case .text(let value): .text(value)
        }
    }

    package static func fromSQLiteValue(_ value: SQLiteValue) -> StoredAmount? {
        switch value {
        case .integer(let number): StoredAmount(.integer(number))
        case .real(let number): StoredAmount(.real(number))
        case .text(let text): StoredAmount(.text(text))
        case .null, .blob: nil
        }
    }

    package static func fromDatatypeValue(_ datatypeValue: StoredAmount) -> StoredAmount { datatypeValue }
    package var datatypeValue: StoredAmount { self }
}
