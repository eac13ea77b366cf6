/// The rules of an account register (slice 3), written once in the model so that every driver's ``TransactionReading``
/// answers the same: which rows belong to an account's ledger, in which order, which count, and how the running
/// balance is computed.
///
/// - **Rows**: `ACCOUNTID` is the account, or the row is a transfer (`TRANSCODE` exactly `Transfer`) whose
///   `TOACCOUNTID` is the account (a transfer in). Void and deleted rows are listed (the register shows them) but
///   never counted.
/// - **Order**: `TRANSDATE` as stored (binary text order; NULL first), then `TRANSID`. A bare day (`2024-04-16`)
///   sorts before the same day with a time (`2024-04-16T00:00:00`); times of one day sort among themselves.
/// - **Range**: a row's day is the first ten characters of `TRANSDATE` (so both stored forms compare alike).
///   `from`/`to` are inclusive; a row without a date (NULL) sorts before every day, so it is before any `from`
///   and within any `to`. Because a prefix never sorts after its text, the range is one contiguous run of the order.
/// - **Counted**: not void (`STATUS` exactly `V`) and not deleted (`DELETEDTIME` neither NULL nor empty text).
/// - **Effect** on the account: a deposit adds `TRANSAMOUNT`; a withdrawal or a transfer out subtracts it; a
///   transfer in adds `TOTRANSAMOUNT` (its amount in the receiving account's currency; `TRANSAMOUNT` when NULL). A
///   transfer from an account to itself does both. Any other `TRANSCODE` has no effect. Text that is not a number
///   counts as 0.
/// - **Running balance**: the account's `INITIALBAL` (0 when NULL or when the account does not exist), plus the
///   effect of every counted row before the range, in ledger order; then each row of the range adds its effect.
///   Sums are `Double` additions in that order, so both drivers reach the same bits; each balance is stored as
///   ``Amount/init(_:)-(Double)`` makes it (an integral sum is an INTEGER amount, as SQLite would store it).
public enum LedgerRule {
    /// `TRANSCODE` of a transfer.
    public static let transferCode = TransactionCode.transfer.rawValue
    /// `STATUS` of a void transaction.
    public static let voidStatus = TransactionStatus.void.rawValue

    /// Whether a transaction counts toward balances (not void, not deleted).
    public static func counts(_ transaction: AccountTransaction) -> Bool {
        if transaction.status == .void { return false }
        if let deleted = transaction.deletedTime, !deleted.rawValue.isEmpty { return false }
        return true
    }

    /// What a transaction adds to (or, negative, takes from) the balance of `accountId`; 0 when it does not count.
    public static func effect(of transaction: AccountTransaction, on accountId: Int64) -> Double {
        guard counts(transaction) else { return 0 }
        var change = 0.0
        if transaction.accountId == accountId {
            switch transaction.code {
            case .deposit: change += number(transaction.amount)
            case .withdrawal, .transfer: change -= number(transaction.amount)
            case .unknown: break
            }
        }
        if transaction.code == .transfer, transaction.toAccountId == accountId {
            change += number(transaction.toAmount ?? transaction.amount)
        }
        return change
    }

    /// The number an amount stands for in a balance (text that is not a number: 0).
    public static func number(_ amount: Amount?) -> Double {
        amount?.doubleValue ?? 0
    }

    /// The balance before the range: `initialBalance` plus the effect of `before` (rows before the range, in
    /// ledger order).
    public static func openingBalance(
        initialBalance: Amount?, before: [AccountTransaction], accountId: Int64
    ) -> Double {
        before.reduce(number(initialBalance)) { $0 + effect(of: $1, on: accountId) }
    }

    /// The register lines of `rows` (the range, in ledger order) starting from `opening`.
    public static func entries(opening: Double, rows: [AccountTransaction], accountId: Int64) -> [LedgerEntry] {
        var balance = opening
        return rows.map { row in
            balance += effect(of: row, on: accountId)
            return LedgerEntry(transaction: row, runningBalance: Amount(balance))
        }
    }
}
