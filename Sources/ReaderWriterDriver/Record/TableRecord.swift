import Foundation

/// A type tied to a database table: the query interface starts from it (`Player.filter(...)`, `Player.fetchAll(db)`).
///
/// The table name defaults, as in GRDB, to the type name with its leading capital(s) lowercased: `Player` is
/// "player", `HTTPRequest` is "httpRequest".
public protocol TableRecord {
    /// The type that names the table's columns, as in GRDB 7: `enum Columns { static let name = Column("name") }` or
    /// `enum Columns: String, ColumnExpression { case id, name }`. `Never` when the record declares none.
    associatedtype Columns = Never
    /// What the query interface's column closures receive (`Player.filter { $0.name == "Arthur" }`): `Columns.Type`
    /// unless the record declares another type, so `$0.name` is `Columns.name`.
    associatedtype DatabaseComponents = Columns.Type
    /// The table's name.
    static var databaseTableName: String { get }
    /// What `SELECT` reads by default (`*`).
    static var databaseSelection: [any SQLSelectable] { get }
    /// The value the column closures receive: `Columns.self` by default (see ``DatabaseComponents``).
    static var databaseComponents: DatabaseComponents { get }
}

extension TableRecord {
    /// The default table name, GRDB's: the type's name with its leading capital(s) lowercased (`Player` is "player",
    /// `HTTPRequest` is "httpRequest"). Declare `static let databaseTableName = "..."` when the table is named
    /// otherwise.
    public static var databaseTableName: String { TableName.default(for: "\(Self.self)") }
    /// The default selection: every column (`SELECT *`). Override it to read only some columns or computed ones.
    public static var databaseSelection: [any SQLSelectable] { [AllColumns()] }

    /// Every row of the table, as a request to refine.
    public static func all() -> QueryInterfaceRequest<Self> { QueryInterfaceRequest(table: databaseTableName, selection: databaseSelection) }
    /// No row.
    public static func none() -> QueryInterfaceRequest<Self> { all().filter(SQLExpression(sql: "0")) }
    /// The rows that satisfy `predicate`.
    public static func filter(_ predicate: some SQLExpressible) -> QueryInterfaceRequest<Self> { all().filter(predicate) }
    /// The rows whose primary key is `key`.
    public static func filter(key: some DatabaseValueConvertible) -> QueryInterfaceRequest<Self> { all().filter(key: key) }
    /// The rows whose primary key is one of `keys`.
    public static func filter<K: DatabaseValueConvertible & SQLExpressible>(keys: some Sequence<K>) -> QueryInterfaceRequest<Self> {
        all().filter(keys: keys)
    }
    /// The rows that satisfy an SQL condition.
    public static func filter(sql: String, arguments: StatementArguments = []) -> QueryInterfaceRequest<Self> {
        all().filter(sql: sql, arguments: arguments)
    }
    /// The rows in this order.
    public static func order(_ orderings: any SQLOrderingTerm...) -> QueryInterfaceRequest<Self> { all().order(orderings) }
    /// The rows in SQL order.
    public static func order(sql: String) -> QueryInterfaceRequest<Self> { all().order(sql: sql) }
    /// At most `limit` rows, after skipping `offset`.
    public static func limit(_ limit: Int, offset: Int? = nil) -> QueryInterfaceRequest<Self> { all().limit(limit, offset: offset) }
    /// These columns or expressions instead of `*`.
    public static func select(_ selection: any SQLSelectable...) -> QueryInterfaceRequest<Self> { all().select(selection) }
    /// One expression, fetched as values of `type`.
    public static func select<V>(_ selection: any SQLSelectable, as type: V.Type) -> QueryInterfaceRequest<V> {
        all().select(selection, as: type)
    }
    /// Rows with their associated records (see ``QueryInterfaceRequest/including(required:)``).
    public static func including<A: Association>(required association: A) -> QueryInterfaceRequest<Self> where A.OriginRowDecoder == Self {
        all().including(required: association)
    }
    /// Rows with their associated record, `nil` when there is none (see
    /// ``QueryInterfaceRequest/including(optional:)``).
    public static func including<A: Association>(optional association: A) -> QueryInterfaceRequest<Self> where A.OriginRowDecoder == Self {
        all().including(optional: association)
    }
    /// Rows with every associated record of a to-many association, fetched by a second statement (see
    /// ``QueryInterfaceRequest/including(all:)``).
    public static func including<A: Association>(all association: A) -> QueryInterfaceRequest<Self> where A.OriginRowDecoder == Self {
        all().including(all: association)
    }
    /// The rows that have an associated record, without reading it (see ``QueryInterfaceRequest/joining(required:)``).
    public static func joining<A: Association>(required association: A) -> QueryInterfaceRequest<Self> where A.OriginRowDecoder == Self {
        all().joining(required: association)
    }

