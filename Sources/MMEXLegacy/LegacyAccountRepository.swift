import LegacyDriver
import MMEXModel
import MMEXSessionSupport

/// `ACCOUNTLIST_V1` on the legacy driver (query builder), with balances and flows summed from
/// `CHECKINGACCOUNT_V1`.
///
/// Contract (shared with the reader/writer repository): lists in `ACCOUNTID` order; names NOCASE, lowest id first;
/// balances and flows by ``AccountTotals`` (one SQL `sum()` per code, combined in Swift); flows leave out accounts of
/// type `Investment` (and transactions of accounts that do not exist); ``deleteAccount(id:)`` removes, in the one
/// unit of work, the account's transactions (its own and transfers into it) with their splits, tag links,
/// attachments rows, custom field values, translinks and share info, and its scheduled transactions with their
/// splits and tag links (tables an old file lacks are skipped). An update of a missing id changes nothing.
struct LegacyAccountRepository: AccountRepository {
    let unit: LegacyUnit
    private typealias Columns = AccountColumns
    private typealias Ledger = LedgerColumns

    private func account(_ row: Row) throws -> Account {
        try unit.record(Account.self) { () throws(LegacyError) in
            Account(
                id: try row.get(Columns.id), name: try row.get(Columns.name), type: try row.get(Columns.type),
                number: try row.get(Columns.number), status: try row.get(Columns.status), notes: try row.get(Columns.notes),
                heldAt: try row.get(Columns.heldAt), website: try row.get(Columns.website),
                contactInfo: try row.get(Columns.contactInfo), accessInfo: try row.get(Columns.accessInfo),
                initialBalance: try row.get(Columns.initialBalance), initialDate: try row.get(Columns.initialDate),
                favorite: try row.get(Columns.favorite), currencyId: try row.get(Columns.currencyId),
                statementLocked: try row.get(Columns.statementLocked), statementDate: try row.get(Columns.statementDate),
                minimumBalance: try row.get(Columns.minimumBalance), creditLimit: try row.get(Columns.creditLimit),
                interestRate: try row.get(Columns.interestRate), paymentDueDate: try row.get(Columns.paymentDueDate),
                minimumPayment: try row.get(Columns.minimumPayment)
            )
        }
    }

    // MARK: Reading

    func accounts() throws -> [Account] {
        try unit.requireColumns(of: Account.self)
        return try unit.run { try unit.db.prepare(Columns.selection.order(Columns.id)).map(account) }
    }

    func account(id: Int64) throws -> Account? {
        try unit.requireColumns(of: Account.self)
        return try unit.run { try unit.db.pluck(Columns.selection.filter(Columns.id == id)).map(account) }
    }

    func account(named name: String) throws -> Account? {
        try unit.requireColumns(of: Account.self)
        return try unit.run {
            try unit.db.pluck(Columns.selection.filter(Columns.name.collate(.nocase) == name).order(Columns.id).limit(1))
                .map(account)
        }
    }

    func balance(accountId: Int64, asOf day: CalendarDay) throws -> Amount {
        try unit.requireColumns(of: Account.self, ["ACCOUNTID", "INITIALBAL"])
        try unit.requireColumns(of: AccountTransaction.self, LedgerShape.columns)
        return try unit.run {
            let initialRow = try unit.db.pluck(Columns.table.select(Columns.initialBalance).filter(Columns.id == accountId))
            let initial = try initialRow.map { row in
                try unit.record(Account.self) { () throws(LegacyError) in try row.get(Columns.initialBalance) }
            } ?? nil
            var counted = Ledger.table.filter(Ledger.notVoid && Ledger.notDeleted)
            if let next = day.next { counted = counted.filter(Ledger.date < MMEXDate(next)) }
            func outgoing(_ code: TransactionCode) throws -> Amount? {
                try unit.db.scalar(
                    counted.select(Ledger.amount.sum).filter(Ledger.accountId == accountId && Ledger.code == code.rawValue)
                )
            }
            let incoming = try unit.db.scalar(
                counted.select(Ledger.toAmount.sum)
                    .filter(Ledger.toAccountId == accountId && Ledger.code == TransactionCode.transfer.rawValue)
            )
            return AccountTotals.balance(
                initial: initial, deposits: try outgoing(.deposit), withdrawals: try outgoing(.withdrawal),
                transfersOut: try outgoing(.transfer), transfersIn: incoming
            )
        }
    }

