import Foundation
import MMEXModel
import MMEXSessionSupport
import SQLiteEngine

/// The MMEX files the import and duplicate scenarios merge into the file under test, made once per process in a
/// private temporary folder and never written after they are made (the scenarios prove that by hashing them).
///
/// - `sample`: the sample data set (the committed fixture's rows): on the fixture every id exists (all skipped), on
///   real files most rows insert and names clash.
/// - `dupes`: accounts, payees, categories, tags, a custom field, and transactions that are
///   duplicates of each other with different richness (splits, notes, tags, attachments, custom values, links,
///   share info), plus near-misses (another time of day, another code, a deleted one).
/// - `dupesRenamed`: the same names under other ids: every named row is renamed on import.
/// - `dupesEncrypted`: `dupes` as an AES-128 (wxSQLite3) file, key ``encryptedPassphrase``;
///   `dupesSQLCipher`: the same as SQLCipher 4.
/// - `broken`: a file whose `CHECKINGACCOUNT_V1` lacks the NOT NULL constraints and holds a row without a code, so
///   the import fails after the accounts were merged (everything must roll back).
/// - `notMMEX`: an SQLite file without MMEX tables; `missing`: a path with nothing there.
/// - `clashes`: names that clash with the committed fixture's and with each other's renames (`Bills`, `Bills (2)`),
///   and rows that clash with the fixture's on one column of a conflict key only (custom values, tag links, prices,
///   rates, budget years, currencies).
public struct ImportSources: Sendable {
    public static let encryptedPassphrase = "driverport-import-key"

    public let folder: String
    public var sample: String { folder + "/sample.mmb" }
    public var dupes: String { folder + "/dupes.mmb" }
    public var dupesRenamed: String { folder + "/dupes-renamed.mmb" }
    public var dupesEncrypted: String { folder + "/dupes-aes128.emb" }
    public var dupesSQLCipher: String { folder + "/dupes-sqlcipher4.emb" }
    public var broken: String { folder + "/broken.mmb" }
    public var notMMEX: String { folder + "/not-mmex.db" }
    public var missing: String { folder + "/missing.mmb" }
    public var clashes: String { folder + "/clashes.mmb" }

    public static var encryptedKey: DatabaseKey { DatabaseKey(passphrase: encryptedPassphrase, cipher: .aes128cbc) }
    public static var sqlcipherKey: DatabaseKey { DatabaseKey(passphrase: encryptedPassphrase, cipher: .sqlcipher4) }

    /// The files of this process (made on first use).
    public static func shared() throws -> ImportSources { try made.get() }

    private static let made: Result<ImportSources, any Error> = Result { try make() }

