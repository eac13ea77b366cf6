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
    /// By name (NOCASE) under a parent (`-1` for top level).
    func category(named name: String, parentId: Int64) throws -> Category?
    /// The two-level tree, top-level categories and children by name.
    func tree() throws -> [CategoryNode]
    /// Whether a payee, transaction, split, scheduled transaction, scheduled split or budget entry uses the category.
    func isUsed(categoryId: Int64) throws -> Bool
}

/// Writes categories.
public protocol CategoryRepository: CategoryReading {
    @discardableResult func insert(_ category: Category) throws -> Category
    func update(_ category: Category) throws
    /// Deletes an unused category and its unused children; returns whether it existed.
    @discardableResult func deleteCategory(id: Int64) throws -> Bool
}
