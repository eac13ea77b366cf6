import SQLiteEngine

/// A link between two record types through a foreign key, as GRDB's associations: declared once on the record
/// (`static let author = belongsTo(Author.self)`), then used in requests (`Book.including(required: Book.author)`).
///
/// The foreign key is read from the schema (`PRAGMA foreign_key_list`) unless one is given with `using:`.
public protocol Association: Sendable {
    /// The record the association starts from.
    associatedtype OriginRowDecoder
    /// The record it leads to.
    associatedtype RowDecoder

    /// The join this association adds to a request.
    func join(_ kind: AssociationJoin.Kind, selected: Bool) -> AssociationJoin
    /// The same association under another key (the name its records decode from).
    func forKey(_ key: String) -> Self
    /// The same association, limited to associated rows that satisfy `predicate`.
    func filter(_ predicate: some SQLExpressible) -> Self
}

/// The columns of a foreign key: in the table that holds it, and (optionally) in the table it references (its
/// primary key when `nil`), as GRDB's `ForeignKey`.
public struct ForeignKey: Sendable {
    let originColumns: [String]
    let destinationColumns: [String]?

    /// A foreign key from explicit columns, for tables whose schema declares none (or declares several to the same
    /// table), given to an association with `using:`.
    ///
    /// - Parameters:
    ///   - originColumns: The key's columns in the table that holds it, in order.
    ///   - destinationColumns: The columns they reference, in the same order; `nil` for the referenced table's primary
    ///     key (its `rowid` when it has none).
    public init(_ originColumns: [String], to destinationColumns: [String]? = nil) {
        self.originColumns = originColumns
        self.destinationColumns = destinationColumns
    }
}

/// The record of the origin holds a foreign key to one record of the destination (a book belongs to its author).
public struct BelongsToAssociation<Origin, Destination>: Association {
    /// The type the association starts from (`Origin`): the record that holds the foreign key.
    public typealias OriginRowDecoder = Origin
    /// The type the association leads to (`Destination`): the record the key refers to.
    public typealias RowDecoder = Destination
    var base: AssociationJoin

    /// The join this association adds to a request, of `kind`, with the destination's columns read or not.
    /// The query interface calls it; use `including(...)` and `joining(...)` instead.
    public func join(_ kind: AssociationJoin.Kind, selected: Bool) -> AssociationJoin { base.with(kind, selected) }
    /// The same association under another key: the name the associated row or rows decode from (the
    /// property of a `Decodable` record, ``Row/scope(_:)``), in place of the default key.
    public func forKey(_ key: String) -> Self { var copy = self; copy.base.key = key; return copy }
    /// The same association, limited to the associated rows that satisfy `predicate` (added to the join's `ON`
    /// clause, or to the `WHERE` clause of `including(all:)`'s second statement).
    public func filter(_ predicate: some SQLExpressible) -> Self { var copy = self; copy.base.filters.append(predicate.sqlExpression); return copy }
}

/// Records of the destination hold a foreign key to the origin (an author has many books).
public struct HasManyAssociation<Origin, Destination>: Association {
    /// The type the association starts from (`Origin`): the record the foreign keys refer to.
    public typealias OriginRowDecoder = Origin
    /// The type the association leads to (`Destination`): the records that hold the foreign key.
    public typealias RowDecoder = Destination
    var base: AssociationJoin

    /// The join this association adds to a request, of `kind`, with the destination's columns read or not.
    /// The query interface calls it; use `including(...)` and `joining(...)` instead.
    public func join(_ kind: AssociationJoin.Kind, selected: Bool) -> AssociationJoin { base.with(kind, selected) }
    /// The same association under another key: the name the associated row or rows decode from (the
    /// property of a `Decodable` record, ``Row/scope(_:)``), in place of the default key.
    public func forKey(_ key: String) -> Self { var copy = self; copy.base.key = key; return copy }
    /// The same association, limited to the associated rows that satisfy `predicate` (added to the join's `ON`
    /// clause, or to the `WHERE` clause of `including(all:)`'s second statement).
    public func filter(_ predicate: some SQLExpressible) -> Self { var copy = self; copy.base.filters.append(predicate.sqlExpression); return copy }
}

/// One record of the destination holds a foreign key to the origin (a country has one profile).
public struct HasOneAssociation<Origin, Destination>: Association {
    /// The type the association starts from (`Origin`): the record the foreign key refers to.
    public typealias OriginRowDecoder = Origin
    /// The type the association leads to (`Destination`): the record that holds the foreign key.
    public typealias RowDecoder = Destination
    var base: AssociationJoin

