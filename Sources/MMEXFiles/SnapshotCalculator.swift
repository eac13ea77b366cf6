import Foundation
import SQLiteEngine

/// Computes a ``SnapshotSummary`` from an MMEX database with SQL over its tables.
///
/// Which transactions count:
/// - every transaction in `CHECKINGACCOUNT_V1` except void ones (`STATUS` 'V') and deleted ones (a non-empty
///   `DELETEDTIME`, MMEX's trash, where the file has that column); the transaction date does not matter for a
///   balance (future-dated transactions count, as in MMEX's account balance);
/// - balance of an account = `INITIALBAL` + its deposits − its withdrawals − transfers it sent (`TRANSAMOUNT`) +
///   transfers it received (`TOTRANSAMOUNT`, or `TRANSAMOUNT` where that is NULL);
/// - today's totals: transactions whose `TRANSDATE` (date part, it may carry `T00:00:00`) is today in the given
///   calendar, grouped by the currency of their account.
///
/// SQL selects and signs the rows; the sums are exact ``DecimalText`` decimals, not SQLite's double `SUM()`.
public enum SnapshotCalculator {
    /// A numeric column whose text is not a number.
    public struct BadAmount: Error, Sendable, CustomStringConvertible {
        /// Where the value is: table, rowid, column.
        public let table: String
        public let rowid: Int64
        public let column: String
        /// The text that is not a number.
        public let text: String
        public var description: String { "\(table) row \(rowid): \(column) '\(text)' is not a number" }
    }

    /// Computes the summary of `connection`'s database as of `now` (today = `now`'s day in `calendar`).
    public static func summary(
        of connection: EngineConnection, databaseName: String, now: Date, calendar: Calendar
    ) throws -> SnapshotSummary {
        let today = dayString(now, calendar: calendar)
        let transactionColumns = try Set(connection.rows("PRAGMA table_info(CHECKINGACCOUNT_V1)")
            .compactMap { $0[1].textValue?.uppercased() })
        var counted = "IFNULL(t.STATUS, '') <> 'V'"
        if transactionColumns.contains("DELETEDTIME") { counted += " AND IFNULL(t.DELETEDTIME, '') = ''" }

        let accountRows = try connection.rows("""
            SELECT a.ACCOUNTID, a.ACCOUNTNAME, a.ACCOUNTTYPE, a.STATUS, a.CURRENCYID, c.CURRENCY_SYMBOL,
                   CAST(a.INITIALBAL AS TEXT)
            FROM ACCOUNTLIST_V1 a LEFT JOIN CURRENCYFORMATS_V1 c ON c.CURRENCYID = a.CURRENCYID
            ORDER BY a.ACCOUNTID
            """)
        var balances: [Int64: Decimal] = [:]
        for row in accountRows {
            guard let id = row[0].integerValue else { continue }
            balances[id] = try amount(row[6], table: "ACCOUNTLIST_V1", rowid: id, column: "INITIALBAL")
        }

        // One row per effect on an account: (account, sign, amount text, transaction id, column).
        let flows = try connection.rows("""
            SELECT t.ACCOUNTID, CASE t.TRANSCODE WHEN 'Deposit' THEN 1 ELSE -1 END,
                   CAST(t.TRANSAMOUNT AS TEXT), t.TRANSID, 'TRANSAMOUNT'
            FROM CHECKINGACCOUNT_V1 t
            WHERE \(counted) AND t.TRANSCODE IN ('Deposit', 'Withdrawal', 'Transfer')
            UNION ALL
            SELECT t.TOACCOUNTID, 1, CAST(IFNULL(t.TOTRANSAMOUNT, t.TRANSAMOUNT) AS TEXT), t.TRANSID, 'TOTRANSAMOUNT'
            FROM CHECKINGACCOUNT_V1 t
            WHERE \(counted) AND t.TRANSCODE = 'Transfer'
            """)
        for row in flows {
            guard let account = row[0].integerValue, balances[account] != nil else { continue }
            let value = try amount(row[2], table: "CHECKINGACCOUNT_V1", rowid: row[3].integerValue ?? 0,
                                   column: row[4].textValue ?? "TRANSAMOUNT")
            balances[account, default: 0] += row[1].integerValue == 1 ? value : -value
        }

        let accounts = accountRows.compactMap { row -> SnapshotSummary.Account? in
            guard let id = row[0].integerValue else { return nil }
            return SnapshotSummary.Account(
                id: id, name: row[1].textValue ?? "", type: row[2].textValue ?? "", status: row[3].textValue ?? "",
                currencyId: row[4].integerValue, currency: row[5].textValue,
                balance: DecimalText.format(balances[id] ?? 0)
            )
        }
        // Whole seconds: the JSON document carries ISO 8601 seconds, so a summary reads back equal to itself.
        let generatedAt = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        return SnapshotSummary(
            generatedAt: generatedAt, day: today, database: databaseName, accounts: accounts,
            today: try dayTotals(connection, day: today, counted: counted)
        )
    }

    private static func dayTotals(_ connection: EngineConnection, day: String, counted: String) throws
        -> [SnapshotSummary.DayTotal]
    {
        let rows = try connection.rows("""
            SELECT a.CURRENCYID, c.CURRENCY_SYMBOL, t.TRANSCODE, CAST(t.TRANSAMOUNT AS TEXT), t.TRANSID
            FROM CHECKINGACCOUNT_V1 t
            JOIN ACCOUNTLIST_V1 a ON a.ACCOUNTID = t.ACCOUNTID
            LEFT JOIN CURRENCYFORMATS_V1 c ON c.CURRENCYID = a.CURRENCYID
            WHERE \(counted) AND substr(t.TRANSDATE, 1, 10) = ?
            ORDER BY a.CURRENCYID
            """, [.text(day)])
        struct Sums { var currency: String?; var deposits: Decimal = 0; var withdrawals: Decimal = 0; var transfers: Decimal = 0; var count = 0 }
        var order: [Int64?] = []
        var sums: [Int64?: Sums] = [:]
        for row in rows {
            let currencyId = row[0].integerValue
            if sums[currencyId] == nil {
                order.append(currencyId)
                sums[currencyId] = Sums(currency: row[1].textValue)
            }
            let value = try amount(row[3], table: "CHECKINGACCOUNT_V1", rowid: row[4].integerValue ?? 0, column: "TRANSAMOUNT")
            switch row[2].textValue {
            case "Deposit": sums[currencyId]?.deposits += value
            case "Withdrawal": sums[currencyId]?.withdrawals += value
            case "Transfer": sums[currencyId]?.transfers += value
            default: break
            }
            sums[currencyId]?.count += 1
        }
        return order.compactMap { id in
            sums[id].map {
                SnapshotSummary.DayTotal(
                    currencyId: id, currency: $0.currency, deposits: DecimalText.format($0.deposits),
                    withdrawals: DecimalText.format($0.withdrawals), transfers: DecimalText.format($0.transfers),
                    transactions: $0.count
                )
            }
        }
    }

    /// A numeric column's text as a decimal (NULL counts as 0).
    private static func amount(_ value: SQLiteValue, table: String, rowid: Int64, column: String) throws -> Decimal {
        guard case .text(let text) = value else { return 0 }
        guard let decimal = DecimalText.parse(text) else {
            throw BadAmount(table: table, rowid: rowid, column: column, text: text)
        }
        return decimal
    }

    /// `YYYY-MM-DD` of `date` in `calendar`'s time zone.
    public static func dayString(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(parts.year ?? 0, 4))-\(pad(parts.month ?? 0, 2))-\(pad(parts.day ?? 0, 2))"
    }
}
