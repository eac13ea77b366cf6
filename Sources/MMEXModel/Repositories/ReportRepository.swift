/// The result of a query: column names and rows of stored values, as SQLite returned them.
public struct QueryResult: Sendable, Hashable, Codable {
    public var columns: [String]
    public var rows: [[StoredValue]]

    public init(columns: [String], rows: [[StoredValue]]) {
        self.columns = columns
        self.rows = rows
    }
}

/// Income and expense of one month, in the base currency (each account's currency converted with its
/// `CURRENCYFORMATS_V1.BASECONVRATE`; 1 when the account or currency has none).
public struct MonthlyTotals: Sendable, Hashable, Codable {
    /// `YYYY-MM`.
    public var month: String
    public var income: Amount
    public var expense: Amount

    public init(month: String, income: Amount, expense: Amount) {
        self.month = month
        self.income = income
        self.expense = expense
    }
}

/// Spending in one category over a period, in the base currency (converted as ``MonthlyTotals``).
public struct CategoryTotal: Sendable, Hashable, Codable {
    public var categoryId: Int64
    public var total: Amount

    public init(categoryId: Int64, total: Amount) {
        self.categoryId = categoryId
        self.total = total
    }
}

/// Reads and runs reports (`REPORT_V1`) and the summary queries. Slice 5.
public protocol ReportReading {
    /// Every stored report, by `GROUPNAME` (NULL first), `REPORTNAME` (NOCASE), then `REPORTID`.
    func reports() throws -> [Report]
    /// The report with this name (NOCASE; the lowest id among several spellings).
    func report(named name: String) throws -> Report?
    /// Runs a stored report's `SQLCONTENT` read-only: column names as SQLite names them, rows as stored.
    ///
    /// - Throws: ``PersistenceError/invalidUse(_:)`` when there is no such report, its SQL is empty or holds more
    ///   than one statement; ``PersistenceError/readOnly(path:detail:)`` (path `nil`) when the statement would write
    ///   (`sqlite3_stmt_readonly` is false): it is refused before it runs, on every driver and in every unit of
    ///   work. SQL that does not compile throws the database error SQLite reports.
    func run(reportId: Int64) throws -> QueryResult
    /// Income vs expense per month between two days inclusive.
    ///
    /// Counts `CHECKINGACCOUNT_V1` rows whose `TRANSDATE` (first ten characters) is in the range, `TRANSCODE` is
    /// `Deposit` (income) or `Withdrawal` (expense), `STATUS` is not `V` (void) and `DELETEDTIME` is NULL or empty;
    /// transfers are excluded. `TRANSAMOUNT` × the account currency's `BASECONVRATE`, summed in `TRANSID` order.
    /// One entry per month that has such a transaction, by month.
    func incomeVsExpense(from: CalendarDay, to: CalendarDay) throws -> [MonthlyTotals]
    /// Spending per category between two days inclusive, by category id.
    ///
    /// Spending is money out: `Withdrawal` transactions only (not deposits, not transfers), same date, void and
    /// deleted rules as ``incomeVsExpense(from:to:)``. A transaction with split lines attributes each line's
    /// `SPLITTRANSAMOUNT` (signed as stored) to the line's `CATEGID`; one without attributes `TRANSAMOUNT` to its
    /// `CATEGID`. Lines without a category (NULL or negative) are left out. Converted as above; summed in
    /// `TRANSID`, then `SPLITTRANSID` order.
    func spendingByCategory(from: CalendarDay, to: CalendarDay) throws -> [CategoryTotal]
}

/// Writes stored reports.
public protocol ReportRepository: ReportReading {
    @discardableResult func insert(_ report: Report) throws -> Report
    func update(_ report: Report) throws
    @discardableResult func deleteReport(id: Int64) throws -> Bool
}

/// Names reports and the summary queries in the MMEX contexts: `context.reports` reads them in a read unit of work, and
/// reads and writes them in a write unit of work.
public enum ReportRepositoryKey: ReadableRepositoryKey {
    public typealias Reading = any ReportReading
    public typealias Writing = any ReportRepository
}

extension ReadRepositories {
    /// The reading side of ``ReportRepositoryKey``'s repository, in this unit of work.
    public var reports: any ReportReading { repository(ReportRepositoryKey.self) }
}

extension WriteRepositories {
    /// ``ReportRepositoryKey``'s repository, reads and writes, in this unit of work.
    public var reports: any ReportRepository { repository(ReportRepositoryKey.self) }
}