    /// The join this association adds to a request, of `kind`, with the destination's columns read or not.
    /// The query interface calls it; use `including(...)` and `joining(...)` instead.
    public func join(_ kind: AssociationJoin.Kind, selected: Bool) -> AssociationJoin { base.with(kind, selected) }
    /// The same association under another key: the name the associated row or rows decode from (the
    /// property of a `Decodable` record, ``Row/scope(_:)``), in place of the default key.
    public func forKey(_ key: String) -> Self { var copy = self; copy.base.key = key; return copy }
    /// The same association, limited to the associated rows that satisfy `predicate` (added to the join's `ON`
    /// clause, or to the `WHERE` clause of `including(all:)`'s second statement).
    public func filter(_ predicate: some SQLExpressible) -> Self { var copy = self; copy.base.filters.append(predicate.sqlExpression); return copy }
}

extension TableRecord {
    /// This record holds a foreign key to one `Destination` (key: the destination's table name).
    public static func belongsTo<Destination: TableRecord>(
        _ destination: Destination.Type, key: String? = nil, using foreignKey: ForeignKey? = nil
    ) -> BelongsToAssociation<Self, Destination> {
        let table = Destination.databaseTableName
        return BelongsToAssociation(base: AssociationJoin(
            key: key ?? table, table: table, originTable: databaseTableName, holdsKey: .origin, foreignKey: foreignKey))
    }

    /// Many `Destination` records hold a foreign key to this one (key: the destination's table name, plural).
    public static func hasMany<Destination: TableRecord>(
        _ destination: Destination.Type, key: String? = nil, using foreignKey: ForeignKey? = nil
    ) -> HasManyAssociation<Self, Destination> {
        let table = Destination.databaseTableName
        return HasManyAssociation(base: AssociationJoin(
            key: key ?? AssociationJoin.plural(table), table: table, originTable: databaseTableName,
            holdsKey: .destination, foreignKey: foreignKey))
    }

    /// One `Destination` record holds a foreign key to this one (key: the destination's table name).
    public static func hasOne<Destination: TableRecord>(
        _ destination: Destination.Type, key: String? = nil, using foreignKey: ForeignKey? = nil
    ) -> HasOneAssociation<Self, Destination> {
        let table = Destination.databaseTableName
        return HasOneAssociation(base: AssociationJoin(
            key: key ?? table, table: table, originTable: databaseTableName, holdsKey: .destination,
            foreignKey: foreignKey))
    }
}

/// One association inside a request: which table, under which key, joined how, through which columns.
public struct AssociationJoin: Sendable {
    /// How the associated rows join the request.
    public enum Kind: Sendable {
        /// `JOIN`: rows without an associated row are left out.
        case required
        /// `LEFT JOIN`: rows without one decode it as `nil`.
        case optional
        /// Every associated row, fetched by a second statement.
        case all
    }

    enum KeyHolder: Sendable {
        /// The origin's table holds the foreign key (belongsTo).
        case origin
        /// The destination's table holds it (hasMany, hasOne).
        case destination
    }

    var key: String
    let table: String
    let originTable: String
    let holdsKey: KeyHolder
    let foreignKey: ForeignKey?
    var kind: Kind = .required
    var isSelected = true
    var filters: [SQLExpression] = []

    init(key: String, table: String, originTable: String, holdsKey: KeyHolder, foreignKey: ForeignKey?) {
        self.key = key
        self.table = table
        self.originTable = originTable
        self.holdsKey = holdsKey
        self.foreignKey = foreignKey
    }

    /// The name the joined table goes by in the statement: the association's key.
    var alias: String { key }

    func with(_ kind: Kind, _ selected: Bool) -> AssociationJoin {
        var join = self
        join.kind = kind
        join.isSelected = selected
        return join
    }

    /// GRDB's key of a to-many association is its table name in the plural (English rules of thumb only).
    static func plural(_ name: String) -> String {
        if name.hasSuffix("s") || name.hasSuffix("x") || name.hasSuffix("ch") || name.hasSuffix("sh") { return name + "es" }
        if name.hasSuffix("y"), let before = name.dropLast().last, !"aeiou".contains(before) { return name.dropLast() + "ies" }
        return name + "s"
    }

