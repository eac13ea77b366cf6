import SQLiteEngine
// The column and constraint definitions of `table.create { t in ... }`, written as SQLite.swift 0.15.3 writes them.

/// What `PRIMARY KEY` a column declares: plain, or `AUTOINCREMENT` (INTEGER columns only).
public enum PrimaryKey: Sendable {
    /// `PRIMARY KEY`: on an INTEGER column the key is the rowid, and SQLite may reuse the rowid of the last
    /// row after it is deleted.
    case `default`
    /// `PRIMARY KEY AUTOINCREMENT`: rowids only grow and are never reused; SQLite records the largest in
    /// `sqlite_sequence`.
    case autoincrement
}

/// Collects the definitions of a `CREATE TABLE`: the block of ``Table/create(temporary:ifNotExists:withoutRowid:block:)``
/// receives one.
///
/// Each call adds one definition, rendered exactly as SQLite.swift renders it: a column is
/// `"name" TYPE [PRIMARY KEY [AUTOINCREMENT]] [NOT NULL] [UNIQUE] [CHECK ...] [DEFAULT (...)] [REFERENCES ...]
/// [COLLATE ...]`, where the type is the value type's `declaredDatatype` and `NOT NULL` comes from a non-optional
/// expression type. Values (defaults, values in checks) are written into the SQL as literals, as in SQLite.swift:
/// a schema statement cannot bind parameters.
public final class TableBuilder {
    /// The definitions in the order they were added, as SQL text.
    var definitions: [String] = []

    init() {}

    /// What a referential action does when the referenced row is updated or deleted.
    public enum Dependency: String, Sendable {
        /// `NO ACTION`: the child rows are left alone; the constraint is still checked when the statement ends.
        case noAction = "NO ACTION"
        /// `RESTRICT`: the change fails at once while child rows refer to the parent key, even when deferred.
        case restrict = "RESTRICT"
        /// `SET NULL`: the child rows' referencing columns become NULL.
        case setNull = "SET NULL"
        /// `SET DEFAULT`: the child rows' referencing columns take their default values.
        case setDefault = "SET DEFAULT"
        /// `CASCADE`: the change carries to the child rows: they are deleted, or their key updated, with the parent.
        case cascade = "CASCADE"
    }

    // MARK: Columns: NOT NULL

    /// A NOT NULL column, optionally `UNIQUE`, with a check and a default expression.
    public func column<V: Value>(
        _ name: Expression<V>, unique: Bool = false, check: Expression<Bool>? = nil, defaultValue: Expression<V>? = nil
    ) {
        add(ColumnDefinition(name, V.self, nullable: false, unique: unique, check: check, defaultValue: defaultValue))
    }

    /// A NOT NULL column with a default value.
    public func column<V: Value>(
        _ name: Expression<V>, unique: Bool = false, check: Expression<Bool>? = nil, defaultValue: V
    ) {
        add(ColumnDefinition(name, V.self, nullable: false, unique: unique, check: check, defaultValue: defaultValue))
    }

    /// A NOT NULL column with a check on a nullable condition.
    public func column<V: Value>(
        _ name: Expression<V>, unique: Bool = false, check: Expression<Bool?>, defaultValue: Expression<V>? = nil
    ) {
        add(ColumnDefinition(name, V.self, nullable: false, unique: unique, check: check, defaultValue: defaultValue))
    }

    /// A NOT NULL column with a check on a nullable condition and a default value.
    public func column<V: Value>(
        _ name: Expression<V>, unique: Bool = false, check: Expression<Bool?>, defaultValue: V
    ) {
        add(ColumnDefinition(name, V.self, nullable: false, unique: unique, check: check, defaultValue: defaultValue))
    }

    // MARK: Columns: nullable

    /// A nullable column (no `NOT NULL`), optionally `UNIQUE`, with a check and a default expression.
    public func column<V: Value>(
        _ name: Expression<V?>, unique: Bool = false, check: Expression<Bool>? = nil, defaultValue: Expression<V>? = nil
    ) {
        add(ColumnDefinition(name, V.self, nullable: true, unique: unique, check: check, defaultValue: defaultValue))
    }

    /// A nullable column with a nullable default expression.
    public func column<V: Value>(
        _ name: Expression<V?>, unique: Bool = false, check: Expression<Bool>? = nil, defaultValue: Expression<V?>
    ) {
        add(ColumnDefinition(name, V.self, nullable: true, unique: unique, check: check, defaultValue: defaultValue))
    }

