/// Reads budgets (`BUDGETYEAR_V1`, `BUDGETTABLE_V1`). Slice 4.
public protocol BudgetReading {
    func budgetYears() throws -> [BudgetYear]
    func budgetYear(named name: String) throws -> BudgetYear?
    func entries(budgetYearId: Int64) throws -> [BudgetEntry]
}

/// Writes budgets.
public protocol BudgetRepository: BudgetReading {
    @discardableResult func insert(_ year: BudgetYear) throws -> BudgetYear
    /// Deletes a budget year and its entries.
    @discardableResult func deleteBudgetYear(id: Int64) throws -> Bool
    /// Inserts or replaces the entry for a category in a year.
    @discardableResult func setEntry(_ entry: BudgetEntry) throws -> BudgetEntry
    @discardableResult func deleteEntry(id: Int64) throws -> Bool
}