    func flows() throws -> [AccountFlow] {
        try unit.requireColumns(of: Account.self, ["ACCOUNTID", "ACCOUNTTYPE"])
        try unit.requireColumns(of: AccountTransaction.self, LedgerShape.columns)
        return try unit.run {
            let counted: ScalarQuery<Int64> = Columns.table.select(Columns.id).filter(Columns.type != AccountType.investment)
            let outgoingQuery = Ledger.table.select(Ledger.accountId, Ledger.status, Ledger.code, Ledger.amount.sum)
                .filter(Ledger.notDeleted && counted.contains(Ledger.accountId))
                .group(Ledger.accountId, Ledger.status, Ledger.code)
            let outgoing = try unit.db.prepare(outgoingQuery).map { row in
                try unit.record(AccountTransaction.self) { () throws(LegacyError) in
                    AccountTotals.OutgoingSum(
                        accountId: try row.get(Ledger.accountId), status: try row.get(Ledger.status), code: try row.get(Ledger.code),
                        sum: try row.get(Ledger.amount.sum)
                    )
                }
            }
            let incomingQuery = Ledger.table.select(Ledger.toAccountId, Ledger.status, Ledger.toAmount.sum)
                .filter(Ledger.notDeleted && Ledger.code == TransactionCode.transfer.rawValue)
                .filter(counted.contains(Ledger.toAccountId))
                .group(Ledger.toAccountId, Ledger.status)
            let incoming = try unit.db.prepare(incomingQuery).map { row in
                try unit.record(AccountTransaction.self) { () throws(LegacyError) in
                    AccountTotals.IncomingSum(
                        accountId: try row.get(Ledger.transferTarget), status: try row.get(Ledger.status),
                        sum: try row.get(Ledger.toAmount.sum)
                    )
                }
            }
            return AccountTotals.flows(outgoing: outgoing, incoming: incoming)
        }
    }

    // MARK: Writing

    func insert(_ account: Account) throws -> Account {
        try unit.requireColumns(of: Account.self)
        return try unit.run {
            var stored = account
            if stored.isUnsaved {
                stored.id = try IdentifierMinting.newID(from: unit.minter, table: Account.tableName) { candidate in
                    try unit.db.pluck(Columns.table.select(Columns.id).filter(Columns.id == candidate)) != nil
                }
            }
            try unit.db.run(Columns.table.insert([Columns.id <- stored.id] + Columns.setters(stored)))
            return stored
        }
    }

    func update(_ account: Account) throws {
        try unit.requireColumns(of: Account.self)
        return try unit.run { _ = try unit.db.run(Columns.table.filter(Columns.id == account.id).update(Columns.setters(account))) }
    }

    func deleteAccount(id: Int64) throws -> Bool {
        try unit.requireColumns(of: AccountTransaction.self, LedgerShape.columns)
        return try unit.run {
            let tables = try LegacySchema.tables(unit)
            let transactions: ScalarQuery<Int64> = Ledger.table.select(Ledger.id).filter(Ledger.accountId == id || Ledger.toAccountId == id)
            try LegacyCascade.deleteDependants(of: transactions, kind: .transaction, tables: tables, unit: unit)
            try unit.db.run(Ledger.table.filter(Ledger.accountId == id || Ledger.toAccountId == id).delete())
            if tables.contains(ScheduledTransaction.tableName) {
                let scheduledTable = Table(ScheduledTransaction.tableName)
                let scheduledId = SQLExpression<Int64>("BDID")
                let from = SQLExpression<Int64>("ACCOUNTID"), to = SQLExpression<Int64?>("TOACCOUNTID")
                let scheduled: ScalarQuery<Int64> = scheduledTable.select(scheduledId).filter(from == id || to == id)
                try LegacyCascade.deleteDependants(of: scheduled, kind: .scheduled, tables: tables, unit: unit)
                try unit.db.run(scheduledTable.filter(from == id || to == id).delete())
            }
            return try unit.db.run(Columns.table.filter(Columns.id == id).delete()) > 0
        }
    }
}

/// Vends the repository in legacy units of work (`context.accounts`).
extension AccountRepositoryKey: LegacyReadableRepositoryKey {
    package static func reading(in unit: LegacyUnit) -> any AccountReading { LegacyAccountRepository(unit: unit) }
    package static func writing(in unit: LegacyUnit) -> any AccountRepository { LegacyAccountRepository(unit: unit) }
}
