import Foundation
import MMEXModel
import PersistenceSession
import SQLiteEngine
import TestSupport
import Testing

/// Slices 4 (assets, stocks) and 5 (reports): the behaviours that are easy to get subtly different, on each session.
@Suite("Assets, stocks and reports repositories")
struct HoldingsAndReportsTests {
    @Test("a report whose SQL would write is refused before it runs, with one error on every driver", arguments: Driver.allCases)
    func writingReportRefused(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try Files.plainCopy(in: folder)
        let session = try driver.open(path)
        defer { try? session.close() }
        let accounts = try Files.scalar(path, "SELECT count(*) FROM ACCOUNTLIST_V1")
        for (index, sql) in ["DELETE FROM ACCOUNTLIST_V1", "COMMIT", "ATTACH ':memory:' AS x", "PRAGMA user_version = 5"]
            .enumerated()
        {
            let report = try session.write {
                try $0.reports.insert(Report(id: 0, name: "bad \(index)", sqlContent: sql))
            }
            for inWrite in [false, true] {
                let error = #expect(throws: PersistenceError.self) {
                    if inWrite {
                        _ = try session.write { try $0.reports.run(reportId: report.id) }
                    } else {
                        _ = try session.read { try $0.reports.run(reportId: report.id) }
                    }
                }
                guard case .readOnly(nil, let detail)? = error else {
                    Issue.record("\(driver) \(sql): \(String(describing: error))")
                    continue
                }
                #expect(detail == "report \"bad \(index)\" (id \(report.id)) is not a read-only query; reports run "
                    + "read-only, so it was refused before it ran")
            }
        }
        try session.close()
        #expect(try Files.scalar(path, "SELECT count(*) FROM ACCOUNTLIST_V1") == accounts, "nothing was deleted")
        #expect(try Files.scalar(path, "PRAGMA user_version") == .integer(21))
    }

    @Test("a report runs with SQLite's column names and stored values; several statements are refused", arguments: Driver.allCases)
    func reportResult(driver: Driver) throws {
        let session = try driver.sample()
        defer { try? session.close() }
        let good = try session.write {
            try $0.reports.insert(Report(id: 0, name: "good", sqlContent: "-- c\nSELECT 1 AS one, 'x', NULL AS n, 2.5 AS r; "))
        }
        let result = try session.read { try $0.reports.run(reportId: good.id) }
        #expect(result == QueryResult(columns: ["one", "'x'", "n", "r"], rows: [[.integer(1), .text("x"), .null, .real(2.5)]]))
        let two = try session.write { try $0.reports.insert(Report(id: 0, name: "two", sqlContent: "SELECT 1; SELECT 2")) }
        #expect(throws: PersistenceError.invalidUse("report \"two\" (id \(two.id)) must hold exactly one SQL statement")) {
            try session.read { try $0.reports.run(reportId: two.id) }
        }
        #expect(throws: PersistenceError.invalidUse("there is no report with id 424242")) {
            try session.read { try $0.reports.run(reportId: 424_242) }
        }
    }

    @Test("summaries: transfers, void and deleted excluded; splits attribute to their categories; rates convert", arguments: Driver.allCases)
    func summaries(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try Files.plainCopy(in: folder)
        try Files.sql(path, """
            DELETE FROM CHECKINGACCOUNT_V1; DELETE FROM SPLITTRANSACTIONS_V1;
            INSERT INTO CURRENCYFORMATS_V1 (CURRENCYID, CURRENCYNAME, CURRENCY_SYMBOL, BASECONVRATE, CURRENCY_TYPE)
                VALUES (9001, 'Test', 'TST', 2, 'Fiat');
            INSERT INTO ACCOUNTLIST_V1 (ACCOUNTID, ACCOUNTNAME, ACCOUNTTYPE, STATUS, FAVORITEACCT, CURRENCYID, INITIALBAL)
                VALUES (9001, 'Converted', 'Checking', 'Open', 'FALSE', 9001, 0);
            INSERT INTO CHECKINGACCOUNT_V1 (TRANSID, ACCOUNTID, PAYEEID, TRANSCODE, TRANSAMOUNT, STATUS, CATEGID, TRANSDATE, DELETEDTIME) VALUES
                (1, 9001, 1, 'Withdrawal', 10, '', 5, '2024-01-05', NULL),
                (2, 9001, 1, 'Deposit', 100, 'R', 6, '2024-01-31T00:00:00', ''),
                (3, 9001, 1, 'Transfer', 50, '', 5, '2024-01-10', NULL),
                (4, 9001, 1, 'Withdrawal', 7, 'V', 5, '2024-01-11', NULL),
                (5, 9001, 1, 'Withdrawal', 8, NULL, 5, '2024-02-01', '2024-03-01 10:00:00'),
                (6, 9001, 1, 'Withdrawal', 30, NULL, 5, '2024-02-02', NULL),
                (7, 9001, 1, 'Withdrawal', 1, NULL, 5, '2024-03-01', NULL);
            INSERT INTO SPLITTRANSACTIONS_V1 (SPLITTRANSID, TRANSID, CATEGID, SPLITTRANSAMOUNT) VALUES
                (1, 6, 7, 20), (2, 6, 8, 10.5), (3, 6, NULL, 1);
            """)
        let session = try driver.open(path)
        defer { try? session.close() }
        let from = try #require(CalendarDay(iso: "2024-01-01"))
        let to = try #require(CalendarDay(iso: "2024-02-29"))
        let months = try session.read { try $0.reports.incomeVsExpense(from: from, to: to) }
        #expect(months == [
            MonthlyTotals(month: "2024-01", income: 200, expense: 20),
            MonthlyTotals(month: "2024-02", income: 0, expense: 60),
        ])
        let spending = try session.read { try $0.reports.spendingByCategory(from: from, to: to) }
        #expect(spending == [
            CategoryTotal(categoryId: 5, total: 20), CategoryTotal(categoryId: 7, total: 40),
            CategoryTotal(categoryId: 8, total: 21),
        ])
    }

    @Test("deleting a stock takes its links and attachments, and its prices only when no other stock holds the symbol", arguments: Driver.allCases)
    func stockDelete(driver: Driver) throws {
        let session = try driver.sample()
        defer { try? session.close() }
        let (first, second) = try session.write { context in
            let stock = Stock(id: 0, accountId: 1, purchaseDate: "2024-01-01", name: "A", symbol: "SYM", purchasePrice: 1, currentPrice: 2)
            let first = try context.stocks.insert(stock)
            let second = try context.stocks.insert(stock)
            try context.stocks.setPrice(StockHistory(id: 0, symbol: "SYM", date: "2024-01-02", value: 3))
            try context.stocks.setPrice(StockHistory(id: 0, symbol: "SYM", date: "2024-01-02", value: .real(3.5)))
            return (first, second)
        }
        #expect(try session.read { try $0.stocks.history(symbol: "SYM").map(\.value) } == [.real(3.5)], "one price per day")
        let day = try #require(CalendarDay(iso: "2024-01-02"))
        #expect(try session.read { try $0.stocks.price(symbol: "SYM", on: day) } == .real(3.5))
        #expect(try session.write { try $0.stocks.deleteStock(id: first.id) })
        #expect(try session.read { try $0.stocks.history(symbol: "SYM").count } == 1, "the second stock still holds SYM")
        #expect(try session.write { try $0.stocks.deleteStock(id: second.id) })
        #expect(try session.read { try $0.stocks.history(symbol: "SYM") }.isEmpty)
        #expect(try session.write { try $0.stocks.deleteStock(id: second.id) } == false)
    }

    @Test("an asset's value follows its rule; amounts keep their storage class", arguments: Driver.allCases)
    func assetValue(driver: Driver) throws {
        let session = try driver.sample()
        defer { try? session.close() }
        let asset = try session.write {
            try $0.assets.insert(Asset(
                id: 0, startDate: "2024-01-01", name: "car", valueChangeMode: "Linear", value: 1000,
                valueChange: "Depreciates", valueChangeRate: .real(36.5)
            ))
        }
        let stored = try session.read { try $0.assets.asset(id: asset.id) }
        #expect(stored?.value == .integer(1000) && stored?.valueChangeRate == .real(36.5))
        let later = try #require(CalendarDay(iso: "2024-01-11"))
        let before = try #require(CalendarDay(iso: "2023-12-31"))
        #expect(try session.read { try $0.assets.value(assetId: asset.id, on: later) } == 990, "1000 - 1000 × 36.5% × 10/365")
        #expect(try session.read { try $0.assets.value(assetId: asset.id, on: before) } == nil)
    }
}
