import Differential
import MMEXModel
import MMEXSession
import PersistenceSession

/// The differential scenarios of the budgets slice (`BUDGETYEAR_V1`, `BUDGETTABLE_V1`): years by exact name, one
/// entry per year and category (NULLs included), deleting a year with its entries.
enum BudgetScenarios {
    static var slice: PortedSlice {
        PortedSlice(
            slice: .budgets, repositories: [.budgets], handWritten: handWritten, random: generator,
            readBack: [SliceReadBack.budgets]
        )
    }

    static let yearNames = ["2023", "2024", "2025-01", "2026", "2026-02", "budget", "Budget", ""]
    static let periods = ["Monthly", "Yearly", "None", "Weekly", "Bi-Weekly", "odd"]
    static let amounts: [Amount] = [0, -450, .real(-85.5), 1200, .text("n/a")]

    static func entry(_ random: inout SplitMix64, year: Int64?) -> BudgetEntry {
        BudgetEntry(
            id: BudgetEntry.unsavedID, budgetYearId: year, categoryId: random.chance(1, in: 6) ? nil : Int64(random.int(in: 1...12)),
            period: random.element(of: periods) ?? "Monthly", amount: random.element(of: amounts) ?? 0,
            notes: random.chance(1, in: 2) ? nil : "n", active: random.chance(1, in: 3) ? nil : 1
        )
    }

    // MARK: Operations

    static func years() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("budgets.budgetYears()") { try $0.budgets.budgetYears() }
    }

    static func named(_ name: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("budgets.budgetYear(named: \(SessionOperation.quoted(name)))") { try $0.budgets.budgetYear(named: name) }
    }

    static func entries(nth index: Int) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("budgets.entries(year #\(index))") { context -> [BudgetEntry] in
            let all = try context.budgets.budgetYears()
            return all.isEmpty ? [] : try context.budgets.entries(budgetYearId: all[index % all.count].id)
        }
    }

    static func insertYear(_ name: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("budgets.insert(year \(SessionOperation.quoted(name)))") {
            try $0.budgets.insert(BudgetYear(id: 0, name: name))
        }
    }

    static func rename(nth index: Int, to name: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("budgets.update(year #\(index) → \(SessionOperation.quoted(name)))") { context -> [BudgetYear] in
            let all = try context.budgets.budgetYears()
            if !all.isEmpty { try context.budgets.update(BudgetYear(id: all[index % all.count].id, name: name)) }
            return try context.budgets.budgetYears()
        }
    }

    static func deleteYear(nth index: Int) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("budgets.deleteBudgetYear(year #\(index))") { context -> Bool in
            let all = try context.budgets.budgetYears()
            return all.isEmpty ? false : try context.budgets.deleteBudgetYear(id: all[index % all.count].id)
        }
    }

    static func setEntry(yearIndex: Int?, _ template: BudgetEntry) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write(
            "budgets.setEntry(year #\(yearIndex.map(String.init) ?? "nil"), category \(template.categoryId.map(String.init) ?? "nil"), "
                + "\(template.amount))"
        ) { context -> BudgetEntry in
            var entry = template
            if let yearIndex {
                let all = try context.budgets.budgetYears()
                entry.budgetYearId = all.isEmpty ? nil : all[yearIndex % all.count].id
            }
            return try context.budgets.setEntry(entry)
        }
    }

    static func deleteEntry(yearIndex: Int, entryIndex: Int) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("budgets.deleteEntry(year #\(yearIndex), entry #\(entryIndex))") { context -> Bool in
            let all = try context.budgets.budgetYears()
            guard !all.isEmpty else { return false }
            let entries = try context.budgets.entries(budgetYearId: all[yearIndex % all.count].id)
            return entries.isEmpty ? false : try context.budgets.deleteEntry(id: entries[entryIndex % entries.count].id)
        }
    }

    static func rolledBack(_ name: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.abortedWrite("write { budgets.insert(year); delete first year; throw }") { context in
            try context.budgets.insert(BudgetYear(id: 0, name: name))
            if let first = try context.budgets.budgetYears().first { try context.budgets.deleteBudgetYear(id: first.id) }
        }
    }

    // MARK: Hand-written scenarios

    static var handWritten: [SliceScenario] {
        var random = SplitMix64(seed: 53)
        let first = entry(&random, year: nil)
        var nullCategory = entry(&random, year: nil)
        nullCategory.categoryId = nil
        return [
            SliceScenario("read years and entries", covers: [.budgets], [
                years(), named("2024"), named("2025-01"), named("nothing"), entries(nth: 0), entries(nth: 3),
            ]),
            SliceScenario("exact names, unique years, one entry per category", covers: [.budgets], [
                insertYear("budget"), insertYear("Budget"), insertYear("budget"), named("BUDGET"), named("Budget"),
                setEntry(yearIndex: 0, first), setEntry(yearIndex: 0, first), setEntry(yearIndex: 0, nullCategory),
                setEntry(yearIndex: 0, nullCategory), setEntry(yearIndex: nil, nullCategory), entries(nth: 0),
                rename(nth: 0, to: "2024"), rename(nth: 0, to: "renamed"),
            ]),
            SliceScenario("delete a year with its entries", covers: [.budgets], [
                deleteYear(nth: 0), deleteYear(nth: 0), years(), entries(nth: 0), deleteEntry(yearIndex: 1, entryIndex: 0),
                entries(nth: 1), rolledBack("rolled back"), years(),
            ]),
        ]
    }

    // MARK: Random operations

    static var generator: OperationGenerator<any MMEXSession> {
        .weighted([
            (2, OperationGenerator { _ in years() }),
            (2, OperationGenerator { random in named(random.element(of: yearNames) ?? "2024") }),
            (3, OperationGenerator { random in entries(nth: random.below(20)) }),
            (2, OperationGenerator { random in insertYear(random.element(of: yearNames) ?? "2024") }),
            (1, OperationGenerator { random in rename(nth: random.below(20), to: random.element(of: yearNames) ?? "x") }),
            (1, OperationGenerator { random in deleteYear(nth: random.below(20)) }),
            (5, OperationGenerator { random in
                setEntry(yearIndex: random.chance(1, in: 8) ? nil : random.below(20), entry(&random, year: nil))
            }),
            (2, OperationGenerator { random in deleteEntry(yearIndex: random.below(20), entryIndex: random.below(20)) }),
            (1, OperationGenerator { random in rolledBack(random.element(of: yearNames) ?? "x") }),
        ])
    }
}

// MARK: The slice's place in the port and its repositories

extension RepositorySlice {
    /// Budget years and their entries.
    package static let budgets = RepositorySlice("budgets", stage: 4)
}

extension MMEXRepository {
    /// `BudgetRepository`, vended by both drivers.
    package static let budgets = MMEXRepository(BudgetRepositoryKey.self)
}
