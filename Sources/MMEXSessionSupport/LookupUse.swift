import MMEXModel

/// Where MMEX keeps references to payees and categories (application code checks them; the schema enforces
/// none): the rules both drivers follow for "is used" and for refusing to delete a row in use. Each repository
/// asks its own database, in its own idiom, in the order listed here, so both report the same first user.
public enum LookupUse {
    /// A table and the column in it that names the looked-up row.
    public struct User: Sendable, Hashable {
        public let table: String
        public let column: String
    }

    /// Who uses a payee: transactions (the trash included) and scheduled transactions, as MMEX's
    /// `Model_Payee::is_used` asks.
    public static let payeeUsers: [User] = [
        User(table: AccountTransaction.tableName, column: "PAYEEID"),
        User(table: ScheduledTransaction.tableName, column: "PAYEEID"),
    ]

    /// Who uses a category: payees (their default category), transactions (the trash included), their splits,
    /// scheduled transactions, their splits, and budget entries.
    public static let categoryUsers: [User] = [
        User(table: Payee.tableName, column: "CATEGID"),
        User(table: AccountTransaction.tableName, column: "CATEGID"),
        User(table: TransactionSplit.tableName, column: "CATEGID"),
        User(table: ScheduledTransaction.tableName, column: "CATEGID"),
        User(table: ScheduledSplit.tableName, column: "CATEGID"),
        User(table: BudgetEntry.tableName, column: "CATEGID"),
    ]

    /// The users among `users` whose table the file has (`tables`: upper-cased names; old files lack some).
    public static func present(_ users: [User], in tables: Set<String>) -> [User] {
        users.filter { tables.contains($0.table.uppercased()) }
    }
}

/// The category tree rules both drivers follow; each reads the rows in its own idiom.
public enum CategoryTreeRule {
    /// `PARENTID` of a top-level category (a NULL `PARENTID` counts as top level too).
    public static let topLevelParent: Int64 = -1

    /// The two-level tree from the top-level categories and the categories whose parent is one of them, each list
    /// already in the tree's order (name NOCASE, then id): children keep that order under their parent.
    public static func nodes(top: [Category], children: [Category]) -> [CategoryNode] {
        var byParent: [Int64: [Category]] = [:]
        for child in children {
            if let parent = child.parentId { byParent[parent, default: []].append(child) }
        }
        return top.map { CategoryNode(category: $0, children: byParent[$0.id] ?? []) }
    }

    /// The ids of a category and every category below it: the category first, then level by level, each level in
    /// the order `children(of:)` gives. This is also the order deletes go in (one row at a time, so triggers of
    /// desktop sync builds log them in the same order on both drivers). A cycle in a damaged file ends the walk,
    /// and a category stored with id -1 has no children (`PARENTID` -1 means top level, not "under -1").
    public static func subtree(of id: Int64, children: (Int64) throws -> [Int64]) rethrows -> [Int64] {
        var ordered = [id]
        var seen: Set<Int64> = [id]
        var index = 0
        while index < ordered.count {
            let parent = ordered[index]
            let below = parent == topLevelParent ? [] : try children(parent)
            for child in below where seen.insert(child).inserted {
                ordered.append(child)
            }
            index += 1
        }
        return ordered
    }
}
