import SQLiteEngine

/// A small, fixed, realistic MMEX data set for `driverport create --sample` and quick demos.
public enum SampleData {
    /// Inserts the sample rows into a freshly created MMEX version 21 database, in one transaction.
    public static func insert(into connection: EngineConnection) throws {
        try connection.execute("BEGIN IMMEDIATE")
        do {
            try connection.execute("""
            INSERT INTO ACCOUNTLIST_V1 (ACCOUNTID, ACCOUNTNAME, ACCOUNTTYPE, STATUS, FAVORITEACCT, CURRENCYID, INITIALBAL, INITIALDATE)
              VALUES (1, 'Checking', 'Checking', 'Open', 'TRUE', 1, 1250.5, '2024-01-01'),
                     (2, 'Wallet', 'Cash', 'Open', 'FALSE', 1, 80, '2024-01-01'),
                     (1717171717000123, 'Visa', 'Credit Card', 'Open', 'FALSE', 1, -310.25, '2024-01-01');
            INSERT INTO PAYEE_V1 (PAYEEID, PAYEENAME, CATEGID, ACTIVE) VALUES (1, 'Café Lumière', 13, 1), (2, 'Employer', 19, 1);
            INSERT INTO CHECKINGACCOUNT_V1 (TRANSID, ACCOUNTID, TOACCOUNTID, PAYEEID, TRANSCODE, TRANSAMOUNT, STATUS, CATEGID, TRANSDATE, TOTRANSAMOUNT, NOTES)
              VALUES (1, 1, -1, 2, 'Deposit', 3200, 'R', 19, '2024-01-31', 3200, 'January salary'),
                     (2, 1, -1, 1, 'Withdrawal', 4.2, '', 13, '2024-02-01T00:00:00', 4.2, NULL),
                     (3, 1, 2, -1, 'Transfer', 100, 'F', -1, '2024-02-02', 100, 'cash'),
                     (1717171717000456, 1717171717000123, -1, 1, 'Withdrawal', 0.1, 'V', -1, '2024-02-03', 0.1, 'split');
            INSERT INTO SPLITTRANSACTIONS_V1 (SPLITTRANSID, TRANSID, CATEGID, SPLITTRANSAMOUNT, NOTES)
              VALUES (1, 1717171717000456, 13, 0.06, 'coffee'), (2, 1717171717000456, 14, 0.04, NULL);
            INSERT INTO TAG_V1 (TAGID, TAGNAME, ACTIVE) VALUES (1, 'travel', 1);
            INSERT INTO TAGLINK_V1 (TAGLINKID, REFTYPE, REFID, TAGID) VALUES (1, 'Transaction', 2, 1);
            COMMIT;
            """)
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }
}
