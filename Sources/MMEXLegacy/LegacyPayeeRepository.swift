import LegacyDriver
import MMEXModel
import MMEXSessionSupport

/// `PAYEE_V1` on the legacy driver: query builder on the retained connection.
///
/// Contract (shared with the reader/writer repository, checked by the differential suite):
/// - Lists by `PAYEENAME` NOCASE, then `PAYEEID`; a name lookup is NOCASE (explicitly: MMEX 0.9.7 declares the
///   column without it), lowest id first.
/// - The default category is the `CATEGORY_V1` row `PAYEE_V1.CATEGID` names (`nil` when any link is missing).
/// - Unique names are the schema's: a clash fails with the unique-constraint error SQLite reports.
/// - Delete refuses a payee in use (``LookupUse/payeeUsers``, in that order; tables an old file lacks are skipped)
///   with ``ReferenceErrors/inUse(_:id:by:)``.
struct LegacyPayeeRepository: PayeeRepository {
    let unit: LegacyUnit
    private typealias Columns = PayeeColumns

    private func payee(_ row: Row) throws -> Payee {
        try unit.record(Payee.self) { () throws(LegacyError) in
            Payee(
                id: try row.get(Columns.id), name: try row.get(Columns.name), categoryId: try row.get(Columns.categoryId),
                number: try row.get(Columns.number), website: try row.get(Columns.website), notes: try row.get(Columns.notes),
                active: try row.get(Columns.active), pattern: try row.get(Columns.pattern)
            )
        }
    }

    // MARK: Reading

    func payees() throws -> [Payee] {
        try unit.requireColumns(of: Payee.self)
        return try unit.run {
            try unit.db.prepare(Columns.selection.order(Columns.name.collate(.nocase), Columns.id)).map(payee)
        }
    }

    func payee(id: Int64) throws -> Payee? {
        try unit.requireColumns(of: Payee.self)
        return try unit.run { try unit.db.pluck(Columns.selection.filter(Columns.id == id)).map(payee) }
    }

    func payee(named name: String) throws -> Payee? {
        try unit.requireColumns(of: Payee.self)
        return try unit.run {
            try unit.db.pluck(Columns.selection.filter(Columns.name.collate(.nocase) == name).order(Columns.id).limit(1))
                .map(payee)
        }
    }

    func defaultCategory(payeeId: Int64) throws -> Category? {
        try unit.requireColumns(of: Payee.self, ["PAYEEID", "CATEGID"])
        let categoryId = try unit.run {
            try unit.db.pluck(Columns.table.select(Columns.categoryId).filter(Columns.id == payeeId)).map { row in
                try unit.record(Payee.self) { () throws(LegacyError) in try row.get(Columns.categoryId) }
            } ?? nil
        }
        guard let categoryId else { return nil }
        return try LegacyCategoryRepository(unit: unit).category(id: categoryId)
    }

    // MARK: Writing

    func insert(_ payee: Payee) throws -> Payee {
        try unit.requireColumns(of: Payee.self)
        return try unit.run {
            var stored = payee
            if stored.isUnsaved {
                stored.id = try IdentifierMinting.newID(from: unit.minter, table: Payee.tableName) { candidate in
                    try unit.db.pluck(Columns.table.select(Columns.id).filter(Columns.id == candidate)) != nil
                }
            }
            try unit.db.run(Columns.table.insert([Columns.id <- stored.id] + Columns.setters(stored)))
            return stored
        }
    }

    func update(_ payee: Payee) throws {
        try unit.requireColumns(of: Payee.self)
        try unit.run { _ = try unit.db.run(Columns.table.filter(Columns.id == payee.id).update(Columns.setters(payee))) }
    }

    func deletePayee(id: Int64) throws -> Bool {
        try unit.requireColumns(of: Payee.self, ["PAYEEID"])
        return try unit.run {
            for user in LookupUse.present(LookupUse.payeeUsers, in: try LegacySchema.tables(unit))
            where try unit.db.scalar(LookupUserColumns.count(user, id)) > 0 {
                throw ReferenceErrors.inUse(Payee.self, id: id, by: user.table)
            }
            return try unit.db.run(Columns.table.filter(Columns.id == id).delete()) > 0
        }
    }
}

/// Vends the repository in legacy units of work (`context.payees`).
extension PayeeRepositoryKey: LegacyReadableRepositoryKey {
    package static func reading(in unit: LegacyUnit) -> any PayeeReading { LegacyPayeeRepository(unit: unit) }
    package static func writing(in unit: LegacyUnit) -> any PayeeRepository { LegacyPayeeRepository(unit: unit) }
}
