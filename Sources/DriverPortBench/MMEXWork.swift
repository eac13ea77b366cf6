import MMEXModel

/// The MMEX work of cases 3 and 6, the same for every implementation: the SQL the raw C API and the reader/writer
/// driver run (the legacy driver builds the same statements with its query builder; a test checks they match),
/// and the results every implementation returns, so the runner can compare them.
///
/// Transactions that count in balances and reports: every one except void (`STATUS` 'V') and deleted (a non-empty
/// `DELETEDTIME`) ones, as in `driverport snapshot`. Amounts are summed by SQL `total()` in each account's currency;
/// the monthly report converts with each currency's `BASECONVRATE`. These are benchmark workloads, not reports of
/// record (the snapshot command sums exact decimals).
enum MMEXWork {
    /// `CHECKINGACCOUNT_V1`'s columns, in ``MMEXModel/AccountTransaction/columns`` order.
    static let transactionColumns = AccountTransaction.columns.map(\.name)

    static let columnList = transactionColumns.map { "\"\($0)\"" }.joined(separator: ", ")

    /// Every transaction, in rowid order.
    static let loadSQL = "SELECT \(columnList) FROM \"CHECKINGACCOUNT_V1\""

    /// One transaction by id.
    static let lookupSQL = "SELECT \(columnList) FROM \"CHECKINGACCOUNT_V1\" WHERE (\"TRANSID\" = ?)"

    /// The filter of counted transactions, with its two bound values ('V' and '').
    static let countedFilter = "((ifnull(\"STATUS\", ?) != ?) AND (ifnull(\"DELETEDTIME\", ?) = ?))"
    static let countedArguments: [String] = ["", "V", "", ""]

    /// Per account and code, the total of counted transactions' amounts (deposits, withdrawals, transfers out).
    static let flowsSQL =
        "SELECT \"ACCOUNTID\", \"TRANSCODE\", total(\"TRANSAMOUNT\") FROM \"CHECKINGACCOUNT_V1\" "
            + "WHERE \(countedFilter) GROUP BY \"ACCOUNTID\", \"TRANSCODE\""

    /// Per receiving account, the total counted transfers brought in (`TOTRANSAMOUNT`, else `TRANSAMOUNT`).
    static let transfersInSQL =
        "SELECT \"TOACCOUNTID\", total(ifnull(\"TOTRANSAMOUNT\", \"TRANSAMOUNT\")) FROM \"CHECKINGACCOUNT_V1\" "
            + "WHERE ((\"TRANSCODE\" = ?) AND \(countedFilter)) GROUP BY \"TOACCOUNTID\""
    static let transfersInArguments: [String] = ["Transfer"] + countedArguments

    /// Every account's initial balance.
    static let initialBalancesSQL = "SELECT \"ACCOUNTID\", \"INITIALBAL\" FROM \"ACCOUNTLIST_V1\""

    /// The month (`YYYY-MM`) of a transaction's date.
    static let monthSQL = "substr(\"CHECKINGACCOUNT_V1\".\"TRANSDATE\", 1, 7)"

    /// Per month and code (Deposit, Withdrawal), the total of counted amounts converted to the base currency.
    static let monthlySQL: String = {
        let t = "\"CHECKINGACCOUNT_V1\"", a = "\"ACCOUNTLIST_V1\"", c = "\"CURRENCYFORMATS_V1\""
        return "SELECT \(monthSQL), \(t).\"TRANSCODE\", total((\(t).\"TRANSAMOUNT\" * \(c).\"BASECONVRATE\")) "
            + "FROM \(t) INNER JOIN \(a) ON (\(a).\"ACCOUNTID\" = \(t).\"ACCOUNTID\") "
            + "INNER JOIN \(c) ON (\(c).\"CURRENCYID\" = \(a).\"CURRENCYID\") "
            + "WHERE ((\(t).\"TRANSCODE\" IN (?, ?)) AND ((ifnull(\(t).\"STATUS\", ?) != ?) "
            + "AND (ifnull(\(t).\"DELETEDTIME\", ?) = ?))) "
            + "GROUP BY \(monthSQL), \(t).\"TRANSCODE\" ORDER BY \(monthSQL)"
    }()
    static let monthlyArguments: [String] = ["Deposit", "Withdrawal"] + countedArguments

