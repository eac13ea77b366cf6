import LegacyDriver
import MMEXModel
import MMEXSessionSupport
import MMEXSession
import PersistenceSession
import SQLiteEngine

/// `REPORT_V1` and the summary queries on the legacy driver (query builder; the stored report's own SQL through a
/// raw statement, checked read-only before it steps).
struct LegacyReportRepository: ReportRepository {
    let unit: LegacyUnit
    private let reportsTable = LegacyRecordTable<Report>()
    private var reportName: SQLExpression<String> { reportsTable.column("REPORTNAME") }
    private var groupName: SQLExpression<String?> { reportsTable.column("GROUPNAME") }

    func reports() throws -> [Report] {
        try unit.run {
            try unit.db.prepare(reportsTable.selection.order(groupName, reportName.collate(.nocase), reportsTable.id))
                .map(reportsTable.record)
        }
    }

    func report(named name: String) throws -> Report? {
        try unit.run {
            let query = reportsTable.selection.filter(reportName.collate(.nocase) == name).order(reportsTable.id).limit(1)
            return try unit.db.pluck(query).map(reportsTable.record)
        }
    }

    func run(reportId: Int64) throws -> QueryResult {
        try unit.run {
            let stored = try unit.db.pluck(reportsTable.selection.filter(reportsTable.id == reportId)).map(reportsTable.record)
            let (report, sql) = try ReportStatementRules.text(of: stored, id: reportId)
            let statement: Statement
            do {
                statement = try unit.db.prepare(sql)
            } catch LegacyError.sqlite(let error) where error.code == ResultCode.misuse {
                throw ReportStatementRules.notOneStatement(report)
            }
            // The connection compiles the first statement only: anything after it must compile to nothing (SQLite
            // says "no statement", a misuse).
            let rest = String(decoding: sql.utf8.dropFirst(statement.sql.utf8.count), as: UTF8.self)
            do {
                _ = try unit.db.prepare(rest)
                throw ReportStatementRules.notOneStatement(report)
            } catch LegacyError.sqlite(let error) where error.code == ResultCode.misuse {
                // Only white space and comments follow.
            } catch LegacyError.sqlite {
                throw ReportStatementRules.notOneStatement(report)
            }
            try ReportStatementRules.check(report, sql: sql, isReadOnly: statement.handle.isReadOnly)
            let rows = try statement.allValues().map { $0.map(LegacyValueBridge.stored) }
            return QueryResult(columns: statement.columnNames, rows: rows)
        }
    }

    func insert(_ report: Report) throws -> Report {
        try unit.run { try reportsTable.insert(report, unit) }
    }

    func update(_ report: Report) throws {
        try unit.run { _ = try reportsTable.update(report, unit) }
    }

    func deleteReport(id: Int64) throws -> Bool {
        try unit.run { try unit.db.run(reportsTable.table.filter(reportsTable.id == id).delete()) > 0 }
    }

    // MARK: Summaries

    private enum Ledger {
        static let transactions = Table("CHECKINGACCOUNT_V1")
        static let splits = Table("SPLITTRANSACTIONS_V1")
        static let accounts = Table("ACCOUNTLIST_V1")
        static let currencies = Table("CURRENCYFORMATS_V1")
        static let transId = SQLExpression<Int64>("TRANSID")
        static let splitId = SQLExpression<Int64>("SPLITTRANSID")
        static let accountId = SQLExpression<Int64>("ACCOUNTID")
        static let currencyId = SQLExpression<Int64?>("CURRENCYID")
        static let date = SQLExpression<String>("TRANSDATE")
        static let code = SQLExpression<String>("TRANSCODE")
        static let amount = SQLExpression<Double>("TRANSAMOUNT")
        static let splitAmount = SQLExpression<Double?>("SPLITTRANSAMOUNT")
        static let category = SQLExpression<Int64?>("CATEGID")
        static let status = SQLExpression<String?>("STATUS")
        static let deleted = SQLExpression<String?>("DELETEDTIME")
        static let rate = SQLExpression<Double?>("BASECONVRATE")
    }

    /// Transactions joined with their account's currency, counted in a summary: in the period, not void, not deleted.
    private func counted<Q: QueryType>(_ query: Q, from: CalendarDay, to: CalendarDay) -> Q {
        let t = Ledger.transactions
        let a = Ledger.accounts
        let c = Ledger.currencies
        return query
            .join(.leftOuter, a, on: a[Ledger.accountId] == t[Ledger.accountId])
            .join(.leftOuter, c, on: c[Ledger.currencyId] == a[Ledger.currencyId])
            .filter(
                t[Ledger.date] >= from.iso && t[Ledger.date] < DayBounds.after(to)
                    && (t[Ledger.status] ?? "") != TransactionStatus.void.rawValue && (t[Ledger.deleted] ?? "") == ""
            )
    }

    func incomeVsExpense(from: CalendarDay, to: CalendarDay) throws -> [MonthlyTotals] {
        try unit.run {
            let t = Ledger.transactions
            let query = counted(
                t.select(t[Ledger.date], t[Ledger.code], t[Ledger.amount], Ledger.currencies[Ledger.rate]), from: from, to: to
            )
            .filter([TransactionCode.deposit.rawValue, TransactionCode.withdrawal.rawValue].contains(t[Ledger.code]))
            .order(t[Ledger.transId])
            var totals = SummaryAccumulation.Monthly()
            try unit.db.prepare(query).forEach { row in
                let values = row.values.map(LegacyValueBridge.stored)
                totals.add(date: values[0], code: values[1], amount: values[2], rate: values[3])
            }
            return totals.result
        }
    }

    func spendingByCategory(from: CalendarDay, to: CalendarDay) throws -> [CategoryTotal] {
        try unit.run {
            let t = Ledger.transactions
            let s = Ledger.splits
            let rate = Ledger.currencies[Ledger.rate]
            let withdrawal = t[Ledger.code] == TransactionCode.withdrawal.rawValue
            var totals = SummaryAccumulation.ByCategory()
            let hasSplits = exists(s.select(s[Ledger.splitId]).filter(s[Ledger.transId] == t[Ledger.transId]))
            let whole = counted(t.select(t[Ledger.category], t[Ledger.amount], rate), from: from, to: to)
                .filter(withdrawal && !hasSplits).order(t[Ledger.transId])
            let add = { (row: Row) in
                let values = row.values.map(LegacyValueBridge.stored)
                totals.add(categoryId: values[0], amount: values[1], rate: values[2])
            }
            try unit.db.prepare(whole).forEach(add)
            let lines = counted(
                s.select(s[Ledger.category], s[Ledger.splitAmount], rate)
                    .join(.inner, t, on: t[Ledger.transId] == s[Ledger.transId]),
                from: from, to: to
            )
            .filter(withdrawal).order(t[Ledger.transId], s[Ledger.splitId])
            try unit.db.prepare(lines).forEach(add)
            return totals.result
        }
    }
}

/// Vends the repository in legacy units of work (`context.reports`).
extension ReportRepositoryKey: LegacyReadableRepositoryKey {
    package static func reading(in unit: LegacyUnit) -> any ReportReading { LegacyReportRepository(unit: unit) }
    package static func writing(in unit: LegacyUnit) -> any ReportRepository { LegacyReportRepository(unit: unit) }
}
