import MMEXModel
import MMEXSessionSupport
import ReaderWriterDriver

/// `ACCOUNTLIST_V1` on the reader/writer driver (SQL and records), with balances and flows summed from
/// `CHECKINGACCOUNT_V1`.
///
/// Same contract as `LegacyAccountRepository`: one SQL `sum()` per code (the same filters, so SQLite adds the same
/// rows in the same order), combined by ``AccountTotals``; flows leave out `Investment` accounts; deleting an account
/// removes its transactions and scheduled transactions with everything hanging off them, in the one unit of work.
struct ReaderWriterAccountRepository: AccountRepository {
    let unit: ReaderWriterUnit
    private typealias Accounts = ModelRecord<Account>

    /// The filters a balance counts a transaction with (not void, not deleted).
    private static let counted = "ifnull(STATUS, '') != 'V' AND ifnull(DELETEDTIME, '') = ''"
    /// The accounts flows cover.
    private static let flowAccounts = "SELECT ACCOUNTID FROM ACCOUNTLIST_V1 WHERE ACCOUNTTYPE != 'Investment'"

    // MARK: Reading

    func accounts() throws -> [Account] {
        try unit.requireColumns(of: Account.self)
        return try unit.run { db in try Accounts.all(db, Accounts.selection + " ORDER BY ACCOUNTID") }
    }

    func account(id: Int64) throws -> Account? {
        try unit.requireColumns(of: Account.self)
        return try unit.run { db in try Accounts.one(db, Accounts.selection + " WHERE ACCOUNTID = ?", [id]) }
    }

    func account(named name: String) throws -> Account? {
        try unit.requireColumns(of: Account.self)
        return try unit.run { db in
            try Accounts.one(db, Accounts.selection + " WHERE ACCOUNTNAME = ? COLLATE NOCASE ORDER BY ACCOUNTID LIMIT 1", [name])
        }
    }

