import Differential
import Foundation
@testable import MMEXDifferential
@testable import MutationTesting
import SQLiteEngine
import TestSupport
import Testing

/// The generic equivalence rules of the planted-bug run, on the committed fixture's schema.
@Suite("Planted changes no read can see, judged from the schema's unique keys")
struct MutantEquivalenceRuleTests {
    static func keys() throws -> SchemaKeys {
        let connection = try EngineConnection(path: CommittedFixture.plain, options: .readOnly)
        defer { connection.close() }
        return try SchemaKeys.read(from: connection)
    }

    static func judged(_ statement: String, _ change: String, _ occurrence: Int = 1) throws -> String? {
        let mutant = try #require(SQLMutant.all(in: statement).first { $0.change == change && $0.occurrence == occurrence })
        return mutant.invisibility(keys: try keys())
    }

    @Test("the schema's keys carry NOT NULL, the declared NOCASE and multi-column UNIQUE constraints")
    func keysOfTheFixture() throws {
        let keys = try Self.keys()
        #expect(keys.tables["PAYEE_V1"]?.columns["PAYEENAME"]?.collation == "NOCASE")
        #expect(keys.tables["PAYEE_V1"]?.columns["PAYEEID"]?.notNull == true)
        #expect(keys.tables["CURRENCYHISTORY_V1"]?.keys.contains(["CURRENCYID": "BINARY", "CURRDATE": "BINARY"]) == true)
    }