    /// A nullable column with a default value.
    public func column<V: Value>(
        _ name: Expression<V?>, unique: Bool = false, check: Expression<Bool>? = nil, defaultValue: V
    ) {
        add(ColumnDefinition(name, V.self, nullable: true, unique: unique, check: check, defaultValue: defaultValue))
    }

    /// A nullable column with a check on a nullable condition.
    public func column<V: Value>(
        _ name: Expression<V?>, unique: Bool = false, check: Expression<Bool?>, defaultValue: Expression<V>? = nil
    ) {
        add(ColumnDefinition(name, V.self, nullable: true, unique: unique, check: check, defaultValue: defaultValue))
    }

    /// A nullable column with a check on a nullable condition and a nullable default expression.
    public func column<V: Value>(
        _ name: Expression<V?>, unique: Bool = false, check: Expression<Bool?>, defaultValue: Expression<V?>
    ) {
        add(ColumnDefinition(name, V.self, nullable: true, unique: unique, check: check, defaultValue: defaultValue))
    }

    /// A nullable column with a check on a nullable condition and a default value.
    public func column<V: Value>(
        _ name: Expression<V?>, unique: Bool = false, check: Expression<Bool?>, defaultValue: V
    ) {
        add(ColumnDefinition(name, V.self, nullable: true, unique: unique, check: check, defaultValue: defaultValue))
    }

    // MARK: Columns: primary keys

    /// A NOT NULL column that is (`true`) or is not the `PRIMARY KEY`.
    public func column<V: Value>(
        _ name: Expression<V>, primaryKey: Bool, check: Expression<Bool>? = nil, defaultValue: Expression<V>? = nil
    ) {
        add(ColumnDefinition(name, V.self, primaryKey: primaryKey ? .default : nil, nullable: false, check: check,
                             defaultValue: defaultValue))
    }

    /// A primary key column with a check on a nullable condition.
    public func column<V: Value>(
        _ name: Expression<V>, primaryKey: Bool, check: Expression<Bool?>, defaultValue: Expression<V>? = nil
    ) {
        add(ColumnDefinition(name, V.self, primaryKey: primaryKey ? .default : nil, nullable: false, check: check,
                             defaultValue: defaultValue))
    }

    /// An INTEGER primary key, `.autoincrement` for `PRIMARY KEY AUTOINCREMENT`.
    public func column<V: Value>(
        _ name: Expression<V>, primaryKey: PrimaryKey, check: Expression<Bool>? = nil
    ) where V.Datatype == Int64 {
        add(ColumnDefinition(name, V.self, primaryKey: primaryKey, nullable: false, check: check))
    }

    /// An INTEGER primary key with a check on a nullable condition.
    public func column<V: Value>(
        _ name: Expression<V>, primaryKey: PrimaryKey, check: Expression<Bool?>
    ) where V.Datatype == Int64 {
        add(ColumnDefinition(name, V.self, primaryKey: primaryKey, nullable: false, check: check))
    }

    // MARK: Columns: references

    /// A NOT NULL INTEGER column `REFERENCES "table" ("other")`.
    public func column<V: Value>(
        _ name: Expression<V>, unique: Bool = false, check: Expression<Bool>? = nil,
        references table: some QueryType, _ other: Expression<V>
    ) where V.Datatype == Int64 {
        add(ColumnDefinition(name, V.self, nullable: false, unique: unique, check: check,
                             references: reference(table, other)))
    }

    /// A NOT NULL INTEGER reference with a check on a nullable condition.
    public func column<V: Value>(
        _ name: Expression<V>, unique: Bool = false, check: Expression<Bool?>,
        references table: some QueryType, _ other: Expression<V>
    ) where V.Datatype == Int64 {
        add(ColumnDefinition(name, V.self, nullable: false, unique: unique, check: check,
                             references: reference(table, other)))
    }

    /// A nullable INTEGER column `REFERENCES "table" ("other")`.
    public func column<V: Value>(
        _ name: Expression<V?>, unique: Bool = false, check: Expression<Bool>? = nil,
        references table: some QueryType, _ other: Expression<V>
    ) where V.Datatype == Int64 {
        add(ColumnDefinition(name, V.self, nullable: true, unique: unique, check: check,
                             references: reference(table, other)))
    }

    /// A nullable INTEGER reference with a check on a nullable condition.
    public func column<V: Value>(
        _ name: Expression<V?>, unique: Bool = false, check: Expression<Bool?>,
        references table: some QueryType, _ other: Expression<V>
    ) where V.Datatype == Int64 {
        add(ColumnDefinition(name, V.self, nullable: true, unique: unique, check: check,
                             references: reference(table, other)))
    }