    func balance(accountId: Int64, asOf day: CalendarDay) throws -> Amount {
        try unit.requireColumns(of: Account.self, ["ACCOUNTID", "INITIALBAL"])
        try unit.requireColumns(of: AccountTransaction.self, LedgerShape.columns)
        return try unit.run { db in
            let initial = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT INITIALBAL FROM ACCOUNTLIST_V1 WHERE ACCOUNTID = ?"), arguments: [accountId]
            )?.optionalValue(0, Account.self, column: "INITIALBAL") as Amount?
            let next = day.next
            let dated = next == nil ? "" : " AND TRANSDATE < ?"
            func sum(_ column: String, _ owner: String, _ code: TransactionCode) throws -> Amount? {
                let row = try Row.fetchOne(
                    db.cachedStatement(
                        sql: "SELECT sum(\(column)) FROM CHECKINGACCOUNT_V1 WHERE \(Self.counted)\(dated) "
                            + "AND \(owner) = ? AND TRANSCODE = ?"
                    ),
                    arguments: StatementArguments(
                        (next.map { [.text($0.iso)] } ?? []) + [.integer(accountId), .text(code.rawValue)]
                    )
                )
                return try row?.optionalValue(0, AccountTransaction.self, column: column)
            }
            return AccountTotals.balance(
                initial: initial, deposits: try sum("TRANSAMOUNT", "ACCOUNTID", .deposit),
                withdrawals: try sum("TRANSAMOUNT", "ACCOUNTID", .withdrawal),
                transfersOut: try sum("TRANSAMOUNT", "ACCOUNTID", .transfer),
                transfersIn: try sum("TOTRANSAMOUNT", "TOACCOUNTID", .transfer)
            )
        }
    }

    func flows() throws -> [AccountFlow] {
        try unit.requireColumns(of: Account.self, ["ACCOUNTID", "ACCOUNTTYPE"])
        try unit.requireColumns(of: AccountTransaction.self, LedgerShape.columns)
        return try unit.run { db in
            let outgoing = try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT ACCOUNTID, STATUS, TRANSCODE, sum(TRANSAMOUNT) FROM CHECKINGACCOUNT_V1 "
                        + "WHERE ifnull(DELETEDTIME, '') = '' AND ACCOUNTID IN (\(Self.flowAccounts)) "
                        + "GROUP BY ACCOUNTID, STATUS, TRANSCODE"
                )
            ).map { row in
                AccountTotals.OutgoingSum(
                    accountId: try row.value(0, AccountTransaction.self, column: "ACCOUNTID"),
                    status: try row.optionalValue(1, AccountTransaction.self, column: "STATUS"),
                    code: try row.value(2, AccountTransaction.self, column: "TRANSCODE"),
                    sum: try row.optionalValue(3, AccountTransaction.self, column: "TRANSAMOUNT")
                )
            }
            let incoming = try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT TOACCOUNTID, STATUS, sum(TOTRANSAMOUNT) FROM CHECKINGACCOUNT_V1 "
                        + "WHERE ifnull(DELETEDTIME, '') = '' AND TRANSCODE = 'Transfer' AND TOACCOUNTID IN (\(Self.flowAccounts)) "
                        + "GROUP BY TOACCOUNTID, STATUS"
                )
            ).map { row in
                AccountTotals.IncomingSum(
                    accountId: try row.value(0, AccountTransaction.self, column: "TOACCOUNTID"),
                    status: try row.optionalValue(1, AccountTransaction.self, column: "STATUS"),
                    sum: try row.optionalValue(2, AccountTransaction.self, column: "TOTRANSAMOUNT")
                )
            }
            return AccountTotals.flows(outgoing: outgoing, incoming: incoming)
        }
    }

    // MARK: Writing

    func insert(_ account: Account) throws -> Account {
        try unit.requireColumns(of: Account.self)
        return try unit.run { db in
            let stored = try account.minted(unit, db)
            try stored.insert(db)
            return stored
        }
    }

    func update(_ account: Account) throws {
        try unit.requireColumns(of: Account.self)
        return try unit.run { db in _ = try account.update(db) }
    }

    func deleteAccount(id: Int64) throws -> Bool {
        try unit.requireColumns(of: AccountTransaction.self, LedgerShape.columns)
        return try unit.run { db in
            let tables = try ReaderWriterCascade.tables(db)
            let transactions = "SELECT TRANSID FROM CHECKINGACCOUNT_V1 WHERE ACCOUNTID = ? OR TOACCOUNTID = ?"
            try ReaderWriterCascade.deleteDependants(of: transactions, [id, id], kind: .transaction, tables: tables, db)
            try db.execute(sql: "DELETE FROM CHECKINGACCOUNT_V1 WHERE ACCOUNTID = ? OR TOACCOUNTID = ?", arguments: [id, id])
            if tables.contains(ScheduledTransaction.tableName) {
                let scheduled = "SELECT BDID FROM BILLSDEPOSITS_V1 WHERE ACCOUNTID = ? OR TOACCOUNTID = ?"
                try ReaderWriterCascade.deleteDependants(of: scheduled, [id, id], kind: .scheduled, tables: tables, db)
                try db.execute(sql: "DELETE FROM BILLSDEPOSITS_V1 WHERE ACCOUNTID = ? OR TOACCOUNTID = ?", arguments: [id, id])
            }
            try db.execute(sql: "DELETE FROM ACCOUNTLIST_V1 WHERE ACCOUNTID = ?", arguments: [id])
            return db.changesCount > 0
        }
    }
}

/// Vends the repository in reader/writer units of work (`context.accounts`).
extension AccountRepositoryKey: ReaderWriterReadableRepositoryKey {
    package static func reading(in unit: ReaderWriterUnit) -> any AccountReading {
        ReaderWriterAccountRepository(unit: unit)
    }
    package static func writing(in unit: ReaderWriterUnit) -> any AccountRepository {
        ReaderWriterAccountRepository(unit: unit)
    }
}
