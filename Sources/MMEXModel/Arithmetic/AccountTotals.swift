/// How an account's balance and its flows are put together from the sums each driver's query returns, written once
/// so both drivers combine the same partial sums the same way.
///
/// The rules (issue 8, slice 2):
/// - A transaction counts when it is not deleted (`DELETEDTIME` NULL or empty); for balances also when it is not
///   void (`STATUS` `V`; NULL counts as unreconciled) and its `TRANSDATE` is on or before the day (a time suffix is
///   ignored; a NULL date never counts).
/// - In its own account (`ACCOUNTID`), a `Deposit` adds `TRANSAMOUNT`, a `Withdrawal` subtracts it, a `Transfer`
///   subtracts it (money out). In the destination account (`TOACCOUNTID`) a `Transfer` adds `TOTRANSAMOUNT` (money
///   in, in the destination's currency). Other codes count for nothing.
/// - Balance = `INITIALBAL` (NULL as 0) + deposits − withdrawals − transfers out + transfers in, added in that order
///   with ``Amount/adding(_:)`` (SQLite's `+`).
public enum AccountTotals {
    /// The balance from the account's initial balance and the four sums (`nil` sums, no rows, count as 0).
    public static func balance(
        initial: Amount?, deposits: Amount?, withdrawals: Amount?, transfersOut: Amount?, transfersIn: Amount?
    ) -> Amount {
        (initial ?? .zero)
            .adding(deposits ?? .zero)
            .subtracting(withdrawals ?? .zero)
            .subtracting(transfersOut ?? .zero)
            .adding(transfersIn ?? .zero)
    }

    /// One sum of `TRANSAMOUNT` over an account's own transactions with one status and code.
    public struct OutgoingSum: Sendable {
        public var accountId: Int64
        public var status: String?
        public var code: String
        public var sum: Amount?
        public init(accountId: Int64, status: String?, code: String, sum: Amount?) {
            self.accountId = accountId
            self.status = status
            self.code = code
            self.sum = sum
        }
    }

    /// One sum of `TOTRANSAMOUNT` over the transfers into an account with one status.
    public struct IncomingSum: Sendable {
        public var accountId: Int64
        public var status: String?
        public var sum: Amount?
        public init(accountId: Int64, status: String?, sum: Amount?) {
            self.accountId = accountId
            self.status = status
            self.sum = sum
        }
    }

    /// The flows per account and stored status (NULL status apart from the empty one), one per pair that has a
    /// transaction with a known code, in account id order and then status (NULL first, then by text).
    public static func flows(outgoing: [OutgoingSum], incoming: [IncomingSum]) -> [AccountFlow] {
        struct Key: Hashable, Comparable {
            let accountId: Int64
            let status: String?
            static func < (lhs: Key, rhs: Key) -> Bool {
                if lhs.accountId != rhs.accountId { return lhs.accountId < rhs.accountId }
                switch (lhs.status, rhs.status) {
                case (nil, nil): return false
                case (nil, _): return true
                case (_, nil): return false
                case (let left?, let right?): return Array(left.utf8).lexicographicallyPrecedes(Array(right.utf8))
                }
            }
        }
        var flows: [Key: AccountFlow] = [:]
        func flow(_ key: Key) -> AccountFlow {
            flows[key] ?? AccountFlow(
                accountId: key.accountId, status: key.status.map(TransactionStatus.init(rawValue:)), deposits: .zero,
                withdrawals: .zero, transfersIn: .zero, transfersOut: .zero
            )
        }
        for sum in outgoing {
            let key = Key(accountId: sum.accountId, status: sum.status)
            var entry = flow(key)
            switch TransactionCode(rawValue: sum.code) {
            case .deposit: entry.deposits = entry.deposits.adding(sum.sum ?? .zero)
            case .withdrawal: entry.withdrawals = entry.withdrawals.adding(sum.sum ?? .zero)
            case .transfer: entry.transfersOut = entry.transfersOut.adding(sum.sum ?? .zero)
            case .unknown: continue
            }
            flows[key] = entry
        }
        for sum in incoming {
            let key = Key(accountId: sum.accountId, status: sum.status)
            var entry = flow(key)
            entry.transfersIn = entry.transfersIn.adding(sum.sum ?? .zero)
            flows[key] = entry
        }
        return flows.keys.sorted().compactMap { flows[$0] }
    }
}
