// Foundation values as SQLite.swift stores them, read back raw with SQL. A file that imports Foundation must
// qualify `Expression` (Foundation has its own), as SQLite.swift code writes `SQLite.Expression`: here the module
// name is the driver's.
import Foundation
import LegacyDriver
import Testing

@Suite("Stored encodings are SQLite.swift's, read raw with SQLite")
struct StoredValueSnippets {
    let things = Table("things")
    let when = LegacyDriver.Expression<Date>("when")
    let uuid = LegacyDriver.Expression<UUID>("uuid")
    let link = LegacyDriver.Expression<URL>("link")
    let bytes = LegacyDriver.Expression<Data>("bytes")
    let blob = LegacyDriver.Expression<Blob>("blob")
    let flag = LegacyDriver.Expression<Bool>("flag")
    let count = LegacyDriver.Expression<Int>("count")
    let ratio = LegacyDriver.Expression<Double>("ratio")
    let label = LegacyDriver.Expression<String>("label")

    func database() throws -> Connection {
        let db = try Connection()
        try db.execute(#"CREATE TABLE things ("when", uuid, link, bytes, blob, flag, count, ratio, label)"#)
        return db
    }

    /// `typeof(column)` and `quote(column)` of the first row, as SQLite itself reports them.
    func raw(_ db: Connection, _ column: String) throws -> String {
        let sql = "SELECT typeof(\"\(column)\") || ' ' || quote(\"\(column)\") FROM things"
        return try db.scalar(sql) as? String ?? "no row"
    }

    @Test("each type's raw stored value: TEXT date with milliseconds in UTC, uuidString, absolute URL, BLOB, 0/1")
    func rawStoredValues() throws {
        let db = try database()
        let moment = Date(timeIntervalSince1970: 1_709_214_310.25)  // 2024-02-29 13:45:10.250 UTC
        let id = try #require(UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"))
        let url = try #require(URL(string: "https://example.com/a%20b?x=1"))
        try db.run(things.insert(
            when <- moment, uuid <- id, link <- url, bytes <- Data([0, 1, 254]), blob <- Blob(bytes: [7, 8]),
            flag <- true, count <- 42, ratio <- 0.5, label <- "it's"
        ))
        #expect(try raw(db, "when") == "text '2024-02-29T13:45:10.250'")
        #expect(try raw(db, "uuid") == "text 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'")
        #expect(try raw(db, "link") == "text 'https://example.com/a%20b?x=1'")
        #expect(try raw(db, "bytes") == "blob X'0001FE'")
        #expect(try raw(db, "blob") == "blob X'0708'")
        #expect(try raw(db, "flag") == "integer 1")
        #expect(try raw(db, "count") == "integer 42")
        #expect(try raw(db, "ratio") == "real 0.5")
        #expect(try raw(db, "label") == "text 'it''s'")
        let row = try #require(try db.pluck(things))
        #expect(row[when] == moment)
        #expect(row[uuid] == id)
        #expect(row[link] == url)
        #expect(row[bytes] == Data([0, 1, 254]))
        #expect(row[blob] == Blob(bytes: [7, 8]))
        #expect(row[flag])
    }

    @Test("the global dateFormatter is SQLite.swift's")
    func globalDateFormatter() {
        #expect(dateFormatter.dateFormat == "yyyy-MM-dd'T'HH:mm:ss.SSS")
        #expect(dateFormatter.locale.identifier == "en_US_POSIX")
        #expect(dateFormatter.timeZone.secondsFromGMT() == 0)
    }

    @Test("a raw BLOB reads as Blob through a statement, with a hex description")
    func rawBlob() throws {
        let db = try database()
        try db.run("INSERT INTO things (blob) VALUES (?)", Blob(bytes: [0xCA, 0xFE]))
        let value = try db.scalar("SELECT blob FROM things") as? Blob
        #expect(value?.bytes == [0xCA, 0xFE])
        #expect(value?.toHex() == "cafe")
    }
}

/// Where SQLite.swift force-unwraps a parse (and traps), the driver throws from `get` and stops in `row[...]`,
/// naming the column.
@Suite("Where SQLite.swift traps on a stored value, the driver throws or stops")
struct TrapPinSnippets {
    let things = Table("things")

    func database(_ column: String, _ text: String) throws -> Connection {
        let db = try Connection()
        try db.execute("CREATE TABLE things (\(column))")
        try db.run("INSERT INTO things VALUES (?)", text)
        return db
    }

    @Test("a date another program wrote as a day (SQLite.swift: dateFormatter.date(from:)!)")
    func dayStringDate() async throws {
        let db = try database("day", "2024-02-29")
        let row = try #require(try db.pluck(things))
        #expect(throws: LegacyError.self) { try row.get(LegacyDriver.Expression<Date>("day")) }
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let db = try Connection()
            try db.execute("CREATE TABLE things (day)")
            try db.run("INSERT INTO things VALUES (?)", "2024-02-29")
            _ = try db.pluck(Table("things"))?[LegacyDriver.Expression<Date>("day")]
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(#"row["day"] failed"#), "\(message)")
    }

    @Test("a UUID that is not one, read as an optional (SQLite.swift: UUID(uuidString:)!)")
    func badUUID() async throws {
        let db = try database("id", "not-a-uuid")
        let row = try #require(try db.pluck(things))
        #expect(throws: LegacyError.self) { try row.get(LegacyDriver.Expression<UUID?>("id")) }
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let db = try Connection()
            try db.execute("CREATE TABLE things (id)")
            try db.run("INSERT INTO things VALUES (?)", "not-a-uuid")
            _ = try db.pluck(Table("things"))?[LegacyDriver.Expression<UUID?>("id")]
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(#"row["id"] failed"#), "\(message)")
    }

    @Test("a URL SQLite.swift could not parse (URL(string:)!)")
    func badURL() throws {
        let db = try database("link", "")
        let link = LegacyDriver.Expression<URL>("link")
        let row = try #require(try db.pluck(things))
        #expect(throws: LegacyError.self) { try row.get(link) }
    }

    @Test("a raw scalar read with as? instead of SQLite.swift's crashing as! on NULL")
    func scalarNull() throws {
        let db = try database("x", "y")
        #expect(try db.scalar("SELECT NULL") as? Int64 == nil)
    }
}