    /// The key columns: in the table holding the foreign key, and the ones it references.
    func columns(_ db: Database) throws -> (child: [String], parent: [String]) {
        let child = holdsKey == .origin ? originTable : table
        let parent = holdsKey == .origin ? table : originTable
        if let foreignKey {
            let parentColumns = try foreignKey.destinationColumns ?? PrimaryKey.columns(db, table: parent)
            return (foreignKey.originColumns, parentColumns.isEmpty ? ["rowid"] : parentColumns)
        }
        let rows = try Row.fetchAll(db, sql: "PRAGMA foreign_key_list(\(SQLQuoting.identifier(child)))")
        let matching = try rows.filter { try ($0.decode(String.self, forColumn: "table")).lowercased() == parent.lowercased() }
        guard let firstID: Int = try matching.first?.decode(forColumn: "id") else {
            throw DatabaseError(
                kind: .sqlite, extendedResultCode: .SQLITE_ERROR,
                message: "could not infer a foreign key from \(child) to \(parent): declare one in the schema or "
                    + "give the association `using: ForeignKey([...])`")
        }
        let key = try matching.filter { try $0.decode(Int.self, forColumn: "id") == firstID }
        let from: [String] = try key.map { try $0.decode(forColumn: "from") }
        let to: [String?] = try key.map { try $0.decode(forColumn: "to") }
        let parentColumns = to.contains(nil) ? try PrimaryKey.columns(db, table: parent) : to.compactMap { $0 }
        return (from, parentColumns.isEmpty ? ["rowid"] : parentColumns)
    }

    /// `alias.column = origin.column AND ...` for a join from `originTable`.
    func condition(_ db: Database, originTable: String) throws -> String {
        let (child, parent) = try columns(db)
        let (mine, theirs) = holdsKey == .origin ? (parent, child) : (child, parent)
        return zip(mine, theirs).map { mine, theirs in
            SQLQuoting.identifier(alias) + "." + SQLQuoting.identifier(mine) + " = " + SQLQuoting.identifier(originTable)
                + "." + SQLQuoting.identifier(theirs)
        }.joined(separator: " AND ")
    }
}

/// Fetches a request's rows with their associated rows attached as scopes (to-one) and prefetched lists (to-many).
enum AssociationFetcher {
    static func rows<R>(of request: QueryInterfaceRequest<R>, _ db: Database) throws -> [Row] {
        let (sql, arguments) = try request.selectStatement(db)
        let cursor = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(arguments))
        let selectedJoins = request.joins.filter(\.isSelected)
        var rows: [Row] = []
        if selectedJoins.isEmpty {
            while let row = try cursor.next() { rows.append(row.copy()) }
        } else {
            // How many columns each part of the row has: the base selection, then each selected join's table.
            let baseSQL = "SELECT " + request.selection.map { SQLQuoting.resolve($0.sql, table: nil) }.joined(separator: ", ")
                + " FROM " + SQLQuoting.identifier(request.table)
            let baseCount = try db.makeStatement(sql: baseSQL).columnCount
            var counts: [Int] = []
            for join in selectedJoins {
                counts.append(Int(try db.makeStatement(sql: "SELECT * FROM \(SQLQuoting.identifier(join.table))").columnCount))
            }
            while let row = try cursor.next() {
                let names = row.columnNames
                let values = row.databaseValues
                var start = Int(baseCount)
                let base = Row(columns: Array(names[0..<start]), values: Array(values[0..<start]))
                for (join, count) in zip(selectedJoins, counts) {
                    let end = Swift.min(start + count, values.count)
                    let slice = Array(values[start..<end])
                    let scope = join.kind == .optional && slice.allSatisfy({ $0 == .null })
                        ? nil : Row(columns: Array(names[start..<end]), values: slice)
                    base.setScope(join.key, scope)
                    start = end
                }
                rows.append(base)
            }
        }
        for prefetch in request.prefetches {
            try attach(prefetch, to: rows, db)
        }
        return rows
    }

    /// Fetches every associated row of a to-many association and gives each base row its list.
    private static func attach(_ join: AssociationJoin, to rows: [Row], _ db: Database) throws {
        let (child, parent) = try join.columns(db)
        guard child.count == 1, parent.count == 1 else {
            throw DatabaseError(
                kind: .sqlite, extendedResultCode: .SQLITE_ERROR,
                message: "including(all:) supports single-column foreign keys only (\(join.table))")
        }
        var keys: [SQLiteValue] = []
        for row in rows {
            let value: SQLiteValue = try row.decode(forColumn: parent[0])
            if value != .null { keys.append(value) }
        }
        var groups: [SQLiteValue: [Row]] = [:]
        if !keys.isEmpty {
            let marks = Array(repeating: "?", count: keys.count).joined(separator: ", ")
            var sql = "SELECT * FROM \(SQLQuoting.identifier(join.table)) WHERE \(SQLQuoting.identifier(child[0])) IN (\(marks))"
            var arguments = keys
            for filter in join.filters {
                sql += " AND " + SQLQuoting.resolve(filter.sql, table: nil)
                arguments += filter.arguments
            }
            for row in try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)) {
                let key: SQLiteValue = try row.decode(forColumn: child[0])
                groups[key, default: []].append(row)
            }
        }
        for row in rows {
            let value: SQLiteValue = try row.decode(forColumn: parent[0])
            row.setPrefetched(join.key, groups[value] ?? [])
        }
    }
}

