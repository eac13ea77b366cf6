import Foundation
@testable import ReaderWriterDriver
import SQLiteEngine
import TestSupport
import Testing

@Suite("Encodings: what GRDB stores for Foundation types, read back raw with SQLite, and strict decoding")
struct EncodingTests {
    /// 2024-05-01 12:34:56.789 UTC.
    static let date = Date(timeIntervalSinceReferenceDate: 736_259_696.789)
    static let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

    @Test("Date, UUID, Decimal, URL, Data and Bool are stored as GRDB stores them (raw values read with SQLite)")
    func storedValues() throws {
        let scratch = Scratch()
        let queue = try DatabaseQueue(path: scratch.path)
        try queue.write { (db: Database) throws in
            try db.execute(sql: "CREATE TABLE v (d, u, m, l, b, f)")
            try db.execute(
                sql: "INSERT INTO v VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [
                    Self.date, Self.uuid, Decimal(string: "1234.5678", locale: Locale(identifier: "en_US_POSIX")),
                    URL(string: "https://example.com/a?b=c"), Data([0, 1, 2]), true,
                ])
        }
        try queue.close()
        let raw = try EngineConnection(path: scratch.path, options: .readOnly)
        #expect(try raw.scalar("SELECT d FROM v") == .text("2024-05-01 12:34:56.789"))
        #expect(try raw.scalar("SELECT typeof(u) || length(u) FROM v") == .text("blob16"))
        #expect(try raw.scalar("SELECT hex(u) FROM v") == .text("E621E1F8C36C495A93FC0C247A3E6E5F"))
        #expect(try raw.scalar("SELECT m FROM v") == .text("1234.5678"))
        #expect(try raw.scalar("SELECT l FROM v") == .text("https://example.com/a?b=c"))
        #expect(try raw.scalar("SELECT b FROM v") == .blob([0, 1, 2]))
        #expect(try raw.scalar("SELECT f FROM v") == .integer(1))
    }

    /// A date rounded to the microsecond, so dates computed two ways compare equal.
    static func microseconds(_ date: Date) -> Date {
        Date(timeIntervalSinceReferenceDate: (date.timeIntervalSinceReferenceDate * 1e6).rounded() / 1e6)
    }

    @Test("a Date is written in UTC with milliseconds, before 1970 too")
    func dateText() {
        #expect(DatabaseDate.text(for: Date(timeIntervalSince1970: 0)) == "1970-01-01 00:00:00.000")
        #expect(DatabaseDate.text(for: Date(timeIntervalSince1970: -1.5)) == "1969-12-31 23:59:58.500")
        #expect(DatabaseDate.text(for: Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29 00:00:00.000")
    }

    @Test("a Date reads from every SQLite date form with a year-month-day, and from a Unix timestamp")
    func dateForms() throws {
        let queue = try DatabaseQueue()
        try queue.read { (db: Database) throws in
            func read(_ sql: String) throws -> Date? { try Date.fetchOne(db, sql: "SELECT " + sql).map(Self.microseconds) }
            let day = Date(timeIntervalSince1970: 1_714_521_600)  // 2024-05-01 00:00 UTC
            #expect(try read("'2024-05-01'") == Self.microseconds(day))
            #expect(try read("'2024-05-01 12:34'") == Self.microseconds(day.addingTimeInterval(12 * 3600 + 34 * 60)))
            #expect(try read("'2024-05-01T12:34:56'") == Self.microseconds(day.addingTimeInterval(45296)))
            #expect(try read("'2024-05-01 12:34:56.7'") == Self.microseconds(day.addingTimeInterval(45296.7)))
            #expect(try read("'2024-05-01 12:34:56.789123'") == Self.microseconds(day.addingTimeInterval(45296.789)))
            #expect(try read("'2024-05-01T12:34:56Z'") == Self.microseconds(day.addingTimeInterval(45296)))
            #expect(try read("'2024-05-01T14:34:56+02:00'") == Self.microseconds(day.addingTimeInterval(45296)))
            #expect(try read("datetime('2024-05-01 12:34:56')") == Self.microseconds(day.addingTimeInterval(45296)))
            #expect(try read("1714521600") == Self.microseconds(day))
            #expect(try read("1714521600.5") == Self.microseconds(day.addingTimeInterval(0.5)))
            #expect(try read("NULL") == nil)
        }
    }

    @Test("a value that is not a date throws, naming the column and what it held")
    func dateRefusals() throws {
        let queue = try DatabaseQueue()
        try queue.read { (db: Database) throws in
            for bad in ["'12:34'", "'2024-13-01'", "'2023-02-29'", "'2024-05-01 24:00'", "'2024-05-01x'", "'May 1'", "x'00'"] {
                let error = #expect(throws: DatabaseError.self, "\(bad)") {
                    try Date.fetchOne(db, sql: "SELECT \(bad) AS created")
                }
                #expect(error?.kind == .valueConversion)
                #expect(error?.message.contains("created") == true, "\(error?.message ?? "")")
            }
            let error = #expect(throws: DatabaseError.self) { try Date.fetchOne(db, sql: "SELECT '2024-13-45 10:00' AS created") }
            #expect(error?.message.contains("'2024-13-45 10:00'") == true)
        }
    }

    /// The record that read '2024-05-01 ...' as 2001-01-01 00:33:44 before Date had a database encoding.
    struct Event: Decodable, FetchableRecord {
        var id: Int64
        var created: Date
        var optionalDate: Date?
    }

    @Test("a Decodable record reads a Date from its text, and throws for text that is not a date")
    func decodableDate() throws {
        let queue = try DatabaseQueue()
        try queue.read { (db: Database) throws in
            let event = try Event.fetchOne(
                db, sql: "SELECT 1 AS id, '2024-05-01 12:34:56.789' AS created, NULL AS optionalDate")
            #expect(event.map { Self.microseconds($0.created) } == Self.microseconds(Self.date))
            #expect(event?.optionalDate == nil)
            let copied = try Event.fetchAll(db, sql: "SELECT 1 AS id, '2024-05-01 12:34:56.789' AS created, '2024-05-01' AS optionalDate")
            #expect(copied.first.map { Self.microseconds($0.created) } == Self.microseconds(Self.date))
            #expect(copied.first?.optionalDate != nil)
            let error = #expect(throws: DatabaseError.self) {
                try Event.fetchOne(db, sql: "SELECT 1 AS id, 'soon' AS created, NULL AS optionalDate")
            }
            #expect(error?.kind == .valueConversion)
            #expect(error?.message.contains("created") == true)
        }
    }

    @Test("a UUID reads from a 16-byte blob or its string, and nothing else")
    func uuidForms() throws {
        let queue = try DatabaseQueue()
        try queue.read { (db: Database) throws in
            #expect(try UUID.fetchOne(db, sql: "SELECT x'E621E1F8C36C495A93FC0C247A3E6E5F'") == Self.uuid)
            #expect(try UUID.fetchOne(db, sql: "SELECT 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'") == Self.uuid)
            #expect(throws: DatabaseError.self) { try UUID.fetchOne(db, sql: "SELECT x'E621E1F8'") }
            #expect(throws: DatabaseError.self) { try UUID.fetchOne(db, sql: "SELECT 'not a uuid'") }
        }
    }

    @Test("a Decimal reads from an integer, a real or decimal text, and throws for other text")
    func decimalForms() throws {
        let queue = try DatabaseQueue()
        try queue.read { (db: Database) throws in
            #expect(try Decimal.fetchOne(db, sql: "SELECT 12") == Decimal(12))
            #expect(try Decimal.fetchOne(db, sql: "SELECT 0.5") == Decimal(0.5))
            #expect(try Decimal.fetchOne(db, sql: "SELECT '-1234.5678'") == Decimal(string: "-1234.5678"))
            #expect(throws: DatabaseError.self) { try Decimal.fetchOne(db, sql: "SELECT '12abc'") }
            #expect(throws: DatabaseError.self) { try Decimal.fetchOne(db, sql: "SELECT ''") }
        }
    }

    @Test("every Foundation value round-trips through a copied row and a live row")
    func roundTrips() throws {
        let queue = try DatabaseQueue()
        try queue.write { (db: Database) throws in
            try db.execute(sql: "CREATE TABLE v (d, u, m, l)")
            let decimal = Decimal(string: "0.1")!
            let url = URL(string: "file:///tmp/a%20b")!
            try db.execute(sql: "INSERT INTO v VALUES (?, ?, ?, ?)", arguments: [Self.date, Self.uuid, decimal, url])
            let row = try #require(try Row.fetchOne(db, sql: "SELECT * FROM v"))
            #expect(row["d"] as Date == Self.date)
            #expect(row["u"] as UUID == Self.uuid)
            #expect(row["m"] as Decimal == decimal)
            #expect(row["l"] as URL == url)
            try Row.fetchCursor(db, sql: "SELECT * FROM v").forEach { (live: Row) throws in
                #expect(try live.decode(Date.self, atIndex: 0) == Self.date)
                #expect(try live.decode(UUID.self, forColumn: "u") == Self.uuid)
            }
        }
    }
}
