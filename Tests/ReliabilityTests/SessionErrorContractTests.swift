import Foundation
import MMEXLegacy
import MMEXModel
import MMEXReaderWriter
import MMEXSession
import PersistenceSession
import SQLiteEngine
import TestSupport
import Testing

/// Every error a session's unit of work throws is a ``PersistenceError``: a stored value the model's column mapping
/// cannot hold must not reach the app as the model's own `RecordMappingError`.
@Suite("Session errors: a row the model cannot map fails as PersistenceError on every session")
struct SessionErrorContractTests {
    enum Session: String, CaseIterable, CustomTestStringConvertible {
        case legacy, queue, pool
        var testDescription: String { rawValue }

        func open(_ path: String) throws -> any MMEXSession {
            switch self {
            case .legacy: try LegacySession.open(at: path, key: nil, access: .readWrite, configuration: .standard)
            case .queue: try QueueSession.open(at: path, key: nil, access: .readWrite, configuration: .standard)
            case .pool: try PoolSession.open(at: path, key: nil, access: .readWrite, configuration: .standard)
            }
        }
    }

    /// A table of a record-mapped slice, the row that breaks it, the read that meets it and the message expected.
    struct Case: Sendable, CustomTestStringConvertible {
        let table: String
        let insert: String
        let read: @Sendable (any MMEXReadContext) throws -> Void
        let detail: String
        var testDescription: String { table }
    }

    static let cases: [Case] = [
        Case(
            table: "ASSETS_V1",
            insert: "INSERT INTO ASSETS_V1 (STARTDATE, ASSETNAME) VALUES ('2024-01-01', x'00ff')",
            read: { _ = try $0.assets.assets() }, detail: "ASSETS_V1.ASSETNAME holds blob, not text"),
        Case(
            table: "STOCK_V1",
            insert: "INSERT INTO STOCK_V1 (PURCHASEDATE, STOCKNAME, PURCHASEPRICE, CURRENTPRICE) VALUES ('2024-01-01', 'S', x'01', 1)",
            read: { _ = try $0.stocks.stocks(accountId: nil) }, detail: "STOCK_V1.PURCHASEPRICE holds blob, not number"),
        Case(
            table: "REPORT_V1",
            insert: "INSERT INTO REPORT_V1 (REPORTNAME, ACTIVE) VALUES ('r', 'yes')",
            read: { _ = try $0.reports.reports() }, detail: "REPORT_V1.ACTIVE holds text, not integer"),
        Case(
            table: "BUDGETYEAR_V1",
            insert: "INSERT INTO BUDGETYEAR_V1 (BUDGETYEARNAME) VALUES (x'00')",
            read: { _ = try $0.budgets.budgetYears() }, detail: "BUDGETYEAR_V1.BUDGETYEARNAME holds blob, not text"),
        Case(
            table: "INFOTABLE_V1",
            insert: """
                DELETE FROM INFOTABLE_V1 WHERE INFONAME = 'BASECURRENCYID';
                INSERT INTO INFOTABLE_V1 (INFONAME, INFOVALUE) VALUES ('BASECURRENCYID', 'one');
                """,
            read: { _ = try $0.infoTable.baseCurrencyId() },
            detail: "INFOTABLE_V1 entry BASECURRENCYID holds \"one\", not an integer"),
    ]

    @Test("the read fails with PersistenceError.corrupt naming table, column, found and expected",
          arguments: Session.allCases, cases)
    func unmappableRow(session kind: Session, case row: Case) throws {
        let folder = TemporaryDirectory("session-error-contract")
        let path = folder.path("mmex.mmb")
        try BadInputCorpus.makeMMEXFile(at: path) { try $0.execute(row.insert) }
        let session = try kind.open(path)
        defer { try? session.close() }
        do {
            try session.read { try row.read($0) }
            Issue.record("the read of \(row.table) succeeded on a row the model cannot hold")
        } catch let error as PersistenceError {
            #expect(error == .corrupt(path: nil, detail: row.detail))
        } catch {
            Issue.record("\(kind) let a \(type(of: error)) out of its unit of work: \(error)")
        }
    }
}
