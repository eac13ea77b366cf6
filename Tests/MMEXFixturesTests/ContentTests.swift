import Foundation
import MMEXFiles
import MMEXFixtures
import SQLiteEngine
import TestSupport
import Testing

@Suite("what the generated file holds")
struct ContentTests {
    @Test("every table of the MMEX schema has rows")
    func everyTableHasRows() throws {
        let fixture = try GeneratedFixture()
        defer { withExtendedLifetime(fixture) {} }
        let tables = try TableDumper.tableNames(fixture.connection)
        #expect(tables.count == 25)
        for table in tables {
            #expect(try fixture.connection.integer("SELECT count(*) FROM \(quoteIdentifier(table))") > 0, "\(table) is empty")
        }
        #expect(try fixture.connection.integer("SELECT count(*) FROM CHECKINGACCOUNT_V1") == 200)
        #expect(fixture.report.rows(in: "CHECKINGACCOUNT_V1") == 200)
    }

    @Test("the generator's column lists are exactly the schema's, in order")
    func columnListsMatchTheSchema() throws {
        let folder = TemporaryDirectory("fixture-test")
        let connection = try MMEXFileCreator.create(at: folder.path("empty.mmb"))
        defer { connection.close() }
        #expect(Set(MMEXTable.allCases.map(\.name)) == Set(try TableDumper.tableNames(connection)))
        for table in MMEXTable.allCases {
            let columns = try connection.rows("SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(table.name)])
                .compactMap { $0.first?.textValue }
            #expect(columns == table.columns, "\(table.name)")
        }
    }

    @Test("every transaction status and code, both date forms, and a time of day are present")
    func statusesCodesAndDates() throws {
        try withFixture { db throws in
            for status in ["", "R", "V", "F", "D"] {
                #expect(try db.integer("SELECT count(*) FROM CHECKINGACCOUNT_V1 WHERE STATUS = ?", [.text(status)]) > 0, "status '\(status)'")
            }
            for code in ["Withdrawal", "Deposit", "Transfer"] {
                #expect(try db.integer("SELECT count(*) FROM CHECKINGACCOUNT_V1 WHERE TRANSCODE = ?", [.text(code)]) > 0, "\(code)")
            }
            #expect(try db.integer("SELECT count(*) FROM CHECKINGACCOUNT_V1 WHERE TRANSDATE LIKE '%T00:00:00'") > 0)
            #expect(try db.integer("SELECT count(*) FROM CHECKINGACCOUNT_V1 WHERE length(TRANSDATE) = 10") > 0)
            #expect(try db.integer("SELECT count(*) FROM CHECKINGACCOUNT_V1 WHERE TRANSDATE LIKE '%T%' AND TRANSDATE NOT LIKE '%T00:00:00'") > 0)
            #expect(try db.integer("SELECT count(DISTINCT substr(TRANSDATE, 1, 4)) FROM CHECKINGACCOUNT_V1") >= 3)
            // Soft-deleted rows, and unset text both as NULL (desktop) and as '' (the iOS app).
            #expect(try db.integer("SELECT count(*) FROM CHECKINGACCOUNT_V1 WHERE DELETEDTIME <> ''") > 0)
            #expect(try db.integer("SELECT count(*) FROM CHECKINGACCOUNT_V1 WHERE DELETEDTIME IS NULL") > 0)
            #expect(try db.integer("SELECT count(*) FROM CHECKINGACCOUNT_V1 WHERE DELETEDTIME = ''") > 0)
        }
    }

    @Test("money values stress numeric: 0.1, one satoshi, negatives, a huge balance, integers and reals")
    func stressValues() throws {
        try withFixture { db throws in
            #expect(try db.integer("SELECT count(*) FROM CHECKINGACCOUNT_V1 WHERE TRANSAMOUNT = ?", [.real(0.1)]) > 0)
            #expect(try db.integer("SELECT count(*) FROM CHECKINGACCOUNT_V1 WHERE TRANSAMOUNT = ?", [.real(1e-8)]) > 0)
            #expect(try db.integer("SELECT count(*) FROM SPLITTRANSACTIONS_V1 WHERE SPLITTRANSAMOUNT < 0") > 0)
            #expect(try db.integer("SELECT count(*) FROM ACCOUNTLIST_V1 WHERE INITIALBAL < 0") >= 3)
            #expect(try db.integer("SELECT count(*) FROM ACCOUNTLIST_V1 WHERE INITIALBAL = ?", [.real(123_456_789_012.34)]) == 1)
            #expect(try db.integer("SELECT count(*) FROM ACCOUNTLIST_V1 WHERE INITIALBAL = ?", [.real(1e-8)]) == 1)
            #expect(try db.integer("SELECT count(*) FROM BUDGETTABLE_V1 WHERE AMOUNT < 0") > 0)
            #expect(try db.integer("SELECT count(*) FROM CHECKINGACCOUNT_V1 WHERE typeof(TRANSAMOUNT) = 'integer'") > 0)
            #expect(try db.integer("SELECT count(*) FROM CHECKINGACCOUNT_V1 WHERE typeof(TRANSAMOUNT) = 'real'") > 0)
            #expect(try db.integer("SELECT count(*) FROM CURRENCYHISTORY_V1 WHERE CURRVALUE < 0.01") > 0)
        }
    }

    @Test("transfers between accounts in different currencies carry a different TOTRANSAMOUNT")
    func crossCurrencyTransfers() throws {
        try withFixture { db throws in
            #expect(try db.integer("""
                SELECT count(*) FROM CHECKINGACCOUNT_V1 t
                JOIN ACCOUNTLIST_V1 a ON a.ACCOUNTID = t.ACCOUNTID JOIN ACCOUNTLIST_V1 b ON b.ACCOUNTID = t.TOACCOUNTID
                WHERE t.TRANSCODE = 'Transfer' AND a.CURRENCYID <> b.CURRENCYID AND t.TOTRANSAMOUNT <> t.TRANSAMOUNT
                """) >= 3)
            #expect(try db.integer("""
                SELECT count(*) FROM CHECKINGACCOUNT_V1 t
                JOIN ACCOUNTLIST_V1 a ON a.ACCOUNTID = t.ACCOUNTID JOIN ACCOUNTLIST_V1 b ON b.ACCOUNTID = t.TOACCOUNTID
                WHERE t.TRANSCODE = 'Transfer' AND a.CURRENCYID = b.CURRENCYID AND t.TOTRANSAMOUNT = t.TRANSAMOUNT
                """) > 0)
            #expect(try db.integer("SELECT count(DISTINCT CURRENCYID) FROM ACCOUNTLIST_V1") >= 8)
            #expect(try db.integer("SELECT count(DISTINCT CURRENCYID) FROM CURRENCYHISTORY_V1") >= 7)
        }
    }

    @Test("ids mix small sequential ones with the iOS app's millisecond ids")
    func idsMixSmallAndLarge() throws {
        try withFixture { db throws in
            let large: Int64 = 1_000_000_000_000_000
            for table in ["CHECKINGACCOUNT_V1", "ACCOUNTLIST_V1", "PAYEE_V1", "CATEGORY_V1", "SPLITTRANSACTIONS_V1"] {
                let idColumn = try #require(try db.rows("SELECT name FROM pragma_table_info(?) WHERE pk = 1", [.text(table)]).first?.first?.textValue)
                #expect(try db.integer("SELECT count(*) FROM \(table) WHERE \(idColumn) < 1000000") > 0, "\(table) small ids")
                #expect(try db.integer("SELECT count(*) FROM \(table) WHERE \(idColumn) > ?", [.integer(large)]) > 0, "\(table) large ids")
            }
        }
    }

    @Test("accounts of every type, open and closed, and a two-level category tree with Unicode near-duplicates")
    func accountsAndCategories() throws {
        try withFixture { db throws in
            for type in ["Checking", "Cash", "Credit Card", "Term", "Investment", "Loan", "Asset", "Shares"] {
                #expect(try db.integer("SELECT count(*) FROM ACCOUNTLIST_V1 WHERE ACCOUNTTYPE = ?", [.text(type)]) > 0, "\(type)")
            }
            #expect(try db.integer("SELECT count(*) FROM ACCOUNTLIST_V1 WHERE STATUS = 'Closed'") > 0)
            #expect(try db.integer("SELECT count(*) FROM ACCOUNTLIST_V1 WHERE STATUS = 'Open'") > 0)
            // "Café", "cafe", "CAFÉ" and a decomposed "Café" are four top-level categories: NOCASE folds ASCII only.
            for name in ["Café", "cafe", "CAFÉ", "Cafe\u{0301}"] {
                #expect(try db.integer("SELECT count(*) FROM CATEGORY_V1 WHERE CATEGNAME = ? AND PARENTID = -1", [.text(name)]) == 1, "\(name)")
            }
            #expect(try db.integer("SELECT count(*) FROM CATEGORY_V1 WHERE CATEGNAME = 'cafe' COLLATE NOCASE AND PARENTID = -1") == 1)
            #expect(try db.integer("SELECT count(*) FROM PAYEE_V1 WHERE PAYEENAME = ?", [.text("Cafe\u{0301} Lumie\u{0300}re")]) == 1)
            #expect(try db.integer("SELECT count(*) FROM PAYEE_V1 WHERE PAYEENAME = ?", [.text("Café Lumière")]) == 1)
            #expect(try db.integer("SELECT count(*) FROM CATEGORY_V1 WHERE CATEGID > 67") >= 20)
            #expect(try db.integer("SELECT count(*) FROM CATEGORY_V1 WHERE ACTIVE = 0") > 0)
        }
    }

    @Test("share purchases have share info and a stock link; stocks have price history; scheduled ones have splits")
    func investmentsAndSchedules() throws {
        try withFixture { db throws in
            #expect(try db.integer("SELECT count(*) FROM SHAREINFO_V1") > 0)
            #expect(try db.integer("SELECT count(*) FROM TRANSLINK_V1 WHERE LINKTYPE = 'Stock'") > 0)
            #expect(try db.integer("SELECT count(*) FROM TRANSLINK_V1 WHERE LINKTYPE = 'Asset'") > 0)
            #expect(try db.integer("SELECT count(DISTINCT SYMBOL) FROM STOCKHISTORY_V1") == 4)
            #expect(try db.integer("SELECT count(*) FROM BUDGETSPLITTRANSACTIONS_V1") >= 2)
            #expect(try db.integer("SELECT count(DISTINCT PERIOD) FROM BUDGETTABLE_V1") >= 8)
            #expect(try db.integer("SELECT count(*) FROM BUDGETYEAR_V1 WHERE length(BUDGETYEARNAME) = 7") == 12)
            #expect(try db.integer("SELECT count(DISTINCT TYPE) FROM CUSTOMFIELD_V1") == 8)
            #expect(try db.integer("SELECT count(DISTINCT REFTYPE) FROM TAGLINK_V1") == 4)
        }
    }

    @Test("every report's SQL runs and returns rows")
    func reportsRun() throws {
        try withFixture { db throws in
            let reports = try db.rows("SELECT REPORTNAME, SQLCONTENT FROM REPORT_V1 ORDER BY REPORTID")
            #expect(reports.count == 3)
            for report in reports {
                let sql = try #require(report[1].textValue)
                #expect(try !db.rows(sql).isEmpty, "\(report[0])")
            }
            #expect(try db.scalar("SELECT INFOVALUE FROM INFOTABLE_V1 WHERE INFONAME = 'BASECURRENCYID'") == .text("2"))
        }
    }

    @Test("an empty fixture (0 transactions) still fills the reference tables")
    func zeroTransactions() throws {
        let fixture = try GeneratedFixture(FixtureSpec(transactions: 0, seed: 1))
        defer { withExtendedLifetime(fixture) {} }
        #expect(try fixture.connection.integer("SELECT count(*) FROM CHECKINGACCOUNT_V1") == 0)
        #expect(try fixture.connection.integer("SELECT count(*) FROM ACCOUNTLIST_V1") == 21)
        #expect(try fixture.connection.integer("SELECT count(*) FROM BILLSDEPOSITS_V1") == 8)
    }

    @Test("the generator refuses to overwrite and leaves no file behind for a size out of range")
    func refusals() throws {
        let folder = TemporaryDirectory("fixture-test")
        let existing = folder.path("existing.mmb")
        try FixtureGenerator.generate(at: existing, spec: FixtureSpec(transactions: 1))
        #expect(throws: DatabaseFileError.self) { try FixtureGenerator.generate(at: existing, spec: .sample) }
        let tooLarge = folder.path("large.mmb")
        #expect(throws: FixtureError.self) { try FixtureGenerator.generate(at: tooLarge, spec: FixtureSpec(transactions: -1)) }
        #expect(!FileManager.default.fileExists(atPath: tooLarge))
    }
}
