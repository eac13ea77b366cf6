import LegacyDriver
import MMEXModel
import MMEXSessionSupport

/// `CATEGORY_V1` on the legacy driver: query builder on the retained connection.
///
/// Contract (shared with the reader/writer repository, checked by the differential suite):
/// - Lists in `CATEGID` order; a name lookup is NOCASE under one parent (NULL `PARENTID` is top level), lowest id
///   first.
/// - The tree is ``CategoryTreeRule/nodes(top:children:)`` over the top level and its direct children, each by
///   `CATEGNAME` NOCASE, then `CATEGID`.
/// - "Is used" asks ``LookupUse/categoryUsers`` (tables an old file lacks are skipped).
/// - Unique names are the schema's: a clash fails with the unique-constraint error SQLite reports.
/// - Delete of a missing id changes nothing and returns `false`; otherwise it walks the subtree (``CategoryTreeRule/subtree(of:children:)``, children by `CATEGID`) and refuses, with
///   ``ReferenceErrors/inUse(_:id:by:)`` naming the first used category and its first user, before deleting
///   anything; otherwise it deletes the subtree one row at a time, in that order.
struct LegacyCategoryRepository: CategoryRepository {
    let unit: LegacyUnit
    private typealias Columns = CategoryColumns

    private func category(_ row: Row) throws -> Category {
        try unit.record(Category.self) { () throws(LegacyError) in
            Category(
                id: try row.get(Columns.id), name: try row.get(Columns.name), active: try row.get(Columns.active),
                parentId: try row.get(Columns.parentId)
            )
        }
    }

    /// Ordered as the tree shows categories: by name (NOCASE), then id.
    private func byName(_ query: Table) -> Table {
        query.order(Columns.name.collate(.nocase), Columns.id)
    }

    // MARK: Reading

    func categories() throws -> [Category] {
        try unit.requireColumns(of: Category.self)
        return try unit.run { try unit.db.prepare(Columns.selection.order(Columns.id)).map(category) }
    }

    func category(id: Int64) throws -> Category? {
        try unit.requireColumns(of: Category.self)
        return try unit.run { try unit.db.pluck(Columns.selection.filter(Columns.id == id)).map(category) }
    }

    func category(named name: String, parentId: Int64) throws -> Category? {
        try unit.requireColumns(of: Category.self)
        return try unit.run {
            let query = Columns.selection.filter(Columns.name.collate(.nocase) == name && Columns.parent == parentId)
                .order(Columns.id).limit(1)
            return try unit.db.pluck(query).map(category)
        }
    }

    func tree() throws -> [CategoryNode] {
        try unit.requireColumns(of: Category.self)
        return try unit.run {
            let topLevel = Columns.parent == CategoryTreeRule.topLevelParent
            let top = try unit.db.prepare(byName(Columns.selection.filter(topLevel))).map(category)
            let parents: ScalarQuery<Int64> = Columns.table.select(Columns.id).filter(topLevel)
            let children = try unit.db.prepare(byName(Columns.selection.filter(parents.contains(Columns.parentId))))
                .map(category)
            return CategoryTreeRule.nodes(top: top, children: children)
        }
    }

    func isUsed(categoryId: Int64) throws -> Bool {
        try unit.run { try firstUser(of: categoryId, among: users()) != nil }
    }

    /// The users of a category this file has tables for.
    private func users() throws -> [LookupUse.User] {
        LookupUse.present(LookupUse.categoryUsers, in: try LegacySchema.tables(unit))
    }

    private func firstUser(of id: Int64, among users: [LookupUse.User]) throws -> LookupUse.User? {
        try users.first { user in try unit.db.scalar(LookupUserColumns.count(user, id)) > 0 }
    }

    // MARK: Writing

    func insert(_ category: Category) throws -> Category {
        try unit.requireColumns(of: Category.self)
        return try unit.run {
            var stored = category
            if stored.isUnsaved {
                stored.id = try IdentifierMinting.newID(from: unit.minter, table: Category.tableName) { candidate in
                    try unit.db.pluck(Columns.table.select(Columns.id).filter(Columns.id == candidate)) != nil
                }
            }
            try unit.db.run(Columns.table.insert([Columns.id <- stored.id] + Columns.setters(stored)))
            return stored
        }
    }

    func update(_ category: Category) throws {
        try unit.requireColumns(of: Category.self)
        try unit.run { _ = try unit.db.run(Columns.table.filter(Columns.id == category.id).update(Columns.setters(category))) }
    }

    func deleteCategory(id: Int64) throws -> Bool {
        try unit.requireColumns(of: Category.self, ["CATEGID", "PARENTID"])
        return try unit.run {
            guard try unit.db.pluck(Columns.table.select(Columns.id).filter(Columns.id == id)) != nil else { return false }
            let subtree = try CategoryTreeRule.subtree(of: id) { parent in
                try unit.db.prepare(Columns.table.select(Columns.id).filter(Columns.parentId == parent).order(Columns.id))
                    .map { row in try unit.record(Category.self) { () throws(LegacyError) in try row.get(Columns.id) } }
            }
            let users = try users()
            for member in subtree {
                if let user = try firstUser(of: member, among: users) {
                    throw ReferenceErrors.inUse(Category.self, id: member, by: user.table)
                }
            }
            for member in subtree { try unit.db.run(Columns.table.filter(Columns.id == member).delete()) }
            return true
        }
    }
}

/// Vends the repository in legacy units of work (`context.categories`).
extension CategoryRepositoryKey: LegacyReadableRepositoryKey {
    package static func reading(in unit: LegacyUnit) -> any CategoryReading { LegacyCategoryRepository(unit: unit) }
    package static func writing(in unit: LegacyUnit) -> any CategoryRepository { LegacyCategoryRepository(unit: unit) }
}
