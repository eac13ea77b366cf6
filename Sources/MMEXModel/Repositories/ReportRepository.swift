/// The result of a query: column names and rows of stored values, as SQLite returned them.
public struct QueryResult: Sendable, Hashable, Codable {
    public var columns: [String]
    public var rows: [[StoredValue]]

    public init(columns: [String], rows: [[StoredValue]]) {
        self.columns = columns
        self.rows = rows
    }
}

/// Income and expense of one month, in the base currency.
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

/// Spending in one category over a period, in the base currency.
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
    /// Every stored report, by group and name.
    func reports() throws -> [Report]
    func report(named name: String) throws -> Report?
    /// Runs a stored report's `SQLCONTENT` read-only (a statement that would write is refused, not run).
    func run(reportId: Int64) throws -> QueryResult
    /// Income vs expense per month between two days inclusive (transfers and void excluded).
    func incomeVsExpense(from: CalendarDay, to: CalendarDay) throws -> [MonthlyTotals]
    /// Spending per category between two days inclusive, splits counted per split category.
    func spendingByCategory(from: CalendarDay, to: CalendarDay) throws -> [CategoryTotal]
}

/// Writes stored reports.
public protocol ReportRepository: ReportReading {
    @discardableResult func insert(_ report: Report) throws -> Report
    func update(_ report: Report) throws
    @discardableResult func deleteReport(id: Int64) throws -> Bool
}
