/// One category's budget in a budget year: `BUDGETTABLE_V1`.
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `BUDGETENTRYID`
/// - `budgetYearId` ← `BUDGETYEARID`
/// - `categoryId` ← `CATEGID`
/// - `period` ← `PERIOD`
/// - `amount` ← `AMOUNT`
/// - `notes` ← `NOTES`
/// - `active` ← `ACTIVE`
public struct BudgetEntry: MMEXRecord {
    public static let tableName = "BUDGETTABLE_V1"

    public static let columns: [MMEXColumn] = [
        .id("BUDGETENTRYID"),
        MMEXColumn("BUDGETYEARID", field: "budgetYearId", .integer, nullable: true),
        MMEXColumn("CATEGID", field: "categoryId", .integer, nullable: true),
        MMEXColumn("PERIOD", field: "period", .text),
        MMEXColumn("AMOUNT", field: "amount", .numeric),
        MMEXColumn("NOTES", field: "notes", .text, nullable: true),
        MMEXColumn("ACTIVE", field: "active", .integer, nullable: true),
    ]

    /// `BUDGETENTRYID`: Primary key.
    public var id: Int64
    /// `BUDGETYEARID`.
    public var budgetYearId: Int64?
    /// `CATEGID`.
    public var categoryId: Int64?
    /// `PERIOD`: None, Weekly, Bi-Weekly, Monthly, Bi-Monthly, Quarterly, Half-Yearly, Yearly, Daily.
    public var period: String
    /// `AMOUNT`.
    public var amount: Amount
    /// `NOTES`.
    public var notes: String?
    /// `ACTIVE`.
    public var active: Int64?

    public init(
        id: Int64, budgetYearId: Int64? = nil, categoryId: Int64? = nil, period: String, amount: Amount,
        notes: String? = nil, active: Int64? = nil
    ) {
        self.id = id
        self.budgetYearId = budgetYearId
        self.categoryId = categoryId
        self.period = period
        self.amount = amount
        self.notes = notes
        self.active = active
    }
}