    /// How many rows the table has.
    public static func fetchCount(_ db: Database) throws -> Int { try all().fetchCount(db) }
    /// Deletes every row; returns how many.
    @discardableResult
    public static func deleteAll(_ db: Database) throws -> Int { try all().deleteAll(db) }
    /// Deletes the row with this primary key; returns whether there was one.
    @discardableResult
    public static func deleteOne(_ db: Database, key: some DatabaseValueConvertible) throws -> Bool {
        try all().filter(key: key).deleteAll(db) > 0
    }
    /// Whether a row has this primary key.
    public static func exists(_ db: Database, key: some DatabaseValueConvertible) throws -> Bool {
        try all().filter(key: key).fetchCount(db) > 0
    }
    /// Updates every row; returns how many changed.
    @discardableResult
    public static func updateAll(_ db: Database, _ assignments: ColumnAssignment...) throws -> Int {
        try all().updateAll(db, assignments)
    }
}

extension TableRecord where Self: Identifiable, ID: DatabaseValueConvertible {
    /// Deletes the row with this id; returns whether there was one.
    @discardableResult
    public static func deleteOne(_ db: Database, id: ID) throws -> Bool { try deleteOne(db, key: id) }
    /// Whether a row has this id.
    public static func exists(_ db: Database, id: ID) throws -> Bool { try exists(db, key: id) }
}

extension TableRecord where Self: FetchableRecord {
    /// Every record of the table.
    @inlinable
    public static func fetchAll(_ db: Database) throws -> [Self] { try all().fetchAll(db) }
    /// A record of the table, or `nil` when it is empty.
    public static func fetchOne(_ db: Database) throws -> Self? { try all().fetchOne(db) }
    /// A cursor over the records of the table.
    public static func fetchCursor(_ db: Database) throws -> RecordCursor<Self> { try all().fetchCursor(db) }
    /// The record with this primary key, or `nil`.
    public static func fetchOne(_ db: Database, key: some DatabaseValueConvertible) throws -> Self? {
        try all().filter(key: key).fetchOne(db)
    }
    /// The record with this primary key, or ``RecordError/recordNotFound(databaseTableName:key:)``.
    public static func find(_ db: Database, key: some DatabaseValueConvertible) throws -> Self {
        guard let record = try fetchOne(db, key: key) else {
            throw RecordError.recordNotFound(databaseTableName: databaseTableName, key: [:])
        }
        return record
    }
    /// The records with these primary keys.
    public static func fetchAll<K: DatabaseValueConvertible & SQLExpressible>(_ db: Database, keys: some Sequence<K>) throws -> [Self] {
        try all().filter(keys: keys).fetchAll(db)
    }
}

extension TableRecord where Self: FetchableRecord & Hashable {
    /// Every record of the table, as a set.
    public static func fetchSet(_ db: Database) throws -> Set<Self> { try all().fetchSet(db) }
}

extension TableRecord where Self: FetchableRecord & Identifiable, ID: DatabaseValueConvertible {
    /// The record with this id, or `nil`.
    public static func fetchOne(_ db: Database, id: ID) throws -> Self? { try fetchOne(db, key: id) }
    /// The record with this id, or ``RecordError/recordNotFound(databaseTableName:key:)``.
    public static func find(_ db: Database, id: ID) throws -> Self { try find(db, key: id) }
}

/// Errors of the record layer.
public enum RecordError: Error, Sendable, CustomStringConvertible {
    /// An update or a find matched no row.
    case recordNotFound(databaseTableName: String, key: [String: SQLiteValueBox])

    public var description: String {
        switch self {
        case .recordNotFound(let table, _): "no matching row in table \(table)"
        }
    }
}

/// A value of a key in a ``RecordError`` (kept out of its description: it can be user data).
public struct SQLiteValueBox: Sendable, Equatable {
    /// The key's value for one column of the key.
    public let value: DatabaseValue
}

/// GRDB's default table name for a type.
enum TableName {
    static func `default`(for typeName: String) -> String {
        // A nested or generic type keeps only its own name: "Player<T>" is "Player".
        let name = String(typeName.prefix { $0 != "<" && $0 != "(" && $0 != " " })
        let capitals = name.prefix { $0.isUppercase }
        switch capitals.count {
        case 0: return name
        case name.count: return name.lowercased()
        case 1: return capitals.lowercased() + name.dropFirst()
        default: return capitals.dropLast().lowercased() + name.dropFirst(capitals.count - 1)
        }
    }
}
