// SQLite.swift's Codable support as its documentation shows it (`insert(user)`, `row.decode()`,
// `prepare(...).map { try $0.decode() }`), compiled with only the import changed, with the stored values read raw.
import Foundation
import LegacyDriver
import Testing

struct Address: Codable, Equatable {
    var city: String
}

struct Member: Codable, Equatable {
    var id: Int64
    var name: String
    var email: String?
    var joined: Date
    var token: UUID
    var avatar: Data
    var admin: Bool
    var score: Double
    var visits: Int
    var address: Address
    var tags: [String]
}

@Suite("SQLite.swift Codable snippets: encodings stored as SQLite.swift stores them, decode failures named")
struct CodableSnippets {
    let members = Table("members")
    let memberId = LegacyDriver.Expression<Int64>("id")
    let memberName = LegacyDriver.Expression<String>("name")
    let memberEmail = LegacyDriver.Expression<String?>("email")

    func database() throws -> Connection {
        let db = try Connection(.inMemory)
        try db.execute("""
            CREATE TABLE members (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, joined TEXT, token TEXT,
                                  avatar BLOB, admin INTEGER, score REAL, visits INTEGER, address TEXT, tags TEXT,
                                  note TEXT DEFAULT 'none')
            """)
        return db
    }

    func alice(id: Int64 = 1, email: String? = "alice@mac.com") throws -> Member {
        Member(
            id: id, name: "Alice", email: email, joined: Date(timeIntervalSince1970: 1_709_214_310.25),
            token: try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")), avatar: Data([1, 2, 255]),
            admin: true, score: 2.5, visits: 3, address: Address(city: "Oslo"), tags: ["a", "b"]
        )
    }

    /// `typeof(column) quote(column)` of the member with the id.
    func raw(_ db: Connection, _ column: String, id: Int64 = 1) throws -> String? {
        try db.scalar("SELECT typeof(\"\(column)\") || ' ' || quote(\"\(column)\") FROM members WHERE id = ?", id)
            as? String
    }

    @Test("insert(encodable) stores each property as SQLite.swift does, and decode() reads it back")
    func insertAndDecode() throws {
        let db = try database()
        let member = try alice()
        try db.run(members.insert(member))
        #expect(try raw(db, "joined") == "text '2024-02-29T13:45:10.250'")
        #expect(try raw(db, "token") == "text 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'")
        #expect(try raw(db, "avatar") == "blob X'0102FF'")
        #expect(try raw(db, "admin") == "integer 1")
        #expect(try raw(db, "score") == "real 2.5")
        #expect(try raw(db, "visits") == "integer 3")
        #expect(try raw(db, "address") == #"text '{"city":"Oslo"}'"#)
        #expect(try raw(db, "tags") == #"text '["a","b"]'"#)
        #expect(try raw(db, "email") == "text 'alice@mac.com'")
        let loaded: [Member] = try db.prepare(members).map { try $0.decode() }
        #expect(loaded == [member])
    }

    @Test("a nil property is left out of the insert, so the column keeps its default")
    func nilLeftOut() throws {
        let db = try database()
        let insert = try members.insert(try alice(email: nil))
        #expect(!insert.asSQL().contains(#""email""#))
        try db.run(insert)
        #expect(try raw(db, "email") == "null NULL")
        let row = try #require(try db.pluck(members))
        let member: Member = try row.decode()
        #expect(member.email == nil)
    }

    @Test("otherSetters are added, update(encodable) rewrites the filtered rows")
    func otherSettersAndUpdate() throws {
        let db = try database()
        let note = LegacyDriver.Expression<String>("note")
        try db.run(members.insert(try alice(), otherSetters: [note <- "founder"]))
        #expect(try raw(db, "note") == "text 'founder'")
        var changed = try alice()
        changed.name = "Alicia"
        changed.visits = 4
        #expect(try db.run(members.filter(memberId == 1).update(changed)) == 1)
        #expect(try db.pluck(members)?[memberName] == "Alicia")
    }

    @Test("insertMany with a nil in some values stores NULL for them")
    func insertManyAsymmetric() throws {
        let db = try database()
        try db.run(members.insertMany([try alice(id: 1), try alice(id: 2, email: nil)]))
        #expect(try db.prepare(members.order(memberId)).map { $0[memberEmail] } == ["alice@mac.com", nil])
    }

    @Test("upsert(encodable, onConflictOf:) updates the existing row")
    func upsertEncodable() throws {
        let db = try database()
        try db.run(members.insert(try alice()))
        var again = try alice()
        again.name = "Al"
        try db.run(members.upsert(again, onConflictOf: memberId))
        #expect(try db.scalar(members.count) == 1)
        #expect(try db.pluck(members)?[memberName] == "Al")
    }

    @Test("decode throws naming the column: NULL, missing, wrong type, bad JSON")
    func decodeFailuresNameTheColumn() throws {
        let db = try database()
        try db.run(members.insert(try alice()))
        try db.execute("UPDATE members SET score = NULL")
        let row = try #require(try db.pluck(members))
        #expect { let _: Member = try row.decode() } throws: { "\($0)".contains("score") }
        let narrow = try #require(try db.pluck(members.select(memberId, memberName)))
        #expect { let _: Member = try narrow.decode() } throws: { "\($0)".contains("email") || "\($0)".contains("joined") }
        try db.execute("UPDATE members SET score = 1, visits = 'many'")
        let wrongType = try #require(try db.pluck(members))
        #expect { let _: Member = try wrongType.decode() } throws: { "\($0)".contains("visits") }
        try db.execute("UPDATE members SET visits = 1, address = 'not json'")
        let badJSON = try #require(try db.pluck(members))
        #expect { let _: Member = try badJSON.decode() } throws: { "\($0)".contains("address") }
        try db.execute("UPDATE members SET address = '{\"city\":\"Oslo\"}', joined = '2024-02-29'")
        let badDate = try #require(try db.pluck(members))
        #expect { let _: Member = try badDate.decode() } throws: { "\($0)".contains("joined") }
    }

    @Test("what SQLite.swift refuses or traps on throws: Int32 properties, unkeyed values")
    func unsupportedShapes() throws {
        struct Small: Codable { var id: Int32 }
        #expect(throws: EncodingError.self) { _ = try members.insert(Small(id: 1)) }
        #expect(throws: EncodingError.self) { _ = try members.insert([1, 2]) }
        let db = try database()
        try db.run(members.insert(try alice()))
        let row = try #require(try db.pluck(members))
        #expect(throws: DecodingError.self) { let _: Small = try row.decode() }
        #expect(throws: DecodingError.self) { let _: [Int] = try row.decode() }
    }
}
