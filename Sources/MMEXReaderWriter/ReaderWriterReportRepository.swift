import MMEXModel
import MMEXSessionSupport
import MMEXSession
import PersistenceSession
import ReaderWriterDriver
import SQLiteEngine

/// `REPORT_V1` and the summary queries on the reader/writer driver: SQL on the unit's `db`; the stored report's own
/// SQL compiled as one statement and checked read-only before it steps.
struct ReaderWriterReportRepository: ReportRepository {
    let unit: ReaderWriterUnit
    private typealias Reports = StoredRecordSQL<Report>

    func reports() throws -> [Report] {
        try unit.run { db in
            try Reports.fetchAll(db, Reports.selection + " ORDER BY GROUPNAME, REPORTNAME COLLATE NOCASE, REPORTID")
        }
    }

    func report(named name: String) throws -> Report? {
        try unit.run { db in
            try Reports.fetchOne(
                db, Reports.selection + " WHERE REPORTNAME = ? COLLATE NOCASE ORDER BY REPORTID LIMIT 1", [name]
            )
        }
    }

    func run(reportId: Int64) throws -> QueryResult {
        try unit.run { db in
            let (report, sql) = try ReportStatementRules.text(of: try Reports.find(db, id: reportId), id: reportId)
            let statement: Statement
            do {
                // One statement only: the driver refuses a text with more (or none) as a misuse.
                statement = try db.makeStatement(sql: sql)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_MISUSE {
                throw ReportStatementRules.notOneStatement(report)
            }
            try ReportStatementRules.check(report, sql: sql, isReadOnly: statement.isReadOnly)
            let rows = try Row.fetchAll(statement).map { $0.databaseValues.map(ReaderWriterValueBridge.stored) }
            return QueryResult(columns: statement.columnNames, rows: rows)
        }
    }

    func insert(_ report: Report) throws -> Report {
        try unit.run { db in try Reports.insert(db, report, minter: unit.minter) }
    }

    func update(_ report: Report) throws {
        try unit.run { db in _ = try Reports.update(db, report) }
    }

    func deleteReport(id: Int64) throws -> Bool {
        try unit.run { db in
            try db.execute(sql: "DELETE FROM REPORT_V1 WHERE REPORTID = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    // MARK: Summaries

    /// The joins and filters every summary shares: the account's currency rate; in the period, not void, not deleted.
    /// Tables are named in full, not aliased, so an old file's missing column (MMEX 0.9.7 has no `DELETEDTIME`) is reported
    /// as `CHECKINGACCOUNT_V1.DELETEDTIME`, the words the legacy query builder's qualified columns produce.
    private static let ledger = """
        FROM CHECKINGACCOUNT_V1
        LEFT JOIN ACCOUNTLIST_V1 ON ACCOUNTLIST_V1.ACCOUNTID = CHECKINGACCOUNT_V1.ACCOUNTID
        LEFT JOIN CURRENCYFORMATS_V1 ON CURRENCYFORMATS_V1.CURRENCYID = ACCOUNTLIST_V1.CURRENCYID
        WHERE CHECKINGACCOUNT_V1.TRANSDATE >= ? AND CHECKINGACCOUNT_V1.TRANSDATE < ?
          AND ifnull(CHECKINGACCOUNT_V1.STATUS, '') <> 'V' AND ifnull(CHECKINGACCOUNT_V1.DELETEDTIME, '') = ''
        """

    func incomeVsExpense(from: CalendarDay, to: CalendarDay) throws -> [MonthlyTotals] {
        try unit.run { db in
            let sql = "SELECT CHECKINGACCOUNT_V1.TRANSDATE, CHECKINGACCOUNT_V1.TRANSCODE, CHECKINGACCOUNT_V1.TRANSAMOUNT, "
                + "CURRENCYFORMATS_V1.BASECONVRATE " + Self.ledger
                + " AND CHECKINGACCOUNT_V1.TRANSCODE IN ('Deposit', 'Withdrawal') ORDER BY CHECKINGACCOUNT_V1.TRANSID"
            var totals = SummaryAccumulation.Monthly()
            let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: [from.iso, DayBounds.after(to)])
            while let row = try rows.next() {
                let values = row.databaseValues.map(ReaderWriterValueBridge.stored)
                totals.add(date: values[0], code: values[1], amount: values[2], rate: values[3])
            }
            return totals.result
        }
    }

    func spendingByCategory(from: CalendarDay, to: CalendarDay) throws -> [CategoryTotal] {
        try unit.run { db in
            let arguments: StatementArguments = [from.iso, DayBounds.after(to)]
            var totals = SummaryAccumulation.ByCategory()
            let whole = "SELECT CHECKINGACCOUNT_V1.CATEGID, CHECKINGACCOUNT_V1.TRANSAMOUNT, CURRENCYFORMATS_V1.BASECONVRATE "
                + Self.ledger + " AND CHECKINGACCOUNT_V1.TRANSCODE = 'Withdrawal' AND NOT EXISTS (SELECT 1 "
                + "FROM SPLITTRANSACTIONS_V1 WHERE SPLITTRANSACTIONS_V1.TRANSID = CHECKINGACCOUNT_V1.TRANSID) "
                + "ORDER BY CHECKINGACCOUNT_V1.TRANSID"
            let lines = """
                SELECT SPLITTRANSACTIONS_V1.CATEGID, SPLITTRANSACTIONS_V1.SPLITTRANSAMOUNT, CURRENCYFORMATS_V1.BASECONVRATE
                FROM SPLITTRANSACTIONS_V1
                JOIN CHECKINGACCOUNT_V1 ON CHECKINGACCOUNT_V1.TRANSID = SPLITTRANSACTIONS_V1.TRANSID
                LEFT JOIN ACCOUNTLIST_V1 ON ACCOUNTLIST_V1.ACCOUNTID = CHECKINGACCOUNT_V1.ACCOUNTID
                LEFT JOIN CURRENCYFORMATS_V1 ON CURRENCYFORMATS_V1.CURRENCYID = ACCOUNTLIST_V1.CURRENCYID
                WHERE CHECKINGACCOUNT_V1.TRANSDATE >= ? AND CHECKINGACCOUNT_V1.TRANSDATE < ?
                  AND ifnull(CHECKINGACCOUNT_V1.STATUS, '') <> 'V' AND ifnull(CHECKINGACCOUNT_V1.DELETEDTIME, '') = ''
                  AND CHECKINGACCOUNT_V1.TRANSCODE = 'Withdrawal'
                ORDER BY CHECKINGACCOUNT_V1.TRANSID, SPLITTRANSACTIONS_V1.SPLITTRANSID
                """
            for sql in [whole, lines] {
                let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
                while let row = try rows.next() {
                    let values = row.databaseValues.map(ReaderWriterValueBridge.stored)
                    totals.add(categoryId: values[0], amount: values[1], rate: values[2])
                }
            }
            return totals.result
        }
    }
}

/// Vends the repository in reader/writer units of work (`context.reports`).
extension ReportRepositoryKey: ReaderWriterReadableRepositoryKey {
    package static func reading(in unit: ReaderWriterUnit) -> any ReportReading {
        ReaderWriterReportRepository(unit: unit)
    }
    package static func writing(in unit: ReaderWriterUnit) -> any ReportRepository {
        ReaderWriterReportRepository(unit: unit)
    }
}
