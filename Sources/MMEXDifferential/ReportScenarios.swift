import Differential
import MMEXModel
import MMEXSession
import PersistenceSession

/// The differential scenarios of the reports slice: stored reports (`REPORT_V1`), running their SQL read-only (and
/// refusing SQL that writes, holds several statements or none), and the summary queries.
package enum ReportScenarios {
    static var slice: PortedSlice {
        PortedSlice(
            slice: .reports, repositories: [.reports], handWritten: handWritten, random: generator,
            readBack: [SliceReadBack.reports]
        )
    }

    /// SQL that must run, and SQL that must be refused the same way on every driver.
    package static let queries: [String?] = [
        "SELECT 1 AS one, 'x' AS two, NULL AS three, 2.5 AS four, x'00ff' AS five",
        "SELECT ACCOUNTNAME, INITIALBAL FROM ACCOUNTLIST_V1 ORDER BY ACCOUNTID",
        "  -- leading comment\nSELECT 3 AS n /* inner */ ;  -- trailing",
        "WITH x(n) AS (VALUES (1), (2)) SELECT n FROM x ORDER BY n",
        "VALUES (1, 'a')",
        "SELECT count(*) FROM CHECKINGACCOUNT_V1",
        "DELETE FROM ACCOUNTLIST_V1",
        "UPDATE INFOTABLE_V1 SET INFOVALUE = 'x'",
        "COMMIT",
        "PRAGMA user_version",
        "ATTACH ':memory:' AS other",
        "SELECT 1; SELECT 2",
        "SELECT 1; DELETE FROM ACCOUNTLIST_V1",
        "SELECT 1; nonsense",
        "SELEC 1",
        "SELECT * FROM NO_SUCH_TABLE",
        "-- only a comment",
        "",
        nil,
    ]

    static let names: [String] = ["Spending", "spending", "SPENDING", "Café", "CAFÉ", "Balances"] + CornerValues.names
    static let ranges: [(CalendarDay, CalendarDay)] = [
        ("2023-01-01", "2023-12-31"), ("2024-01-01", "2025-12-31"), ("2025-12-26", "2025-12-26"),
        ("2020-01-01", "2030-12-31"), ("2024-05-01", "2024-04-01"),
    ].compactMap { pair in CalendarDay(iso: pair.0).flatMap { from in CalendarDay(iso: pair.1).map { (from, $0) } } }

    static func day(_ from: String, _ to: String) -> (CalendarDay, CalendarDay) {
        (AccountScenarios.day(from), AccountScenarios.day(to))
    }

    /// Ranges that start, or end the day before, a day the fixture has a day-only transaction on: split withdrawal
    /// 9 (2023-03-13), withdrawal 1 (2023-01-01), deposit 6 (2023-02-24).
    static let boundRanges: [(CalendarDay, CalendarDay)] = [
        day("2023-03-13", "2023-03-13"), day("2023-03-12", "2023-03-12"), day("2023-01-01", "2023-01-01"),
        day("2022-12-31", "2022-12-31"), day("2023-02-24", "2023-02-24"), day("2023-02-23", "2023-02-23"),
    ]

    static func report(_ random: inout SplitMix64) -> Report {
        Report(
            id: Report.unsavedID, name: (random.element(of: names) ?? "r") + (random.chance(1, in: 2) ? "" : " \(random.below(50))"),
            groupName: random.chance(1, in: 3) ? nil : (random.chance(1, in: 2) ? "Spending" : "accounts"),
            active: random.chance(1, in: 4) ? nil : 1, sqlContent: random.element(of: queries) ?? nil,
            description: random.chance(1, in: 2) ? nil : "d"
        )
    }

    // MARK: Operations

    static func list() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("reports.reports()") { try $0.reports.reports() }
    }

    static func named(_ name: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("reports.report(named: \(SessionOperation.quoted(name)))") { try $0.reports.report(named: name) }
    }

    static func run(_ id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("reports.run(reportId: \(id))") { try $0.reports.run(reportId: id) }
    }

    static func run(nth: Int, inWrite: Bool) -> DifferentialOperation<any MMEXSession> {
        let name = "reports.run(report #\(nth))" + (inWrite ? " in a write" : "")
        if inWrite {
            return SessionOperation.write(name) { context -> QueryResult? in
                let all = try context.reports.reports()
                return all.isEmpty ? nil : try context.reports.run(reportId: all[nth % all.count].id)
            }
        }
        return SessionOperation.read(name) { context -> QueryResult? in
            let all = try context.reports.reports()
            return all.isEmpty ? nil : try context.reports.run(reportId: all[nth % all.count].id)
        }
    }

    /// Inserts a report with this SQL and runs it in the same write, then lists what the write left.
    static func runSQL(_ sql: String?, tag: Int) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("insert \"adhoc \(tag)\" and run \(SessionOperation.quoted(sql))") { context -> Outcome<QueryResult> in
            let stored = try context.reports.insert(Report(id: 0, name: "adhoc \(tag)", sqlContent: sql))
            return Outcome(Result { try context.reports.run(reportId: stored.id) })
        }
    }

    static func insert(_ report: Report) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("reports.insert(\(SessionOperation.quoted(report.name)))") { try $0.reports.insert(report) }
    }

    static func update(nth: Int, with template: Report) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("reports.update(report #\(nth) → \(SessionOperation.quoted(template.name)))") { context -> Report? in
            let all = try context.reports.reports()
            guard !all.isEmpty else { return nil }
            var changed = template
            changed.id = all[nth % all.count].id
            try context.reports.update(changed)
            return try context.reports.report(named: changed.name)
        }
    }

    static func delete(nth: Int) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("reports.deleteReport(report #\(nth))") { context -> Bool in
            let all = try context.reports.reports()
            guard !all.isEmpty else { return false }
            return try context.reports.deleteReport(id: all[nth % all.count].id)
        }
    }

    static func incomeVsExpense(_ range: (CalendarDay, CalendarDay)) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("reports.incomeVsExpense(\(range.0)...\(range.1))") {
            try $0.reports.incomeVsExpense(from: range.0, to: range.1)
        }
    }

    static func spending(_ range: (CalendarDay, CalendarDay)) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("reports.spendingByCategory(\(range.0)...\(range.1))") {
            try $0.reports.spendingByCategory(from: range.0, to: range.1)
        }
    }

    // MARK: Hand-written scenarios

    static var handWritten: [SliceScenario] {
        [
            SliceScenario("names whose order depends on NOCASE, in one group and in none", covers: [.reports],
                CornerValues.names.map { insert(Report(id: 0, name: $0, groupName: "Spending", sqlContent: "SELECT 1")) }
                    + [insert(Report(id: 0, name: "zeta", groupName: nil, sqlContent: "SELECT 1")),
                       insert(Report(id: 0, name: "Alpha", groupName: nil, sqlContent: "SELECT 1")), list(), named("BANANA")]),
            SliceScenario("stored reports run read-only", covers: [.reports], [
                list(), named("monthly spending by category"), named("nothing"), run(1), run(2), run(3), run(999_999),
                run(nth: 0, inWrite: true),
            ]),
            SliceScenario("SQL that writes, or is not one statement, is refused", covers: [.reports],
                queries.enumerated().map { runSQL($1, tag: $0) } + [list()]),
            SliceScenario("summaries", covers: [.reports], ranges.flatMap { [incomeVsExpense($0), spending($0)] }),
            SliceScenario("summaries on their bounds: a transaction on the first day counts, one on the day after does not",
                covers: [.reports], boundRanges.flatMap { [incomeVsExpense($0), spending($0)] }),
            SliceScenario("summaries of transactions whose account, or whose account's currency, is missing", covers: [.reports], [
                TransactionScenarios.insert(TransactionDetail(transaction: TransactionScenarios.withdrawal(
                    id: 6_100_001, account: 6_100_000, amount: 7, date: "2024-03-03"))),
                TransactionScenarios.insert(TransactionDetail(
                    transaction: TransactionScenarios.withdrawal(id: 6_100_002, account: 6_100_000, amount: 9, date: "2024-03-03"),
                    splits: [TransactionSplit(id: 0, transactionId: 0, categoryId: 3, amount: 9, notes: nil)])),
                AccountScenarios.insert(AccountScenarios.account(id: 6_100_010, name: "DP No Currency", currency: 999)),
                TransactionScenarios.insert(TransactionDetail(transaction: TransactionScenarios.withdrawal(
                    id: 6_100_011, account: 6_100_010, amount: 11, date: "2024-03-03"))),
                TransactionScenarios.insert(TransactionDetail(
                    transaction: TransactionScenarios.withdrawal(id: 6_100_012, account: 6_100_010, amount: 13, date: "2024-03-03"),
                    splits: [TransactionSplit(id: 0, transactionId: 0, categoryId: 3, amount: 13, notes: nil)])),
                incomeVsExpense(day("2024-03-03", "2024-03-03")), spending(day("2024-03-03", "2024-03-03")),
            ]),
            SliceScenario("insert, NOCASE names, update, delete", covers: [.reports], [
                insert(Report(id: 0, name: "Café", groupName: "Zeta", sqlContent: "SELECT 1")),
                insert(Report(id: 0, name: "café two", groupName: nil, sqlContent: "SELECT 2")), named("CAFÉ"),
                named("café"), list(), update(nth: 0, with: Report(id: 0, name: "renamed", sqlContent: "SELECT 5")),
                delete(nth: 1), list(), run(nth: 0, inWrite: false),
            ]),
        ]
    }

    // MARK: Random operations

    static var generator: OperationGenerator<any MMEXSession> {
        .weighted([
            (2, OperationGenerator { _ in list() }),
            (2, OperationGenerator { random in named(CornerValues.caseVariant(of: random.element(of: names) ?? "x", &random)) }),
            (4, OperationGenerator { random in run(nth: random.below(20), inWrite: random.chance(1, in: 3)) }),
            (3, OperationGenerator { random in runSQL(random.element(of: queries) ?? nil, tag: random.below(100)) }),
            (3, OperationGenerator { random in insert(report(&random)) }),
            (2, OperationGenerator { random in update(nth: random.below(20), with: report(&random)) }),
            (1, OperationGenerator { random in delete(nth: random.below(20)) }),
            (2, OperationGenerator { random in incomeVsExpense(random.element(of: ranges) ?? ranges[0]) }),
            (2, OperationGenerator { random in spending(random.element(of: ranges) ?? ranges[0]) }),
        ])
    }
}

// MARK: The slice's place in the port and its repositories

extension RepositorySlice {
    /// Stored reports and the summary queries.
    package static let reports = RepositorySlice("reports", stage: 5)
}

extension MMEXRepository {
    /// `ReportRepository`, vended by both drivers.
    package static let reports = MMEXRepository(ReportRepositoryKey.self)
}
