import MMEXFixtures
import SQLiteEngine
import Testing

/// Queries that count rows pointing at nothing (or breaking an MMEX rule). Each must return 0.
private let orphanChecks: [(name: String, sql: String)] = [
    ("split without its transaction", """
        SELECT count(*) FROM SPLITTRANSACTIONS_V1 s WHERE NOT EXISTS (SELECT 1 FROM CHECKINGACCOUNT_V1 t WHERE t.TRANSID = s.TRANSID)
        """),
    ("split parent without category -1", """
        SELECT count(*) FROM CHECKINGACCOUNT_V1 t WHERE EXISTS (SELECT 1 FROM SPLITTRANSACTIONS_V1 s WHERE s.TRANSID = t.TRANSID) AND t.CATEGID <> -1
        """),
    ("splits that do not add up to their transaction", """
        SELECT count(*) FROM CHECKINGACCOUNT_V1 t JOIN (SELECT TRANSID, sum(SPLITTRANSAMOUNT) AS total, count(*) AS parts
          FROM SPLITTRANSACTIONS_V1 GROUP BY TRANSID) s ON s.TRANSID = t.TRANSID
        WHERE abs(s.total - t.TRANSAMOUNT) > 1e-9 OR s.parts < 2
        """),
    ("scheduled split without its scheduled transaction", """
        SELECT count(*) FROM BUDGETSPLITTRANSACTIONS_V1 s WHERE NOT EXISTS (SELECT 1 FROM BILLSDEPOSITS_V1 b WHERE b.BDID = s.TRANSID)
        """),
    ("transaction in a missing account", """
        SELECT count(*) FROM CHECKINGACCOUNT_V1 t WHERE NOT EXISTS (SELECT 1 FROM ACCOUNTLIST_V1 a WHERE a.ACCOUNTID = t.ACCOUNTID)
        """),
    ("transfer not between two existing, different accounts, or with a payee", """
        SELECT count(*) FROM CHECKINGACCOUNT_V1 t WHERE t.TRANSCODE = 'Transfer'
          AND (t.TOACCOUNTID = t.ACCOUNTID OR t.PAYEEID <> -1 OR t.TOTRANSAMOUNT <= 0
               OR NOT EXISTS (SELECT 1 FROM ACCOUNTLIST_V1 a WHERE a.ACCOUNTID = t.TOACCOUNTID))
        """),
    ("withdrawal or deposit without an existing payee, or with a target account", """
        SELECT count(*) FROM CHECKINGACCOUNT_V1 t WHERE t.TRANSCODE <> 'Transfer'
          AND (t.TOACCOUNTID <> -1 OR NOT EXISTS (SELECT 1 FROM PAYEE_V1 p WHERE p.PAYEEID = t.PAYEEID))
        """),
    ("scheduled transaction with a broken account, target or payee", """
        SELECT count(*) FROM BILLSDEPOSITS_V1 b WHERE NOT EXISTS (SELECT 1 FROM ACCOUNTLIST_V1 a WHERE a.ACCOUNTID = b.ACCOUNTID)
          OR (b.TRANSCODE = 'Transfer' AND (b.TOACCOUNTID = b.ACCOUNTID
              OR NOT EXISTS (SELECT 1 FROM ACCOUNTLIST_V1 a WHERE a.ACCOUNTID = b.TOACCOUNTID)))
          OR (b.TRANSCODE <> 'Transfer' AND NOT EXISTS (SELECT 1 FROM PAYEE_V1 p WHERE p.PAYEEID = b.PAYEEID))
        """),
    ("category that does not exist", """
        SELECT count(*) FROM (SELECT CATEGID FROM CHECKINGACCOUNT_V1 UNION ALL SELECT CATEGID FROM SPLITTRANSACTIONS_V1
          UNION ALL SELECT CATEGID FROM BILLSDEPOSITS_V1 UNION ALL SELECT CATEGID FROM BUDGETSPLITTRANSACTIONS_V1
          UNION ALL SELECT CATEGID FROM BUDGETTABLE_V1 UNION ALL SELECT CATEGID FROM PAYEE_V1) r
        WHERE r.CATEGID <> -1 AND NOT EXISTS (SELECT 1 FROM CATEGORY_V1 c WHERE c.CATEGID = r.CATEGID)
        """),
    ("category deeper than two levels or under a missing parent", """
        SELECT count(*) FROM CATEGORY_V1 c WHERE c.PARENTID <> -1
          AND NOT EXISTS (SELECT 1 FROM CATEGORY_V1 p WHERE p.CATEGID = c.PARENTID AND p.PARENTID = -1)
        """),
    ("tag link without its tag", """
        SELECT count(*) FROM TAGLINK_V1 l WHERE NOT EXISTS (SELECT 1 FROM TAG_V1 g WHERE g.TAGID = l.TAGID)
        """),
    ("tag link to a missing row", """
        SELECT count(*) FROM TAGLINK_V1 l WHERE NOT CASE l.REFTYPE
          WHEN 'Transaction' THEN EXISTS (SELECT 1 FROM CHECKINGACCOUNT_V1 t WHERE t.TRANSID = l.REFID)
          WHEN 'TransactionSplit' THEN EXISTS (SELECT 1 FROM SPLITTRANSACTIONS_V1 s WHERE s.SPLITTRANSID = l.REFID)
          WHEN 'RecurringTransaction' THEN EXISTS (SELECT 1 FROM BILLSDEPOSITS_V1 b WHERE b.BDID = l.REFID)
          WHEN 'RecurringTransactionSplit' THEN EXISTS (SELECT 1 FROM BUDGETSPLITTRANSACTIONS_V1 s WHERE s.SPLITTRANSID = l.REFID)
          ELSE 0 END
        """),
    ("translink without its transaction or its stock or asset", """
        SELECT count(*) FROM TRANSLINK_V1 l WHERE NOT EXISTS (SELECT 1 FROM CHECKINGACCOUNT_V1 t WHERE t.TRANSID = l.CHECKINGACCOUNTID)
          OR NOT CASE l.LINKTYPE
            WHEN 'Stock' THEN EXISTS (SELECT 1 FROM STOCK_V1 s WHERE s.STOCKID = l.LINKRECORDID)
            WHEN 'Asset' THEN EXISTS (SELECT 1 FROM ASSETS_V1 a WHERE a.ASSETID = l.LINKRECORDID)
            ELSE 0 END
        """),
    ("share info without its transaction, or not in a Shares account", """
        SELECT count(*) FROM SHAREINFO_V1 i WHERE NOT EXISTS (SELECT 1 FROM CHECKINGACCOUNT_V1 t
          JOIN ACCOUNTLIST_V1 a ON a.ACCOUNTID = t.ACCOUNTID WHERE t.TRANSID = i.CHECKINGACCOUNTID AND a.ACCOUNTTYPE = 'Shares')
        """),
    ("share info without a stock link", """
        SELECT count(*) FROM SHAREINFO_V1 i WHERE NOT EXISTS (SELECT 1 FROM TRANSLINK_V1 l
          WHERE l.CHECKINGACCOUNTID = i.CHECKINGACCOUNTID AND l.LINKTYPE = 'Stock')
        """),
    ("custom field value without its field or its row", """
        SELECT count(*) FROM CUSTOMFIELDDATA_V1 d LEFT JOIN CUSTOMFIELD_V1 f ON f.FIELDID = d.FIELDID WHERE f.FIELDID IS NULL
          OR NOT CASE f.REFTYPE
            WHEN 'Transaction' THEN EXISTS (SELECT 1 FROM CHECKINGACCOUNT_V1 t WHERE t.TRANSID = d.REFID)
            WHEN 'RecurringTransaction' THEN EXISTS (SELECT 1 FROM BILLSDEPOSITS_V1 b WHERE b.BDID = d.REFID)
            ELSE 0 END
        """),
    ("attachment to a missing row", """
        SELECT count(*) FROM ATTACHMENT_V1 x WHERE NOT CASE x.REFTYPE
          WHEN 'Transaction' THEN EXISTS (SELECT 1 FROM CHECKINGACCOUNT_V1 t WHERE t.TRANSID = x.REFID)
          WHEN 'RecurringTransaction' THEN EXISTS (SELECT 1 FROM BILLSDEPOSITS_V1 b WHERE b.BDID = x.REFID)
          WHEN 'BankAccount' THEN EXISTS (SELECT 1 FROM ACCOUNTLIST_V1 a WHERE a.ACCOUNTID = x.REFID)
          WHEN 'Stock' THEN EXISTS (SELECT 1 FROM STOCK_V1 s WHERE s.STOCKID = x.REFID)
          WHEN 'Asset' THEN EXISTS (SELECT 1 FROM ASSETS_V1 a WHERE a.ASSETID = x.REFID)
          WHEN 'Payee' THEN EXISTS (SELECT 1 FROM PAYEE_V1 p WHERE p.PAYEEID = x.REFID)
          ELSE 0 END
        """),
    ("currency that does not exist", """
        SELECT count(*) FROM (SELECT CURRENCYID FROM ACCOUNTLIST_V1 UNION ALL SELECT CURRENCYID FROM ASSETS_V1
          UNION ALL SELECT CURRENCYID FROM CURRENCYHISTORY_V1) r
        WHERE NOT EXISTS (SELECT 1 FROM CURRENCYFORMATS_V1 c WHERE c.CURRENCYID = r.CURRENCYID)
        """),
    ("stock not held by an Investment account", """
        SELECT count(*) FROM STOCK_V1 s WHERE NOT EXISTS (SELECT 1 FROM ACCOUNTLIST_V1 a WHERE a.ACCOUNTID = s.HELDAT AND a.ACCOUNTTYPE = 'Investment')
        """),
    ("price history for an unknown symbol", """
        SELECT count(*) FROM STOCKHISTORY_V1 h WHERE NOT EXISTS (SELECT 1 FROM STOCK_V1 s WHERE s.SYMBOL = h.SYMBOL)
        """),
    ("budget line in a missing budget year", """
        SELECT count(*) FROM BUDGETTABLE_V1 b WHERE NOT EXISTS (SELECT 1 FROM BUDGETYEAR_V1 y WHERE y.BUDGETYEARID = b.BUDGETYEARID)
        """),
    ("Shares account transaction without a stock link", """
        SELECT count(*) FROM CHECKINGACCOUNT_V1 t JOIN ACCOUNTLIST_V1 a ON a.ACCOUNTID = t.ACCOUNTID
        WHERE a.ACCOUNTTYPE = 'Shares' AND NOT EXISTS (SELECT 1 FROM TRANSLINK_V1 l WHERE l.CHECKINGACCOUNTID = t.TRANSID)
        """),
]

@Suite("referential sanity of generated files")
struct ReferentialTests {
    @Test("no row points at nothing, at several sizes and seeds", arguments: [
        FixtureSpec.sample, FixtureSpec(transactions: 4000, seed: 99),
    ])
    func noOrphans(spec: FixtureSpec) throws {
        try withFixture(spec) { db throws in
            for check in orphanChecks {
                #expect(try db.integer(check.sql) == 0, "\(check.name)")
            }
        }
    }

    @Test("integrity_check and foreign_key_check pass")
    func integrityAndForeignKeys() throws {
        try withFixture(FixtureSpec(transactions: 4000, seed: 7)) { db throws in
            #expect(try db.rows("PRAGMA integrity_check") == [[.text("ok")]])
            #expect(try db.rows("PRAGMA foreign_key_check").isEmpty)
            #expect(try db.userVersion == 21)
        }
    }
}
