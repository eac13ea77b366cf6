import LegacyDriver
import MMEXModel

/// `ACCOUNTLIST_V1` as the legacy app declares it for the query builder.
enum AccountColumns {
    static let table = Table(Account.tableName)
    static let id = SQLExpression<Int64>("ACCOUNTID")
    static let name = SQLExpression<String>("ACCOUNTNAME")
    static let type = SQLExpression<AccountType>("ACCOUNTTYPE")
    static let number = SQLExpression<String?>("ACCOUNTNUM")
    static let status = SQLExpression<AccountStatus>("STATUS")
    static let notes = SQLExpression<String?>("NOTES")
    static let heldAt = SQLExpression<String?>("HELDAT")
    static let website = SQLExpression<String?>("WEBSITE")
    static let contactInfo = SQLExpression<String?>("CONTACTINFO")
    static let accessInfo = SQLExpression<String?>("ACCESSINFO")
    static let initialBalance = SQLExpression<Amount?>("INITIALBAL")
    static let initialDate = SQLExpression<MMEXDate?>("INITIALDATE")
    static let favorite = SQLExpression<String>("FAVORITEACCT")
    static let currencyId = SQLExpression<Int64>("CURRENCYID")
    static let statementLocked = SQLExpression<Int64?>("STATEMENTLOCKED")
    static let statementDate = SQLExpression<MMEXDate?>("STATEMENTDATE")
    static let minimumBalance = SQLExpression<Amount?>("MINIMUMBALANCE")
    static let creditLimit = SQLExpression<Amount?>("CREDITLIMIT")
    static let interestRate = SQLExpression<Amount?>("INTERESTRATE")
    static let paymentDueDate = SQLExpression<MMEXDate?>("PAYMENTDUEDATE")
    static let minimumPayment = SQLExpression<Amount?>("MINIMUMPAYMENT")

    /// Every v21 column, in the record's order.
    static var selection: Table {
        table.select(
            id, name, type, number, status, notes, heldAt, website, contactInfo, accessInfo, initialBalance, initialDate,
            favorite, currencyId, statementLocked, statementDate, minimumBalance, creditLimit, interestRate,
            paymentDueDate, minimumPayment
        )
    }

    static func setters(_ account: Account) -> [Setter] {
        [
            name <- account.name, type <- account.type, number <- account.number, status <- account.status,
            notes <- account.notes, heldAt <- account.heldAt, website <- account.website,
            contactInfo <- account.contactInfo, accessInfo <- account.accessInfo,
            initialBalance <- account.initialBalance, initialDate <- account.initialDate, favorite <- account.favorite,
            currencyId <- account.currencyId, statementLocked <- account.statementLocked,
            statementDate <- account.statementDate, minimumBalance <- account.minimumBalance,
            creditLimit <- account.creditLimit, interestRate <- account.interestRate,
            paymentDueDate <- account.paymentDueDate, minimumPayment <- account.minimumPayment,
        ]
    }
}

/// The columns of `CHECKINGACCOUNT_V1` that balances, flows and cascading deletes read.
enum LedgerColumns {
    static let table = Table(AccountTransaction.tableName)
    static let id = SQLExpression<Int64>("TRANSID")
    static let accountId = SQLExpression<Int64>("ACCOUNTID")
    static let toAccountId = SQLExpression<Int64?>("TOACCOUNTID")
    /// `TOACCOUNTID` where it cannot be NULL (the rows a transfer-in query groups).
    static let transferTarget = SQLExpression<Int64>("TOACCOUNTID")
    static let code = SQLExpression<String>("TRANSCODE")
    static let amount = SQLExpression<Amount>("TRANSAMOUNT")
    static let toAmount = SQLExpression<Amount?>("TOTRANSAMOUNT")
    static let status = SQLExpression<String?>("STATUS")
    static let date = SQLExpression<MMEXDate?>("TRANSDATE")
    static let deletedTime = SQLExpression<String?>("DELETEDTIME")

    /// Not deleted: `DELETEDTIME` NULL or empty.
    static var notDeleted: Expression<Bool> { (deletedTime ?? "") == "" }
    /// Not void: `STATUS` other than `V` (NULL counts as unreconciled).
    static var notVoid: Expression<Bool> { (status ?? "") != TransactionStatus.void.rawValue }
}
