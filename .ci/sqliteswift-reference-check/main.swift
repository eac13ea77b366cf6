// The schema builder and Codable snippets of issue 16, printed by the same program compiled against real
// SQLite.swift 0.15.3 and against the legacy driver (through a `SQLite` module that only re-exports it): the
// generated SQL, the raw stored values and the decoded values. `run` in this folder compares the two outputs.
import Foundation
import SQLite

let accounts = Table("accounts")
let owners = Table("owners")
let tags = Table("tags")
let accountId = SQLite.Expression<Int64>("id")
let ownerId = SQLite.Expression<Int64?>("owner_id")
let ownerKey = SQLite.Expression<Int64>("id")
let label = SQLite.Expression<String>("label")
let note = SQLite.Expression<String?>("note")
let amount = SQLite.Expression<Double>("amount")
let open = SQLite.Expression<Bool>("open")
let position = SQLite.Expression<Int>("position")
let when = SQLite.Expression<Date>("when")
let blob = SQLite.Expression<Data?>("blob")

print(accounts.create { t in
    t.column(accountId, primaryKey: true)
    t.column(label, unique: true)
    t.column(note)
})
print(accounts.create(ifNotExists: true) { t in
    t.column(accountId, primaryKey: .autoincrement)
    t.column(label, defaultValue: "cash", collate: .nocase)
    t.column(amount, check: amount >= 0, defaultValue: 0.5)
    t.column(open, defaultValue: true)
    t.column(note, defaultValue: "it's")
    t.column(when, defaultValue: Date(timeIntervalSince1970: 0))
    t.column(blob, defaultValue: Data([1, 2]))
})
print(accounts.create(temporary: true, withoutRowid: true) { $0.column(label, primaryKey: true) })
print(accounts.create { t in
    t.column(accountId)
    t.column(ownerId, references: owners, ownerKey)
    t.column(label, unique: true, check: label != "", collate: .custom("mine"))
    t.column(position)
    t.primaryKey(accountId, label)
    t.unique(label, position)
    t.check(position > 0)
    t.foreignKey(ownerId, references: owners, ownerKey, update: .cascade, delete: .setNull)
    t.foreignKey((accountId, position), references: owners, (ownerKey, position), delete: .restrict)
})
print(accounts.addColumn(note))
print(accounts.addColumn(open, defaultValue: false))
print(accounts.addColumn(label, defaultValue: "", collate: .rtrim))
print(accounts.addColumn(ownerId, references: owners, ownerKey))
print(accounts.addColumn(note, check: note != "x", defaultValue: "y"))
print(accounts.rename(Table("ledger")))
print(Table("ledger").drop())
print(Table("ledger").drop(ifExists: true))
print(Table("t", database: "aux").drop())
print(accounts.createIndex(label, position, unique: true, ifNotExists: true))
print(accounts.createIndex(label.lowercaseString))
print(Table("Wéird Name", database: "aux").createIndex(label))
print(accounts.dropIndex(label, position))
print(accounts.dropIndex(label, ifExists: true))
print(Table("tag_copy").create(tags.filter(label != "y")))

struct Address: Codable { var city: String }
struct Member: Codable {
    var id: Int64
    var name: String
    var email: String?
    var joined: Date
    var token: UUID
    var avatar: Data
    var admin: Bool
    var score: Double
    var ratio: Float
    var visits: Int
    var address: Address
    var tags: [String]
    var link: URL
    var missing: String?
}
let db = try Connection(.inMemory)
try db.execute("CREATE TABLE members (id INTEGER PRIMARY KEY, name, email, joined, token, avatar, admin, score, ratio, visits, address, tags, link, missing DEFAULT 'dflt')")
let members = Table("members")
let one = Member(id: 1, name: "Alice", email: "a@b.c", joined: Date(timeIntervalSince1970: 1_709_214_310.25),
                 token: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, avatar: Data([1, 2, 255]),
                 admin: true, score: 2.5, ratio: 0.1, visits: 3, address: Address(city: "Oslo"), tags: ["a", "b/c"],
                 link: URL(string: "https://example.com/a b")!, missing: nil)
try db.run(members.insert(one))
var two = one
two.id = 2
two.email = nil
try db.run(members.insertMany([one, two].map { var m = $0; m.id += 10; return m }))
for row in try db.prepare("SELECT * FROM members ORDER BY id") {
    print(row.map { value -> String in
        switch value {
        case let blob as Blob: return "blob " + blob.toHex()
        case nil: return "NULL"
        case let other?: return "\(type(of: other)) \(other)"
        }
    }.joined(separator: " | "))
}
let loaded: [Member] = try db.prepare(members.order(SQLite.Expression<Int64>("id"))).map { try $0.decode() }
for member in loaded { print(member.id, member.email ?? "nil", member.joined.timeIntervalSince1970, member.address.city, member.tags, member.link.absoluteString, member.ratio) }