    /// A NOT NULL INTEGER primary key that also references another table.
    public func column<V: Value>(
        _ name: Expression<V>, primaryKey: Bool, check: Expression<Bool>? = nil,
        references table: some QueryType, _ other: Expression<V>
    ) where V.Datatype == Int64 {
        add(ColumnDefinition(name, V.self, primaryKey: primaryKey ? .default : nil, nullable: false, check: check,
                             references: reference(table, other)))
    }

    /// A nullable INTEGER primary key that also references another table.
    public func column<V: Value>(
        _ name: Expression<V?>, primaryKey: Bool, check: Expression<Bool>? = nil,
        references table: some QueryType, _ other: Expression<V>
    ) where V.Datatype == Int64 {
        add(ColumnDefinition(name, V.self, primaryKey: primaryKey ? .default : nil, nullable: true, check: check,
                             references: reference(table, other)))
    }

    // MARK: Columns: collations (text)

    /// A NOT NULL text column with a collation.
    public func column<V: Value>(
        _ name: Expression<V>, unique: Bool = false, check: Expression<Bool>? = nil,
        defaultValue: Expression<V>? = nil, collate: Collation
    ) where V.Datatype == String {
        add(ColumnDefinition(name, V.self, nullable: false, unique: unique, check: check, defaultValue: defaultValue,
                             collate: collate))
    }

    /// A NOT NULL text column with a default value and a collation.
    public func column<V: Value>(
        _ name: Expression<V>, unique: Bool = false, check: Expression<Bool>? = nil, defaultValue: V,
        collate: Collation
    ) where V.Datatype == String {
        add(ColumnDefinition(name, V.self, nullable: false, unique: unique, check: check, defaultValue: defaultValue,
                             collate: collate))
    }

    /// A nullable text column with a collation.
    public func column<V: Value>(
        _ name: Expression<V?>, unique: Bool = false, check: Expression<Bool>? = nil,
        defaultValue: Expression<V>? = nil, collate: Collation
    ) where V.Datatype == String {
        add(ColumnDefinition(name, V.self, nullable: true, unique: unique, check: check, defaultValue: defaultValue,
                             collate: collate))
    }

    /// A nullable text column with a default value and a collation.
    public func column<V: Value>(
        _ name: Expression<V?>, unique: Bool = false, check: Expression<Bool>? = nil, defaultValue: V,
        collate: Collation
    ) where V.Datatype == String {
        add(ColumnDefinition(name, V.self, nullable: true, unique: unique, check: check, defaultValue: defaultValue,
                             collate: collate))
    }

    // MARK: Table constraints

    /// `PRIMARY KEY ("a")`.
    public func primaryKey<T: Value>(_ column: Expression<T>) {
        definitions.append("PRIMARY KEY " + parenthesized([column]))
    }

    /// `PRIMARY KEY ("a", "b")`.
    public func primaryKey<T: Value, U: Value>(_ first: Expression<T>, _ second: Expression<U>) {
        definitions.append("PRIMARY KEY " + parenthesized([first, second]))
    }

    /// `PRIMARY KEY ("a", "b", "c")`.
    public func primaryKey<T: Value, U: Value, V: Value>(
        _ first: Expression<T>, _ second: Expression<U>, _ third: Expression<V>
    ) {
        definitions.append("PRIMARY KEY " + parenthesized([first, second, third]))
    }

    /// `PRIMARY KEY ("a", "b", "c", "d")`.
    public func primaryKey<T: Value, U: Value, V: Value, W: Value>(
        _ first: Expression<T>, _ second: Expression<U>, _ third: Expression<V>, _ fourth: Expression<W>
    ) {
        definitions.append("PRIMARY KEY " + parenthesized([first, second, third, fourth]))
    }

    /// `UNIQUE ("a", "b")`.
    public func unique(_ columns: any Expressible...) {
        unique(columns)
    }

    /// `UNIQUE ("a", "b")` from an array.
    public func unique(_ columns: [any Expressible]) {
        definitions.append("UNIQUE " + parenthesized(columns))
    }

    /// `CHECK ((condition))`: SQLite.swift wraps the (already parenthesized) condition once more.
    public func check(_ condition: Expression<Bool>) {
        definitions.append("CHECK " + parenthesized([condition]))
    }

