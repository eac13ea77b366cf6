import SQLiteEngine

/// A budget line: category, period and amount in cents (negative: money out, positive: money in).
private struct BudgetLine {
    let category: CategoryRef
    let period: String
    let amount: Int64
}

/// Yearly budgets with every MMEX period, and monthly ones.
private let yearLines: [BudgetLine] = [
    BudgetLine(category: .builtIn(10), period: "Monthly", amount: -45_000),
    BudgetLine(category: .builtIn(11), period: "Monthly", amount: -12_000),
    BudgetLine(category: .builtIn(3), period: "Monthly", amount: -8_500),
    BudgetLine(category: .builtIn(6), period: "Monthly", amount: -125_000),
    BudgetLine(category: .builtIn(18), period: "Weekly", amount: -4_000),
    BudgetLine(category: .builtIn(13), period: "Bi-Weekly", amount: -1_500),
    BudgetLine(category: .builtIn(22), period: "Bi-Monthly", amount: -4_000),
    BudgetLine(category: .builtIn(26), period: "Quarterly", amount: -30_000),
    BudgetLine(category: .builtIn(33), period: "Half-Yearly", amount: -15_000),
    BudgetLine(category: .builtIn(41), period: "Yearly", amount: -250_000),
    BudgetLine(category: .builtIn(49), period: "Daily", amount: -350),
    BudgetLine(category: .builtIn(50), period: "None", amount: 0),
    BudgetLine(category: .builtIn(9), period: "Yearly", amount: -700_000),
    BudgetLine(category: .builtIn(CategoryIndex.salary), period: "Monthly", amount: 320_000),
    BudgetLine(category: .custom(CustomCategory.kita), period: "Monthly", amount: -38_000),
    BudgetLine(category: .custom(CustomCategory.kindergeld), period: "Monthly", amount: 25_000),
]

private let monthLines: [BudgetLine] = [
    BudgetLine(category: .builtIn(10), period: "Monthly", amount: -42_000),
    BudgetLine(category: .builtIn(11), period: "Monthly", amount: -10_010),
    BudgetLine(category: .builtIn(5), period: "Monthly", amount: -3_999),
    BudgetLine(category: .custom(CustomCategory.espresso), period: "Monthly", amount: -10),
]

extension FixtureWorld {
    /// A budget year per calendar year ("2024") with lines for every period, and monthly budgets ("2025-03") for
    /// the last year, as MMEX desktop names them.
    func writeBudgets() throws {
        var random = random(.budgets)
        for year in timeline.firstYear...timeline.lastYear {
            let yearId = ids.small(.budgetYear)
            try sink.insert(.budgetYear, [.int(yearId), .text(String(year))])
            let growth = Int64(year - timeline.firstYear) * 2
            for line in yearLines where random.chance(perMille: 900) {
                try insertBudgetLine(line, yearId: yearId, amount: line.amount + line.amount * growth / 100, random: &random)
            }
        }
        for month in 1...12 {
            let yearId = ids.small(.budgetYear)
            let name = DateText.month(CivilDate(year: timeline.lastYear, month: month, day: 1))
            try sink.insert(.budgetYear, [.int(yearId), .text(name)])
            for line in monthLines {
                try insertBudgetLine(line, yearId: yearId, amount: line.amount, random: &random)
            }
        }
    }

    private func insertBudgetLine(_ line: BudgetLine, yearId: Int64, amount: Int64, random: inout FixtureRandom) throws {
        let notes: SQLiteValue = random.chance(perMille: 150) ? .text("Ziel: weniger als letztes Jahr") : .text("")
        try sink.insert(.budgetEntry, [
            .int(ids.small(.budgetEntry)), .int(yearId), .int(categoryId(line.category)), .text(line.period),
            FixedPoint(units: amount, digits: 2).sqlValue, notes, .int(random.chance(perMille: 950) ? 1 : 0),
        ])
    }
}
