import LegacyDriver
import MMEXModel

/// `BUDGETYEAR_V1` and `BUDGETTABLE_V1` on the legacy driver (query builder on the retained connection).
struct LegacyBudgetRepository: BudgetRepository {
    let unit: LegacyUnit
    private let years = LegacyRecordTable<BudgetYear>()
    private let entriesTable = LegacyRecordTable<BudgetEntry>()

    private var yearName: SQLExpression<String> { years.column("BUDGETYEARNAME") }
    private var entryYear: SQLExpression<Int64?> { entriesTable.column("BUDGETYEARID") }
    private var entryCategory: SQLExpression<Int64?> { entriesTable.column("CATEGID") }

    func budgetYears() throws -> [BudgetYear] {
        try unit.run { try unit.db.prepare(years.selection.order(yearName, years.id)).map(years.record) }
    }

    func budgetYear(named name: String) throws -> BudgetYear? {
        try unit.run { try unit.db.pluck(years.selection.filter(yearName == name).order(years.id).limit(1)).map(years.record) }
    }

    func entries(budgetYearId: Int64) throws -> [BudgetEntry] {
        try unit.run {
            try unit.db.prepare(entriesTable.selection.filter(entryYear == budgetYearId).order(entryCategory, entriesTable.id))
                .map(entriesTable.record)
        }
    }

    func insert(_ year: BudgetYear) throws -> BudgetYear {
        try unit.run { try years.insert(year, unit) }
    }

    func update(_ year: BudgetYear) throws {
        try unit.run { _ = try years.update(year, unit) }
    }

    func deleteBudgetYear(id: Int64) throws -> Bool {
        try unit.run {
            try unit.db.run(entriesTable.table.filter(entryYear == id).delete())
            return try unit.db.run(years.table.filter(years.id == id).delete()) > 0
        }
    }

    func setEntry(_ entry: BudgetEntry) throws -> BudgetEntry {
        try unit.run {
            let same = entriesTable.selection.filter(entryYear == entry.budgetYearId && entryCategory == entry.categoryId)
                .order(entriesTable.id).limit(1)
            if let existing = try unit.db.pluck(same).map(entriesTable.record) {
                var stored = entry
                stored.id = existing.id
                try entriesTable.update(stored, unit)
                return stored
            }
            return try entriesTable.insert(entry, unit)
        }
    }

    func deleteEntry(id: Int64) throws -> Bool {
        try unit.run { try unit.db.run(entriesTable.table.filter(entriesTable.id == id).delete()) > 0 }
    }
}

/// Vends the repository in legacy units of work (`context.budgets`).
extension BudgetRepositoryKey: LegacyReadableRepositoryKey {
    package static func reading(in unit: LegacyUnit) -> any BudgetReading { LegacyBudgetRepository(unit: unit) }
    package static func writing(in unit: LegacyUnit) -> any BudgetRepository { LegacyBudgetRepository(unit: unit) }
}