    // MARK: Results

    /// Balances by account id, built from the three queries' rows.
    struct Balances {
        var byAccount: [Int64: Double] = [:]

        mutating func addInitial(account: Int64, amount: Double) { byAccount[account, default: 0] += amount }

        /// A flow row: deposits add, withdrawals and transfers out subtract, other codes do not count.
        mutating func addFlow(account: Int64, code: String, total: Double) {
            switch code {
            case "Deposit": byAccount[account, default: 0] += total
            case "Withdrawal", "Transfer": byAccount[account, default: 0] -= total
            default: break
            }
        }

        /// A transfers-in row (transfers to an account the file does not list are ignored).
        mutating func addTransferIn(account: Int64?, total: Double) {
            guard let account, byAccount[account] != nil else { return }
            byAccount[account, default: 0] += total
        }

        var outcome: BenchOutcome {
            let balances = byAccount
            return BenchOutcome(rows: balances.count, checksum: {
                balances.reduce(0) { $0 &+ $1.key &* 31 &+ cents($1.value) }
            })
        }
    }

    /// One row of the monthly report.
    struct MonthTotal {
        var month: String
        var code: String
        var total: Double
    }

    static func outcome(_ months: [MonthTotal]) -> BenchOutcome {
        BenchOutcome(rows: months.count, checksum: {
            months.reduce(0) { sum, row in
                sum &+ Int64(row.month.utf8.count) &* 7 &+ Int64(row.code.utf8.count) &+ cents(row.total)
                    &+ (Int64(row.month.filter(\.isNumber)) ?? 0)
            }
        })
    }

    /// Transactions loaded or looked up: their count, and a checksum of their fields after the clock stopped.
    static func outcome(_ transactions: [AccountTransaction]) -> BenchOutcome {
        BenchOutcome(rows: transactions.count, checksum: {
            transactions.reduce(0) { $0 &+ checksum($1) }
        })
    }

    /// Mixes every field of a transaction (so two implementations that decode differently disagree).
    static func checksum(_ t: AccountTransaction) -> Int64 {
        var sum = t.id &+ t.accountId &* 3 &+ (t.toAccountId ?? -7) &* 5 &+ t.payeeId &* 11
        sum &+= Int64(t.code.rawValue.utf8.count) &+ amountBits(t.amount) &+ (t.toAmount.map(amountBits) ?? 13)
        sum &+= Int64(t.status?.rawValue.utf8.count ?? 17) &+ Int64(t.number?.utf8.count ?? 19)
        sum &+= Int64(t.notes?.utf8.count ?? 23) &+ (t.categoryId ?? -29) &+ (t.followUpId ?? -31) &+ (t.color ?? -37)
        sum &+= Int64(t.date?.rawValue.utf8.count ?? 41) &+ Int64(t.lastUpdatedTime?.rawValue.utf8.count ?? 43)
        sum &+= Int64(t.deletedTime?.rawValue.utf8.count ?? 47)
        return sum
    }

    static func amountBits(_ amount: Amount) -> Int64 {
        switch amount {
        case .integer(let value): value
        case .real(let value): Int64(bitPattern: value.bitPattern)
        case .text(let text): Int64(text.utf8.count) &* 1_000_003
        }
    }

    /// An amount in whole cents (rounded), for checksums of floating-point totals.
    static func cents(_ value: Double) -> Int64 {
        let scaled = (value * 100).rounded()
        return scaled.isFinite && abs(scaled) < 9e18 ? Int64(scaled) : 0
    }

    /// `count` transaction ids chosen from `ids` by a fixed pseudo-random sequence (the same for every
    /// implementation and every run), repeating ids when there are fewer than `count`.
    static func lookupIDs(from ids: [Int64], count: Int) -> [Int64] {
        guard !ids.isEmpty else { return [] }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            // SplitMix64 step.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return ids[Int(z % UInt64(ids.count))]
        }
    }
}
