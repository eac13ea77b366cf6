import MMEXModel
import MMEXSessionSupport
import ReaderWriterDriver

/// `PAYEE_V1` on the reader/writer driver: SQL on the unit's `db` handle, rows fetched into ``ModelRecord``s,
/// statements cached per connection.
///
/// Same contract as `LegacyPayeeRepository` (lists by name NOCASE then id; name lookups NOCASE, lowest id first;
/// the default category through `CATEGID`; unique names left to the schema; deletes refuse payees in use, asking
/// ``LookupUse/payeeUsers`` in order).
struct ReaderWriterPayeeRepository: PayeeRepository {
    let unit: ReaderWriterUnit
    private typealias Payees = ModelRecord<Payee>

    // MARK: Reading

    func payees() throws -> [Payee] {
        try unit.requireColumns(of: Payee.self)
        return try unit.run { db in try Payees.all(db, Payees.selection + " ORDER BY PAYEENAME COLLATE NOCASE, PAYEEID") }
    }

    func payee(id: Int64) throws -> Payee? {
        try unit.requireColumns(of: Payee.self)
        return try unit.run { db in try Payees.one(db, Payees.selection + " WHERE PAYEEID = ?", [id]) }
    }

    func payee(named name: String) throws -> Payee? {
        try unit.requireColumns(of: Payee.self)
        return try unit.run { db in
            try Payees.one(db, Payees.selection + " WHERE PAYEENAME = ? COLLATE NOCASE ORDER BY PAYEEID LIMIT 1", [name])
        }
    }

    func defaultCategory(payeeId: Int64) throws -> Category? {
        try unit.requireColumns(of: Payee.self, ["PAYEEID", "CATEGID"])
        let categoryId = try unit.run { db -> Int64? in
            let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT CATEGID FROM PAYEE_V1 WHERE PAYEEID = ?"), arguments: [payeeId])
            return try row?.optionalValue(0, Payee.self, column: "CATEGID")
        }
        guard let categoryId else { return nil }
        return try ReaderWriterCategoryRepository(unit: unit).category(id: categoryId)
    }

    // MARK: Writing

    func insert(_ payee: Payee) throws -> Payee {
        try unit.requireColumns(of: Payee.self)
        return try unit.run { db in
            let stored = try payee.minted(unit, db)
            try stored.insert(db)
            return stored
        }
    }

    func update(_ payee: Payee) throws {
        try unit.requireColumns(of: Payee.self)
        try unit.run { db in _ = try payee.update(db) }
    }

    func deletePayee(id: Int64) throws -> Bool {
        try unit.requireColumns(of: Payee.self, ["PAYEEID"])
        return try unit.run { db in
            let users = LookupUse.present(LookupUse.payeeUsers, in: try ReaderWriterCascade.tables(db))
            if let user = try ReaderWriterLookupUse.firstUser(of: id, among: users, db) {
                throw ReferenceErrors.inUse(Payee.self, id: id, by: user.table)
            }
            try db.execute(sql: "DELETE FROM PAYEE_V1 WHERE PAYEEID = ?", arguments: [id])
            return db.changesCount > 0
        }
    }
}

/// "Is used" on the reader/writer driver: one cached `EXISTS` query per user table.
enum ReaderWriterLookupUse {
    /// The first of `users` (in order) with a row naming `id`.
    static func firstUser(of id: Int64, among users: [LookupUse.User], _ db: Database) throws -> LookupUse.User? {
        try users.first { user in
            try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM \(user.table) WHERE \(user.column) = ?)"),
                arguments: [id]
            ) ?? false
        }
    }
}

/// Vends the repository in reader/writer units of work (`context.payees`).
extension PayeeRepositoryKey: ReaderWriterReadableRepositoryKey {
    package static func reading(in unit: ReaderWriterUnit) -> any PayeeReading {
        ReaderWriterPayeeRepository(unit: unit)
    }
    package static func writing(in unit: ReaderWriterUnit) -> any PayeeRepository {
        ReaderWriterPayeeRepository(unit: unit)
    }
}