    private static func make() throws -> ImportSources {
        // Kept for the process's life: removed when the process exits (or the CLI is interrupted); after a kill, by
        // the next run that makes scratch in the same place.
        let scratch = try ScratchFolder.makeForProcess(kind: "import-sources", in: FileManager.default.temporaryDirectory)
        let sources = ImportSources(folder: scratch.path)
        try SampleDatabase.createFile(at: sources.sample)
        try fill(sources.dupes, key: nil, base: 9_100_000)
        try fill(sources.dupesRenamed, key: nil, base: 9_200_000)
        try fill(sources.dupesEncrypted, key: try SessionKey(encryptedKey), base: 9_100_000)
        try fill(sources.dupesSQLCipher, key: try SessionKey(sqlcipherKey), base: 9_100_000)
        try fill(sources.broken, key: nil, base: 9_300_000, broken: true)
        try fillClashes(sources.clashes)
        let other = try EngineConnection(path: sources.notMMEX, options: .create)
        try other.execute("CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes VALUES (1, 'hello');")
        other.close()
        for path in try FileManager.default.contentsOfDirectory(atPath: scratch.path) {
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: scratch.appending(path).path)
        }
        return sources
    }

    /// `clashes`: named rows that clash with the committed fixture's names and with each other's renames: `Bills`
    /// and `Bills (2)` (the first is renamed to the second's name unless the second came first), in every table whose
    /// clashes are renamed, so the order rows are merged in decides the names.
    private static func fillClashes(_ path: String) throws {
        try NewMMEXFile.create(at: path, key: nil)
        let db = try EngineConnection(path: path, options: OpenOptions(access: .readWrite, vfs: SessionKey.vfsName(for: nil)))
        defer { db.close() }
        func id(_ offset: Int64) -> SQLiteValue { .integer(9_400_000 + offset) }
        try db.execute("BEGIN")
        // A new MMEX file comes with MMEX's default categories (`Bills` among them): this source has only its own.
        try db.execute("DELETE FROM CATEGORY_V1")
        for (offset, suffix) in [(Int64(1), ""), (2, " (2)")] {
            try db.run(
                "INSERT INTO ACCOUNTLIST_V1 (ACCOUNTID, ACCOUNTNAME, ACCOUNTTYPE, STATUS, FAVORITEACCT, CURRENCYID, INITIALBAL) VALUES (?, ?, 'Checking', 'Open', 'TRUE', 1, 0)",
                [id(offset), .text("ACME Corp" + suffix)]
            )
            try db.run("INSERT INTO PAYEE_V1 (PAYEEID, PAYEENAME, CATEGID) VALUES (?, ?, -1)", [id(100 + offset), .text("Allianz" + suffix)])
            try db.run(
                "INSERT INTO CATEGORY_V1 (CATEGID, CATEGNAME, ACTIVE, PARENTID) VALUES (?, ?, 1, -1)", [id(200 + offset), .text("Bills" + suffix)]
            )
            try db.run("INSERT INTO TAG_V1 (TAGID, TAGNAME, ACTIVE) VALUES (?, ?, 1)", [id(300 + offset), .text("gift" + suffix)])
            try db.run(
                "INSERT INTO REPORT_V1 (REPORTID, REPORTNAME, GROUPNAME, ACTIVE) VALUES (?, ?, 'Accounts', 1)",
                [id(400 + offset), .text("Account balances" + suffix)]
            )
        }
        // Near misses of the custom value conflict key (FIELDID, REFID): the fixture has field 2 on transaction 2,
        // not field 1 on it, and nothing on transaction 999999.
        let value = "INSERT INTO CUSTOMFIELDDATA_V1 (FIELDATADID, FIELDID, REFID, CONTENT) VALUES (?, ?, ?, 'near miss')"
        try db.run(value, [id(501), .integer(1), .integer(2)])
        try db.run(value, [id(502), .integer(2), .integer(999_999)])
        // The same for every other conflict key: each row differs from a fixture row in one column of the key only
        // (the fixture's tag link RecurringTransaction/1/1, stock price AAPL on 2023-01-06, rate of currency 1 on
        // 2023-01-01, budget years 2023-2025, currencies US dollar/USD).
        let link = "INSERT INTO TAGLINK_V1 (TAGLINKID, REFTYPE, REFID, TAGID) VALUES (?, ?, ?, ?)"
        try db.run(link, [id(601), .text("RecurringTransaction"), .integer(1), .integer(9)])
        try db.run(link, [id(602), .text("RecurringTransaction"), .integer(888_888), .integer(1)])
        try db.run(link, [id(603), .text("Payee"), .integer(1), .integer(1)])
        let price = "INSERT INTO STOCKHISTORY_V1 (HISTID, SYMBOL, DATE, VALUE, UPDTYPE) VALUES (?, ?, ?, 1.5, 1)"
        try db.run(price, [id(701), .text("AAPL"), .text("1999-01-01")])
        try db.run(price, [id(702), .text("ZZZZ"), .text("2023-01-06")])
        let rate = "INSERT INTO CURRENCYHISTORY_V1 (CURRHISTID, CURRENCYID, CURRDATE, CURRVALUE, CURRUPDTYPE) VALUES (?, ?, ?, 1.5, 1)"
        try db.run(rate, [id(801), .integer(1), .text("1999-01-01")])
        try db.run(rate, [id(802), .integer(999), .text("2023-01-01")])
        try db.run("INSERT INTO BUDGETYEAR_V1 (BUDGETYEARID, BUDGETYEARNAME) VALUES (?, '1999')", [id(901)])
        try db.run(
            "INSERT INTO CURRENCYFORMATS_V1 (CURRENCYID, CURRENCYNAME, CURRENCY_SYMBOL, CURRENCY_TYPE) VALUES (?, 'DP Coin', 'DPC', 'Crypto')",
            [id(1001)]
        )
        try db.execute("COMMIT")
    }

    private static func fill(_ path: String, key: SessionKey?, base: Int64, broken: Bool = false) throws {
        try NewMMEXFile.create(at: path, key: key)
        let db = try EngineConnection(path: path, options: OpenOptions(access: .readWrite, vfs: SessionKey.vfsName(for: key)))
        defer { db.close() }
        if let key { try key.apply(to: db, path: path) }
        func id(_ offset: Int64) -> SQLiteValue { .integer(base + offset) }
        try db.execute("BEGIN")
        let account = "INSERT INTO ACCOUNTLIST_V1 (ACCOUNTID, ACCOUNTNAME, ACCOUNTTYPE, STATUS, FAVORITEACCT, CURRENCYID, INITIALBAL) VALUES (?, ?, 'Checking', 'Open', 'TRUE', 1, 0)"
        try db.run(account, [id(1), .text("DP Import Checking")])
        try db.run(account, [id(2), .text("dp import savings")])
        try db.run("INSERT INTO PAYEE_V1 (PAYEEID, PAYEENAME, CATEGID) VALUES (?, ?, -1)", [id(101), .text("DP Grocer")])
        try db.run("INSERT INTO PAYEE_V1 (PAYEEID, PAYEENAME, CATEGID) VALUES (?, ?, -1)", [id(102), .text("DP Landlord")])
        try db.run("INSERT INTO CATEGORY_V1 (CATEGID, CATEGNAME, ACTIVE, PARENTID) VALUES (?, 'DP Bills', 1, -1)", [id(201)])
        try db.run("INSERT INTO CATEGORY_V1 (CATEGID, CATEGNAME, ACTIVE, PARENTID) VALUES (?, 'DP Sub', 1, ?)", [id(202), id(201)])
        try db.run("INSERT INTO TAG_V1 (TAGID, TAGNAME, ACTIVE) VALUES (?, 'DP Tag A', 1)", [id(301)])
        try db.run("INSERT INTO TAG_V1 (TAGID, TAGNAME, ACTIVE) VALUES (?, 'dp tag b', 1)", [id(302)])
        try db.run(
            "INSERT INTO CUSTOMFIELD_V1 (FIELDID, REFTYPE, DESCRIPTION, TYPE, PROPERTIES) VALUES (?, 'Transaction', 'DP Ref', 'String', '{}')",
            [id(401)]
        )
        try db.run("INSERT INTO CURRENCYHISTORY_V1 (CURRHISTID, CURRENCYID, CURRDATE, CURRVALUE, CURRUPDTYPE) VALUES (?, 1, '2024-03-05', 1.25, 1)", [id(701)])
        if broken {
            try db.execute("""
                DROP TABLE CHECKINGACCOUNT_V1;
                CREATE TABLE CHECKINGACCOUNT_V1(TRANSID integer primary key, ACCOUNTID integer, TOACCOUNTID integer,
                PAYEEID integer, TRANSCODE TEXT, TRANSAMOUNT numeric, TRANSDATE TEXT);
                """)
            try db.run("INSERT INTO CHECKINGACCOUNT_V1 VALUES (?, ?, -1, ?, NULL, 5, '2024-03-05')", [id(501), id(1), id(101)])
            try db.execute("COMMIT")
            return
        }
        let transaction = """
            INSERT INTO CHECKINGACCOUNT_V1 (TRANSID, ACCOUNTID, TOACCOUNTID, PAYEEID, TRANSCODE, TRANSAMOUNT, STATUS, NOTES,
            CATEGID, TRANSDATE, DELETEDTIME) VALUES (?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?)
            """
        func add(_ offset: Int64, _ code: String, _ amount: SQLiteValue, _ date: String, notes: String?, to: SQLiteValue = .integer(-1),
                 payee: SQLiteValue? = nil, deleted: String? = nil) throws {
            try db.run(transaction, [
                id(offset), id(1), to, payee ?? id(101), .text(code), amount, notes.map(SQLiteValue.text) ?? .null, id(201),
                .text(date), deleted.map(SQLiteValue.text) ?? .null,
            ])
        }
        try add(501, "Withdrawal", .real(12.5), "2024-03-05", notes: "")
        try add(502, "Withdrawal", .text("12.50"), "2024-03-05T00:00:00", notes: "first import")
        try add(503, "Withdrawal", .real(12.5), "2024-03-05", notes: "second note")
        try add(504, "Withdrawal", .real(12.5), "2024-03-05T10:00:00", notes: nil)
        try add(505, "Transfer", .integer(100), "2024-03-06", notes: nil, to: id(2), payee: .integer(-1))
        try add(506, "Transfer", .real(100.0), "2024-03-06", notes: "transfer copy", to: id(2), payee: .integer(-1))
        try add(507, "Deposit", .real(12.5), "2024-03-05", notes: nil)
        try add(508, "Withdrawal", .real(12.5), "2024-03-05", notes: "deleted", deleted: "2024-04-01T09:00:00")
        try add(509, "Withdrawal", .real(12.5), "2024-03-05", notes: "second note")
        try db.run("INSERT INTO TAGLINK_V1 (TAGLINKID, REFTYPE, REFID, TAGID) VALUES (?, 'Transaction', ?, ?)", [id(801), id(502), id(301)])
        try db.run("INSERT INTO TAGLINK_V1 (TAGLINKID, REFTYPE, REFID, TAGID) VALUES (?, 'Transaction', ?, ?)", [id(802), id(509), id(301)])
        try db.run("INSERT INTO TAGLINK_V1 (TAGLINKID, REFTYPE, REFID, TAGID) VALUES (?, 'Transaction', ?, ?)", [id(803), id(509), id(302)])
        try db.run("INSERT INTO ATTACHMENT_V1 (ATTACHMENTID, REFTYPE, REFID, DESCRIPTION, FILENAME) VALUES (?, 'Transaction', ?, 'r', 'receipt.pdf')", [id(901), id(502)])
        try db.run("INSERT INTO ATTACHMENT_V1 (ATTACHMENTID, REFTYPE, REFID, DESCRIPTION, FILENAME) VALUES (?, 'Transaction', ?, 'r', 'RECEIPT.PDF')", [id(902), id(509)])
        try db.run("INSERT INTO SPLITTRANSACTIONS_V1 (SPLITTRANSID, TRANSID, CATEGID, SPLITTRANSAMOUNT, NOTES) VALUES (?, ?, ?, 10, 'a')", [id(601), id(503), id(201)])
        try db.run("INSERT INTO SPLITTRANSACTIONS_V1 (SPLITTRANSID, TRANSID, CATEGID, SPLITTRANSAMOUNT, NOTES) VALUES (?, ?, ?, 2.5, 'b')", [id(602), id(503), id(202)])
        try db.run("INSERT INTO SPLITTRANSACTIONS_V1 (SPLITTRANSID, TRANSID, CATEGID, SPLITTRANSAMOUNT, NOTES) VALUES (?, ?, ?, 12.5, 'c')", [id(603), id(509), id(201)])
        try db.run("INSERT INTO TAGLINK_V1 (TAGLINKID, REFTYPE, REFID, TAGID) VALUES (?, 'TransactionSplit', ?, ?)", [id(804), id(601), id(302)])
        try db.run("INSERT INTO TAGLINK_V1 (TAGLINKID, REFTYPE, REFID, TAGID) VALUES (?, 'TransactionSplit', ?, ?)", [id(805), id(603), id(301)])
        try db.run("INSERT INTO CUSTOMFIELDDATA_V1 (FIELDATADID, FIELDID, REFID, CONTENT) VALUES (?, ?, ?, 'X')", [id(1001), id(401), id(503)])
        try db.run("INSERT INTO CUSTOMFIELDDATA_V1 (FIELDATADID, FIELDID, REFID, CONTENT) VALUES (?, ?, ?, 'Y')", [id(1002), id(401), id(509)])
        try db.run("INSERT INTO CUSTOMFIELDDATA_V1 (FIELDATADID, FIELDID, REFID, CONTENT) VALUES (?, ?, ?, 'Z')", [id(1003), id(401), id(501)])
        try db.run("INSERT INTO SHAREINFO_V1 (SHAREINFOID, CHECKINGACCOUNTID, SHARENUMBER, SHAREPRICE) VALUES (?, ?, 3, 4.5)", [id(1101), id(502)])
        try db.run("INSERT INTO TRANSLINK_V1 (TRANSLINKID, CHECKINGACCOUNTID, LINKTYPE, LINKRECORDID) VALUES (?, ?, 'Asset', 7)", [id(1201), id(506)])
        try db.execute("COMMIT")
    }
}
