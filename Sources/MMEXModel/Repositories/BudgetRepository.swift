/// Reads budgets (`BUDGETYEAR_V1`, `BUDGETTABLE_V1`). Slice 4.
public protocol BudgetReading {
    /// Every budget year, by `BUDGETYEARNAME` then `BUDGETYEARID`.
    func budgetYears() throws -> [BudgetYear]
    /// The year with this exact name (the column is `UNIQUE` without NOCASE: `2024-05` only).
    func budgetYear(named name: String) throws -> BudgetYear?
    /// A year's entries, by `CATEGID` then `BUDGETENTRYID`.
    func entries(budgetYearId: Int64) throws -> [BudgetEntry]
}

/// Writes budgets.
public protocol BudgetRepository: BudgetReading {
    @discardableResult func insert(_ year: BudgetYear) throws -> BudgetYear
    /// Renames a budget year.
    func update(_ year: BudgetYear) throws
    /// Deletes a budget year and its entries.
    @discardableResult func deleteBudgetYear(id: Int64) throws -> Bool
    /// Inserts or replaces the entry for a category in a year: when the year already has an entry for the category
    /// (the lowest `BUDGETENTRYID` among several), that row takes the given values and keeps its id; otherwise a new
    /// row is inserted (id minted when unsaved).
    @discardableResult func setEntry(_ entry: BudgetEntry) throws -> BudgetEntry
    @discardableResult func deleteEntry(id: Int64) throws -> Bool
}

/// Names budgets in the MMEX contexts: `context.budgets` reads them in a read unit of work, and reads and writes them
/// in a write unit of work.
public enum BudgetRepositoryKey: ReadableRepositoryKey {
    public typealias Reading = any BudgetReading
    public typealias Writing = any BudgetRepository
}

extension ReadRepositories {
    /// The reading side of ``BudgetRepositoryKey``'s repository, in this unit of work.
    public var budgets: any BudgetReading { repository(BudgetRepositoryKey.self) }
}

extension WriteRepositories {
    /// ``BudgetRepositoryKey``'s repository, reads and writes, in this unit of work.
    public var budgets: any BudgetRepository { repository(BudgetRepositoryKey.self) }
}
