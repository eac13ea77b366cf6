import LegacyDriver
import MMEXLegacy
import MMEXModel
import SQLiteEngine

/// The MMEX work written the legacy driver's way: `Table`, typed expressions, `row.get(expression)`.
enum MMEXLegacyWork {
    typealias Column = LegacyDriver.Expression

    /// The app's own declarations of `CHECKINGACCOUNT_V1` (MMEXLegacy's), as the legacy repositories use them.
    typealias T = TransactionColumns
    static let transactions = T.table
    static let accounts = Table("ACCOUNTLIST_V1")
    static let currencies = Table("CURRENCYFORMATS_V1")

    static var selection: [any Expressible] { T.all }

    // Numbers, as the reports sum them.
    static let amountNumber = Column<Double>("TRANSAMOUNT")
    static let toAmountNumber = Column<Double?>("TOTRANSAMOUNT")
    static let initialBalance = Column<Double>("INITIALBAL")
    static let currencyId = Column<Int64>("CURRENCYID")
    static let baseRate = Column<Double>("BASECONVRATE")

    /// Transactions that count: not void, not deleted.
    static let counted = (T.status ?? "") != "V" && (T.deletedTime ?? "") == ""

    static var loadQuery: Table { transactions.select(selection) }

    static func lookupQuery(_ value: Int64) -> Table { transactions.select(selection).filter(T.id == value) }

    static var flowsQuery: Table {
        transactions.select(T.accountId, T.code, amountNumber.total).filter(counted).group(T.accountId, T.code)
    }

    static var transfersInQuery: Table {
        transactions.select(T.toAccountId, (toAmountNumber ?? amountNumber).total)
            .filter(T.code == "Transfer" && counted).group(T.toAccountId)
    }

    static var initialBalancesQuery: Table { accounts.select(T.accountId, initialBalance) }

    /// `substr(date, 1, 7)`: the builder has no `substr`, so it is a literal SQL fragment, as SQLite.swift apps write.
    static let month = Column<String?>(literal: MMEXWork.monthSQL)
    static let monthlyTotal = (transactions[amountNumber] * currencies[baseRate]).total

    static var monthlyQuery: Table {
        let t = transactions
        return t.select(month, t[T.code], monthlyTotal)
            .join(accounts, on: accounts[T.accountId] == t[T.accountId])
            .join(currencies, on: currencies[currencyId] == accounts[currencyId])
            .filter(["Deposit", "Withdrawal"].contains(t[T.code])
                && ((t[T.status] ?? "") != "V" && (t[T.deletedTime] ?? "") == ""))
            .group(month, t[T.code])
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
            balances.addInitial(account: try row.get(T.accountId), amount: try row.get(initialBalance))
        }
        try db.prepare(flowsQuery).forEach { row in
            balances.addFlow(account: try row.get(T.accountId), code: try row.get(T.code), total: try row.get(amountNumber.total))
        }
        let transfersIn = (toAmountNumber ?? amountNumber).total
        try db.prepare(transfersInQuery).forEach { row in
            balances.addTransferIn(account: try row.get(T.toAccountId), total: try row.get(transfersIn))
        }
        return balances
    }

    static func monthly(_ db: LegacyDriver.Connection) throws -> [MMEXWork.MonthTotal] {
        try db.prepare(monthlyQuery).map { row in
            MMEXWork.MonthTotal(
                month: try row.get(month) ?? "", code: row[transactions[T.code]], total: try row.get(monthlyTotal))
        }
    }

    static func transaction(_ row: LegacyDriver.Row) throws -> AccountTransaction { try T.record(row) }
}
