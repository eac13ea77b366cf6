import LegacyDriver
import MMEXModel
import MMEXSessionSupport

/// `PAYEE_V1` as the legacy app declares it for the query builder.
enum PayeeColumns {
    static let table = Table(Payee.tableName)
    static let id = SQLExpression<Int64>("PAYEEID")
    static let name = SQLExpression<String>("PAYEENAME")
    static let categoryId = SQLExpression<Int64?>("CATEGID")
    static let number = SQLExpression<String?>("NUMBER")
    static let website = SQLExpression<String?>("WEBSITE")
    static let notes = SQLExpression<String?>("NOTES")
    static let active = SQLExpression<Int64?>("ACTIVE")
    static let pattern = SQLExpression<String?>("PATTERN")

    /// Every v21 column, in the record's order (desktop sync builds add columns that are not read).
    static var selection: Table { table.select(id, name, categoryId, number, website, notes, active, pattern) }

    static func setters(_ payee: Payee) -> [Setter] {
        [
            name <- payee.name, categoryId <- payee.categoryId, number <- payee.number, website <- payee.website,
            notes <- payee.notes, active <- payee.active, pattern <- payee.pattern,
        ]
    }
}

/// `CATEGORY_V1` as the legacy app declares it for the query builder.
enum CategoryColumns {
    static let table = Table(Category.tableName)
    static let id = SQLExpression<Int64>("CATEGID")
    static let name = SQLExpression<String>("CATEGNAME")
    static let active = SQLExpression<Int64?>("ACTIVE")
    static let parentId = SQLExpression<Int64?>("PARENTID")

    static var selection: Table { table.select(id, name, active, parentId) }

    /// `PARENTID` with NULL read as top level (-1).
    static var parent: Expression<Int64> { parentId ?? -1 }

    static func setters(_ category: Category) -> [Setter] {
        [name <- category.name, active <- category.active, parentId <- category.parentId]
    }
}

/// `TAG_V1` as the legacy app declares it for the query builder (links: ``TagLinkColumns``).
enum TagColumns {
    static let table = Table(Tag.tableName)
    static let id = SQLExpression<Int64>("TAGID")
    static let name = SQLExpression<String>("TAGNAME")
    static let active = SQLExpression<Int64?>("ACTIVE")

    static var selection: Table { table.select(id, name, active) }

    static func setters(_ tag: Tag) -> [Setter] { [name <- tag.name, active <- tag.active] }
}

/// A column that names a payee or category in another table (``LookupUse``), for "is used" counts.
enum LookupUserColumns {
    static func count(_ user: LookupUse.User, _ id: Int64) -> ScalarQuery<Int> {
        Table(user.table).filter(SQLExpression<Int64?>(user.column) == id).count
    }
}
