import MMEXModel
import ReaderWriterDriver

/// `BUDGETYEAR_V1` and `BUDGETTABLE_V1` on the reader/writer driver: SQL on the unit's `db`.
struct ReaderWriterBudgetRepository: BudgetRepository {
    let unit: ReaderWriterUnit
    private typealias Years = StoredRecordSQL<BudgetYear>
    private typealias Entries = StoredRecordSQL<BudgetEntry>

    func budgetYears() throws -> [BudgetYear] {
        try unit.run { db in try Years.fetchAll(db, Years.selection + " ORDER BY BUDGETYEARNAME, BUDGETYEARID") }
    }

    func budgetYear(named name: String) throws -> BudgetYear? {
        try unit.run { db in
            try Years.fetchOne(db, Years.selection + " WHERE BUDGETYEARNAME = ? ORDER BY BUDGETYEARID LIMIT 1", [name])
        }
    }

    func entries(budgetYearId: Int64) throws -> [BudgetEntry] {
        try unit.run { db in
            try Entries.fetchAll(db, Entries.selection + " WHERE BUDGETYEARID = ? ORDER BY CATEGID, BUDGETENTRYID", [budgetYearId])
        }
    }

    func insert(_ year: BudgetYear) throws -> BudgetYear {
        try unit.run { db in try Years.insert(db, year, minter: unit.minter) }
    }

    func update(_ year: BudgetYear) throws {
        try unit.run { db in _ = try Years.update(db, year) }
    }

    func deleteBudgetYear(id: Int64) throws -> Bool {
        try unit.run { db in
            try db.execute(sql: "DELETE FROM BUDGETTABLE_V1 WHERE BUDGETYEARID = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM BUDGETYEAR_V1 WHERE BUDGETYEARID = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    func setEntry(_ entry: BudgetEntry) throws -> BudgetEntry {
        try unit.run { db in
            let existing = try Entries.fetchOne(
                db, Entries.selection + " WHERE BUDGETYEARID IS ? AND CATEGID IS ? ORDER BY BUDGETENTRYID LIMIT 1",
                [entry.budgetYearId, entry.categoryId]
            )
            if let existing {
                var stored = entry
                stored.id = existing.id
                try Entries.update(db, stored)
                return stored
            }
            return try Entries.insert(db, entry, minter: unit.minter)
        }
    }

    func deleteEntry(id: Int64) throws -> Bool {
        try unit.run { db in
            try db.execute(sql: "DELETE FROM BUDGETTABLE_V1 WHERE BUDGETENTRYID = ?", arguments: [id])
            return db.changesCount > 0
        }
    }
}

/// Vends the repository in reader/writer units of work (`context.budgets`).
extension BudgetRepositoryKey: ReaderWriterReadableRepositoryKey {
    package static func reading(in unit: ReaderWriterUnit) -> any BudgetReading {
        ReaderWriterBudgetRepository(unit: unit)
    }
    package static func writing(in unit: ReaderWriterUnit) -> any BudgetRepository {
        ReaderWriterBudgetRepository(unit: unit)
    }
}
