/// A top-level category with its subcategories (MMEX's two-level tree).
public struct CategoryNode: Sendable, Hashable, Codable {
    public var category: Category
    public var children: [Category]

    public init(category: Category, children: [Category]) {
        self.category = category
        self.children = children
    }
}

/// Reads categories (`CATEGORY_V1`). Slice 2.
public protocol CategoryReading {
    /// Every category, in `CATEGID` order.
    func categories() throws -> [Category]
    func category(id: Int64) throws -> Category?
    /// By name (NOCASE) under a parent (`-1` for top level; a NULL `PARENTID` counts as top level); the lowest id
    /// when an old file holds several.
    func category(named name: String, parentId: Int64) throws -> Category?
    /// The two-level tree: top-level categories (`PARENTID` -1 or NULL) and each one's direct children, both by name
    /// (NOCASE) then `CATEGID`. Deeper levels and categories whose parent does not exist are not in it
    /// (``categories()`` lists them).
    func tree() throws -> [CategoryNode]
    /// Whether a payee, transaction, split, scheduled transaction, scheduled split or budget entry uses the category
    /// itself (its `CATEGID`; rows of the trash count: they can be restored).
    func isUsed(categoryId: Int64) throws -> Bool
}

/// Writes categories.
///
/// Names are unique case-insensitively under one parent (`UNIQUE(CATEGNAME, PARENTID)`, `CATEGNAME COLLATE
/// NOCASE`): an insert or update that clashes throws the session's unique-constraint error on `CATEGORY_V1`.
public protocol CategoryRepository: CategoryReading {
    /// Inserts a category; an id of 0 is replaced by a minted one. Returns the stored record.
    @discardableResult func insert(_ category: Category) throws -> Category
    /// Rewrites the category with `category.id` (a missing id changes nothing).
    func update(_ category: Category) throws
    /// Deletes a category with its subcategories (every level below it); returns whether it existed. MMEX refuses
    /// to delete a category in use ("Category in use"), and a category one of whose subcategories is in use: so
    /// does this, with the session's in-use error (a foreign-key constraint violation on `CATEGORY_V1` naming the
    /// used category and the table that uses it), changing nothing.
    @discardableResult func deleteCategory(id: Int64) throws -> Bool
}

/// Names categories in the MMEX contexts: `context.categories` reads them in a read unit of work, and reads and writes
/// them in a write unit of work.
public enum CategoryRepositoryKey: ReadableRepositoryKey {
    public typealias Reading = any CategoryReading
    public typealias Writing = any CategoryRepository
}

extension ReadRepositories {
    /// The reading side of ``CategoryRepositoryKey``'s repository, in this unit of work.
    public var categories: any CategoryReading { repository(CategoryRepositoryKey.self) }
}

extension WriteRepositories {
    /// ``CategoryRepositoryKey``'s repository, reads and writes, in this unit of work.
    public var categories: any CategoryRepository { repository(CategoryRepositoryKey.self) }
}
