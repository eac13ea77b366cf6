import MMEXModel

/// The arithmetic of the summary queries (``ReportReading/incomeVsExpense(from:to:)`` and
/// ``ReportReading/spendingByCategory(from:to:)``), shared by both drivers' repositories: each driver selects the
/// rows in its own idiom, in the documented order, and feeds them here, so the floating-point sums are added in the
/// same order on every driver.
///
/// An amount is converted to the base currency by multiplying with the currency's `BASECONVRATE` (1 when NULL or not
/// a number); text that is not a number counts as 0. A total is built from the `Double` sum with
/// ``Amount/init(_:)-(Double)``, so a whole-number total is an INTEGER amount.
public enum SummaryAccumulation {
    static func converted(_ amount: StoredValue, rate: StoredValue) -> Double {
        let value = Amount(storedValue: amount)?.doubleValue ?? 0
        let factor = Amount(storedValue: rate)?.doubleValue ?? 1
        return value * factor
    }

    /// Income and expense per month.
    public struct Monthly {
        private var totals: [String: (income: Double, expense: Double)] = [:]

        public init() {}

        /// One transaction: its `TRANSDATE` (the month is its first seven characters), `TRANSCODE`, `TRANSAMOUNT`
        /// and currency rate. Codes other than `Deposit` and `Withdrawal` are ignored.
        public mutating func add(date: StoredValue, code: StoredValue, amount: StoredValue, rate: StoredValue) {
            guard case .text(let text) = date, case .text(let kind) = code else { return }
            let month = String(text.prefix(7))
            let value = SummaryAccumulation.converted(amount, rate: rate)
            var entry = totals[month] ?? (0, 0)
            switch kind {
            case TransactionCode.deposit.rawValue: entry.income += value
            case TransactionCode.withdrawal.rawValue: entry.expense += value
            default: return
            }
            totals[month] = entry
        }

        /// The months that had a transaction, in order.
        public var result: [MonthlyTotals] {
            totals.keys.sorted().compactMap { month in
                totals[month].map { MonthlyTotals(month: month, income: Amount($0.income), expense: Amount($0.expense)) }
            }
        }
    }

    /// Spending per category.
    public struct ByCategory {
        private var totals: [Int64: Double] = [:]

        public init() {}

        /// One attributed amount (a transaction's, or one split line's); a category that is NULL or negative is
        /// left out.
        public mutating func add(categoryId: StoredValue, amount: StoredValue, rate: StoredValue) {
            guard case .integer(let id) = categoryId, id >= 0 else { return }
            totals[id, default: 0] += SummaryAccumulation.converted(amount, rate: rate)
        }

        /// Categories by id.
        public var result: [CategoryTotal] {
            totals.keys.sorted().compactMap { id in totals[id].map { CategoryTotal(categoryId: id, total: Amount($0)) } }
        }
    }
}