    /// `CHECK ((condition))` on a nullable condition.
    public func check(_ condition: Expression<Bool?>) {
        definitions.append("CHECK " + parenthesized([condition]))
    }

    /// `FOREIGN KEY ("a") REFERENCES "table" ("b") [ON UPDATE ...] [ON DELETE ...]`.
    public func foreignKey<T: Value>(
        _ column: Expression<T>, references table: some QueryType, _ other: Expression<T>,
        update: Dependency? = nil, delete: Dependency? = nil
    ) {
        foreignKey([column], reference(table, other), update, delete)
    }

    /// A foreign key from a nullable column.
    public func foreignKey<T: Value>(
        _ column: Expression<T?>, references table: some QueryType, _ other: Expression<T>,
        update: Dependency? = nil, delete: Dependency? = nil
    ) {
        foreignKey([column], reference(table, other), update, delete)
    }

    /// A composite foreign key of two columns.
    public func foreignKey<T: Value, U: Value>(
        _ composite: (Expression<T>, Expression<U>), references table: some QueryType,
        _ other: (Expression<T>, Expression<U>), update: Dependency? = nil, delete: Dependency? = nil
    ) {
        foreignKey([composite.0, composite.1], reference(table, [other.0, other.1]), update, delete)
    }

    /// A composite foreign key of three columns.
    public func foreignKey<T: Value, U: Value, V: Value>(
        _ composite: (Expression<T>, Expression<U>, Expression<V>), references table: some QueryType,
        _ other: (Expression<T>, Expression<U>, Expression<V>), update: Dependency? = nil, delete: Dependency? = nil
    ) {
        foreignKey(
            [composite.0, composite.1, composite.2], reference(table, [other.0, other.1, other.2]), update, delete
        )
    }

    private func foreignKey(
        _ columns: [any Expressible], _ references: String, _ update: Dependency?, _ delete: Dependency?
    ) {
        var parts = ["FOREIGN KEY " + parenthesized(columns), references]
        if let update { parts.append("ON UPDATE \(update.rawValue)") }
        if let delete { parts.append("ON DELETE \(delete.rawValue)") }
        definitions.append(parts.joined(separator: " "))
    }

    private func add(_ column: ColumnDefinition) {
        definitions.append(column.sql)
    }
}

/// One column definition of CREATE TABLE or ALTER TABLE ... ADD COLUMN, in SQLite.swift's clause order.
struct ColumnDefinition {
    var name: any Expressible
    var datatype: String
    var primaryKey: PrimaryKey?
    var nullable: Bool
    var unique = false
    var check: (any Expressible)?
    var defaultValue: (any Expressible)?
    var references: String?
    var collate: Collation?

    init<V: Value>(
        _ name: some Expressible, _ type: V.Type, primaryKey: PrimaryKey? = nil, nullable: Bool, unique: Bool = false,
        check: (any Expressible)? = nil, defaultValue: (any Expressible)? = nil, references: String? = nil,
        collate: Collation? = nil
    ) {
        self.name = name
        datatype = V.declaredDatatype
        self.primaryKey = primaryKey
        self.nullable = nullable
        self.unique = unique
        self.check = check
        self.defaultValue = defaultValue
        self.references = references
        self.collate = collate
    }

    var sql: String {
        var parts = [name.asSQL(), datatype]
        if let primaryKey { parts.append(primaryKey == .autoincrement ? "PRIMARY KEY AUTOINCREMENT" : "PRIMARY KEY") }
        if !nullable { parts.append("NOT NULL") }
        if unique { parts.append("UNIQUE") }
        if let check { parts.append("CHECK " + check.asSQL()) }
        if let defaultValue { parts.append("DEFAULT " + parenthesized([defaultValue])) }
        if let references { parts.append(references) }
        if let collate { parts.append("COLLATE " + collate.schemaName) }
        return parts.joined(separator: " ")
    }
}

/// `(a, b)` with values written in as literals.
func parenthesized(_ items: [any Expressible]) -> String {
    "(" + items.map { $0.asSQL() }.joined(separator: ", ") + ")"
}

/// `REFERENCES "table" ("column")`: the table unqualified, as SQLite.swift writes it (a foreign key cannot name
/// another schema).
func reference(_ table: some QueryType, _ column: any Expressible) -> String {
    reference(table, [column])
}

func reference(_ table: some QueryType, _ columns: [any Expressible]) -> String {
    "REFERENCES " + quoteIdentifier(table.clauses.from.alias ?? table.clauses.from.name) + " " + parenthesized(columns)
}
