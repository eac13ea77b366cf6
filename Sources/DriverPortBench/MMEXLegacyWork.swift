import LegacyDriver
import MMEXModel
import SQLiteEngine

/// The MMEX work written the legacy driver's way: `Table`, typed expressions, `row.get(expression)`.
enum MMEXLegacyWork {
    typealias Column = LegacyDriver.Expression

    static let transactions = Table("CHECKINGACCOUNT_V1")
    static let accounts = Table("ACCOUNTLIST_V1")
    static let currencies = Table("CURRENCYFORMATS_V1")

    static let id = Column<Int64>("TRANSID")
    static let accountId = Column<Int64>("ACCOUNTID")
    static let toAccountId = Column<Int64?>("TOACCOUNTID")
    static let payeeId = Column<Int64>("PAYEEID")
    static let code = Column<String>("TRANSCODE")
    static let amount = Column<StoredAmount>("TRANSAMOUNT")
    static let status = Column<String?>("STATUS")
    static let number = Column<String?>("TRANSACTIONNUMBER")
    static let notes = Column<String?>("NOTES")
    static let categoryId = Column<Int64?>("CATEGID")
    static let date = Column<String?>("TRANSDATE")
    static let lastUpdatedTime = Column<String?>("LASTUPDATEDTIME")
    static let deletedTime = Column<String?>("DELETEDTIME")
    static let followUpId = Column<Int64?>("FOLLOWUPID")
    static let toAmount = Column<StoredAmount?>("TOTRANSAMOUNT")
    static let color = Column<Int64?>("COLOR")

    static var selection: [any Expressible] { [
        id, accountId, toAccountId, payeeId, code, amount, status, number, notes, categoryId, date, lastUpdatedTime,
        deletedTime, followUpId, toAmount, color,
    ] }

    // Numbers, as the reports sum them.
    static let amountNumber = Column<Double>("TRANSAMOUNT")
    static let toAmountNumber = Column<Double?>("TOTRANSAMOUNT")
    static let initialBalance = Column<Double>("INITIALBAL")
    static let currencyId = Column<Int64>("CURRENCYID")
    static let baseRate = Column<Double>("BASECONVRATE")

    /// Transactions that count: not void, not deleted.
    static let counted = (status ?? "") != "V" && (deletedTime ?? "") == ""

    static var loadQuery: Table { transactions.select(selection) }

    static func lookupQuery(_ value: Int64) -> Table { transactions.select(selection).filter(id == value) }

    static var flowsQuery: Table {
        transactions.select(accountId, code, amountNumber.total).filter(counted).group(accountId, code)
    }

    static var transfersInQuery: Table {
        transactions.select(toAccountId, (toAmountNumber ?? amountNumber).total)
            .filter(code == "Transfer" && counted).group(toAccountId)
    }

    static var initialBalancesQuery: Table { accounts.select(accountId, initialBalance) }

    /// `substr(date, 1, 7)`: the builder has no `substr`, so it is a literal SQL fragment, as SQLite.swift apps write.
    static let month = Column<String?>(literal: MMEXWork.monthSQL)
    static let monthlyTotal = (transactions[amountNumber] * currencies[baseRate]).total

    static var monthlyQuery: Table {
        let t = transactions
        return t.select(month, t[code], monthlyTotal)
            .join(accounts, on: accounts[accountId] == t[accountId])
            .join(currencies, on: currencies[currencyId] == accounts[currencyId])
            .filter(["Deposit", "Withdrawal"].contains(t[code])
                && ((t[status] ?? "") != "V" && (t[deletedTime] ?? "") == ""))
            .group(month, t[code])
            .order(month)
    }

    // MARK: Work

    static func load(_ db: LegacyDriver.Connection) throws -> [AccountTransaction] {
        try db.prepare(loadQuery).map(transaction)
    }

    static func stream(_ db: LegacyDriver.Connection) throws -> (rows: Int, checksum: Int64) {
        var rows = 0
        var sum: Int64 = 0
        try db.prepare(loadQuery).forEach { row in
            sum &+= MMEXWork.checksum(try transaction(row))
            rows += 1
        }
        return (rows, sum)
    }

    /// One `pluck` per id (the query is built each time; its statement comes from the connection's cache).
    static func lookUp(_ db: LegacyDriver.Connection, _ ids: [Int64]) throws -> [AccountTransaction] {
        try db.transaction(.deferred) {
            var found: [AccountTransaction] = []
            for value in ids {
                if let row = try db.pluck(lookupQuery(value)) { found.append(try transaction(row)) }
            }
            return found
        }
    }

    static func balances(_ db: LegacyDriver.Connection) throws -> MMEXWork.Balances {
        var balances = MMEXWork.Balances()
        try db.prepare(initialBalancesQuery).forEach { row in
            balances.addInitial(account: try row.get(accountId), amount: try row.get(initialBalance))
        }
        try db.prepare(flowsQuery).forEach { row in
            balances.addFlow(account: try row.get(accountId), code: try row.get(code), total: try row.get(amountNumber.total))
        }
        let transfersIn = (toAmountNumber ?? amountNumber).total
        try db.prepare(transfersInQuery).forEach { row in
            balances.addTransferIn(account: try row.get(toAccountId), total: try row.get(transfersIn))
        }
        return balances
    }

    static func monthly(_ db: LegacyDriver.Connection) throws -> [MMEXWork.MonthTotal] {
        try db.prepare(monthlyQuery).map { row in
            MMEXWork.MonthTotal(
                month: try row.get(month) ?? "", code: row[transactions[code]], total: try row.get(monthlyTotal))
        }
    }

    static func transaction(_ row: LegacyDriver.Row) throws -> AccountTransaction {
        AccountTransaction(
            id: try row.get(id), accountId: try row.get(accountId), toAccountId: try row.get(toAccountId),
            payeeId: try row.get(payeeId), code: TransactionCode(rawValue: try row.get(code)), amount: try row.get(amount).amount,
            status: try row.get(status).map(TransactionStatus.init(rawValue:)), number: try row.get(number),
            notes: try row.get(notes), categoryId: try row.get(categoryId), date: try row.get(date).map(MMEXDate.init(rawValue:)),
            lastUpdatedTime: try row.get(lastUpdatedTime).map(MMEXDate.init(rawValue:)),
            deletedTime: try row.get(deletedTime).map(MMEXDate.init(rawValue:)), followUpId: try row.get(followUpId),
            toAmount: try row.get(toAmount)?.amount, color: try row.get(color))
    }
}

/// An MMEX `numeric` column for the legacy driver, exactly as stored (INTEGER, REAL or TEXT): how an app adds its
/// own type through the driver's `Value` protocol.
struct StoredAmount: Value, Binding {
    typealias Datatype = StoredAmount
    let amount: Amount

    static var declaredDatatype: String { "NUMERIC" }

    var sqliteValue: SQLiteValue {
        switch amount {
        case .integer(let value): .integer(value)
        case .real(let value): .real(value)
        case .text(let text): .text(text)
        }
    }

    static func fromSQLiteValue(_ value: SQLiteValue) -> StoredAmount? {
        switch value {
        case .integer(let number): StoredAmount(amount: .integer(number))
        case .real(let number): StoredAmount(amount: .real(number))
        case .text(let text): StoredAmount(amount: .text(text))
        default: nil
        }
    }

    static func fromDatatypeValue(_ datatypeValue: StoredAmount) -> StoredAmount { datatypeValue }
    var datatypeValue: StoredAmount { self }
}