    @Test("turning round the ORDER BY of a lookup by a unique key, in either driver's spelling, is judged equivalent")
    func lookupByUniqueKey() throws {
        #expect(try Self.judged(
            "SELECT PAYEEID, PAYEENAME FROM PAYEE_V1 WHERE PAYEENAME = ? COLLATE NOCASE ORDER BY PAYEEID LIMIT 1",
            "ORDER BY term 1 → DESC") != nil)
        #expect(try Self.judged(
            "SELECT \"PAYEEID\" FROM \"PAYEE_V1\" WHERE ((\"PAYEENAME\" COLLATE \"NOCASE\") = ?) ORDER BY \"PAYEEID\" LIMIT ?",
            "ORDER BY term 1 → DESC") != nil)
        #expect(try Self.judged(
            "SELECT \"CURRHISTID\" FROM \"CURRENCYHISTORY_V1\" WHERE ((\"CURRENCYID\" = ?) AND (\"CURRDATE\" = ?)) ORDER BY \"CURRHISTID\" LIMIT ?",
            "ORDER BY term 1 → DESC") != nil)
    }

    @Test("a tie-breaker after terms that cover a unique key is judged equivalent")
    func tieBreakerAfterUniqueKey() throws {
        #expect(try Self.judged("SELECT TAGID, TAGNAME FROM TAG_V1 ORDER BY TAGNAME COLLATE NOCASE, TAGID", "ORDER BY term 2 → DESC") != nil)
        #expect(try Self.judged(
            "SELECT CURRVALUE FROM CURRENCYHISTORY_V1 WHERE CURRENCYID = ? ORDER BY CURRDATE DESC, CURRHISTID DESC LIMIT 1",
            "ORDER BY term 2 DESC → ASC") != nil)
    }

    @Test("orders that can meet ties, lookups under OR, joins and non-unique keys are not judged equivalent")
    func orderThatDecides() throws {
        // Several attachments per (REFTYPE, REFID): the order is seen.
        #expect(try Self.judged(
            "SELECT ATTACHMENTID FROM ATTACHMENT_V1 WHERE REFTYPE = ? AND REFID = ? ORDER BY ATTACHMENTID", "ORDER BY term 1 → DESC") == nil)
        // Budget entries of one year tie on CATEGID.
        #expect(try Self.judged(
            "SELECT BUDGETENTRYID FROM BUDGETTABLE_V1 WHERE BUDGETYEARID = ? ORDER BY CATEGID, BUDGETENTRYID", "ORDER BY term 2 → DESC") == nil)
        // OR: the pin does not hold.
        #expect(try Self.judged(
            "SELECT PAYEEID FROM PAYEE_V1 WHERE PAYEENAME = ? OR NOTES = ? ORDER BY PAYEEID LIMIT 1", "ORDER BY term 1 → DESC") == nil)
        // Category names repeat under different parents: NOCASE name alone is no key.
        #expect(try Self.judged(
            "SELECT CATEGID FROM CATEGORY_V1 WHERE PARENTID IN (SELECT CATEGID FROM CATEGORY_V1 WHERE ifnull(PARENTID, -1) = -1) ORDER BY CATEGNAME COLLATE NOCASE, CATEGID",
            "ORDER BY term 2 → DESC") == nil)
        // A pinned value inside an expression is no pin.
        #expect(try Self.judged(
            "SELECT PAYEEID FROM PAYEE_V1 WHERE lower(PAYEENAME) = ? ORDER BY PAYEEID LIMIT 1", "ORDER BY term 1 → DESC") == nil)
    }

    @Test("an inner join made LEFT is judged equivalent only when the WHERE compares the joined table's column directly")
    func nullRejectingJoin() throws {
        let rejecting = "SELECT S.CATEGID FROM SPLITTRANSACTIONS_V1 S JOIN CHECKINGACCOUNT_V1 ON CHECKINGACCOUNT_V1.TRANSID = S.TRANSID "
            + "WHERE CHECKINGACCOUNT_V1.TRANSDATE >= ? AND ifnull(CHECKINGACCOUNT_V1.STATUS, '') <> 'V'"
        #expect(try Self.judged(rejecting, "JOIN → LEFT JOIN") != nil)
        let legacy = "SELECT \"S\".\"CATEGID\" FROM \"SPLITTRANSACTIONS_V1\" INNER JOIN \"CHECKINGACCOUNT_V1\" ON (\"CHECKINGACCOUNT_V1\".\"TRANSID\" = \"S\".\"TRANSID\") "
            + "WHERE ((\"CHECKINGACCOUNT_V1\".\"TRANSDATE\" >= ?) AND (\"X\" = ?))"
        #expect(try Self.judged(legacy, "JOIN → LEFT JOIN") != nil)
        let onlyInFunction = "SELECT S.CATEGID FROM SPLITTRANSACTIONS_V1 S JOIN CHECKINGACCOUNT_V1 ON CHECKINGACCOUNT_V1.TRANSID = S.TRANSID "
            + "WHERE ifnull(CHECKINGACCOUNT_V1.STATUS, '') <> 'V'"
        #expect(try Self.judged(onlyInFunction, "JOIN → LEFT JOIN") == nil)
        let underOr = "SELECT S.CATEGID FROM SPLITTRANSACTIONS_V1 S JOIN CHECKINGACCOUNT_V1 ON CHECKINGACCOUNT_V1.TRANSID = S.TRANSID "
            + "WHERE CHECKINGACCOUNT_V1.TRANSDATE >= ? OR S.CATEGID = 1"
        #expect(try Self.judged(underOr, "JOIN → LEFT JOIN") == nil)
    }

    @Test("stored reports' own SQL, and its tail after the first statement, is told apart from repository statements")
    func reportSQLIsNotRepositoryCode() {
        let reports = ["SELECT a.X FROM ACCOUNTLIST_V1 a ORDER BY a.X", "SELECT 1; SELECT 2"]
        #expect(PlantedBugRun.isReportSQL("SELECT a.X FROM ACCOUNTLIST_V1 a ORDER BY a.X", reports))
        #expect(PlantedBugRun.isReportSQL(" SELECT 2", reports))
        #expect(!PlantedBugRun.isReportSQL("SELECT ACCOUNTID FROM ACCOUNTLIST_V1", reports))
    }
}
