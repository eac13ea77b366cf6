import LegacyDriver
import MMEXModel
import SQLiteEngine

/// `CHECKINGACCOUNT_V1` and its dependants as the legacy app declares them for the query builder.
enum TransactionColumns {
    static let name = AccountTransaction.tableName
    static let table = Table(name)
    static let id = SQLExpression<Int64>("TRANSID")
    static let accountId = SQLExpression<Int64>("ACCOUNTID")
    static let toAccountId = SQLExpression<Int64?>("TOACCOUNTID")
    static let payeeId = SQLExpression<Int64>("PAYEEID")
    static let code = SQLExpression<String>("TRANSCODE")
    static let amount = SQLExpression<StoredAmount>("TRANSAMOUNT")
    static let status = SQLExpression<String?>("STATUS")
    static let number = SQLExpression<String?>("TRANSACTIONNUMBER")
    static let notes = SQLExpression<String?>("NOTES")
    static let categoryId = SQLExpression<Int64?>("CATEGID")
    static let date = SQLExpression<String?>("TRANSDATE")
    static let lastUpdatedTime = SQLExpression<String?>("LASTUPDATEDTIME")
    static let deletedTime = SQLExpression<String?>("DELETEDTIME")
    static let followUpId = SQLExpression<Int64?>("FOLLOWUPID")
    static let toAmount = SQLExpression<StoredAmount?>("TOTRANSAMOUNT")
    static let color = SQLExpression<Int64?>("COLOR")
    /// The day of `TRANSDATE`: its first ten characters, so `2024-04-16` and `2024-04-16T00:00:00` compare alike.
    static let day = SQLExpression<String?>("substr(\"TRANSDATE\", 1, 10)", [])

    /// Every column qualified with the table name (`"CHECKINGACCOUNT_V1"."TRANSID"`).
    static var qualified: [any Expressible] {
        [
            table[id], table[accountId], table[toAccountId], table[payeeId], table[code], table[amount], table[status],
            table[number], table[notes], table[categoryId], table[date], table[lastUpdatedTime], table[deletedTime],
            table[followUpId], table[toAmount], table[color],
        ]
    }

    static var all: [any Expressible] {
        [
        id, accountId, toAccountId, payeeId, code, amount, status, number, notes, categoryId, date, lastUpdatedTime,
        deletedTime, followUpId, toAmount, color,
        ]
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
struct StoredAmount: Value, Binding, Hashable {
    typealias Datatype = StoredAmount
    let amount: Amount

    init(_ amount: Amount) { self.amount = amount }

    static var declaredDatatype: String { "NUMERIC" }

    var sqliteValue: SQLiteValue {
        switch amount {
        case .integer(let value): .integer(value)
        case .real(let value): .real(value)
        case .text(let value): .text(value)
        }
    }

    static func fromSQLiteValue(_ value: SQLiteValue) -> StoredAmount? {
        switch value {
        case .integer(let number): StoredAmount(.integer(number))
        case .real(let number): StoredAmount(.real(number))
        case .text(let text): StoredAmount(.text(text))
        case .null, .blob: nil
        }
    }

    static func fromDatatypeValue(_ datatypeValue: StoredAmount) -> StoredAmount { datatypeValue }
    var datatypeValue: StoredAmount { self }
}
