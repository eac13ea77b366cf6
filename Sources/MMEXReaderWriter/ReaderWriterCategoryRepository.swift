import MMEXModel
import MMEXSessionSupport
import ReaderWriterDriver

/// `CATEGORY_V1` on the reader/writer driver: SQL on the unit's `db` handle, rows fetched into ``ModelRecord``s,
/// statements cached per connection.
///
/// Same contract as `LegacyCategoryRepository` (lists by id; NOCASE name lookups under a parent, NULL `PARENTID` as
/// top level; the tree by ``CategoryTreeRule``, each level by name NOCASE then id; "is used" by
/// ``LookupUse/categoryUsers``; unique names left to the schema; deletes take the whole subtree, refusing when any
/// member is used, naming the first used member and its first user).
struct ReaderWriterCategoryRepository: CategoryRepository {
    let unit: ReaderWriterUnit
    private typealias Categories = ModelRecord<Category>

    private static let byName = " ORDER BY CATEGNAME COLLATE NOCASE, CATEGID"
    private static let topLevel = "ifnull(PARENTID, \(CategoryTreeRule.topLevelParent)) = \(CategoryTreeRule.topLevelParent)"

    // MARK: Reading

    func categories() throws -> [Category] {
        try unit.requireColumns(of: Category.self)
        return try unit.run { db in try Categories.all(db, Categories.selection + " ORDER BY CATEGID") }
    }

    func category(id: Int64) throws -> Category? {
        try unit.requireColumns(of: Category.self)
        return try unit.run { db in try Categories.one(db, Categories.selection + " WHERE CATEGID = ?", [id]) }
    }

    func category(named name: String, parentId: Int64) throws -> Category? {
        try unit.requireColumns(of: Category.self)
        return try unit.run { db in
            try Categories.one(
                db,
                Categories.selection
                    + " WHERE CATEGNAME = ? COLLATE NOCASE AND ifnull(PARENTID, \(CategoryTreeRule.topLevelParent)) = ?"
                    + " ORDER BY CATEGID LIMIT 1",
                [name, parentId]
            )
        }
    }

    func tree() throws -> [CategoryNode] {
        try unit.requireColumns(of: Category.self)
        return try unit.run { db in
            let top = try Categories.all(db, Categories.selection + " WHERE \(Self.topLevel)" + Self.byName)
            let children = try Categories.all(
                db,
                Categories.selection + " WHERE PARENTID IN (SELECT CATEGID FROM CATEGORY_V1 WHERE \(Self.topLevel))" + Self.byName
            )
            return CategoryTreeRule.nodes(top: top, children: children)
        }
    }

    func isUsed(categoryId: Int64) throws -> Bool {
        try unit.run { db in try ReaderWriterLookupUse.firstUser(of: categoryId, among: users(db), db) != nil }
    }

    /// The users of a category this file has tables for.
    private func users(_ db: Database) throws -> [LookupUse.User] {
        LookupUse.present(LookupUse.categoryUsers, in: try ReaderWriterCascade.tables(db))
    }

    // MARK: Writing

    func insert(_ category: Category) throws -> Category {
        try unit.requireColumns(of: Category.self)
        return try unit.run { db in
            let stored = try category.minted(unit, db)
            try stored.insert(db)
            return stored
        }
    }

    func update(_ category: Category) throws {
        try unit.requireColumns(of: Category.self)
        try unit.run { db in _ = try category.update(db) }
    }

    func deleteCategory(id: Int64) throws -> Bool {
        try unit.requireColumns(of: Category.self, ["CATEGID", "PARENTID"])
        return try unit.run { db in
            guard try Category.exists(db, id: id) else { return false }
            let subtree = try CategoryTreeRule.subtree(of: id) { parent in
                try Int64.fetchAll(
                    db.cachedStatement(sql: "SELECT CATEGID FROM CATEGORY_V1 WHERE PARENTID = ? ORDER BY CATEGID"),
                    arguments: [parent]
                )
            }
            let users = try users(db)
            for member in subtree {
                if let user = try ReaderWriterLookupUse.firstUser(of: member, among: users, db) {
                    throw ReferenceErrors.inUse(Category.self, id: member, by: user.table)
                }
            }
            let delete = try db.cachedStatement(sql: "DELETE FROM CATEGORY_V1 WHERE CATEGID = ?")
            for member in subtree { try delete.execute(arguments: [member]) }
            return true
        }
    }
}

/// Vends the repository in reader/writer units of work (`context.categories`).
extension CategoryRepositoryKey: ReaderWriterReadableRepositoryKey {
    package static func reading(in unit: ReaderWriterUnit) -> any CategoryReading {
        ReaderWriterCategoryRepository(unit: unit)
    }
    package static func writing(in unit: ReaderWriterUnit) -> any CategoryRepository {
        ReaderWriterCategoryRepository(unit: unit)
    }
}
