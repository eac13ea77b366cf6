import SQLiteEngine

/// What an insert did: the new row's rowid, and the name of the column that holds it (`nil` for a table without
/// an INTEGER PRIMARY KEY).
public struct InsertionSuccess: Sendable {
    /// The rowid of the inserted row (for an upsert, of the row inserted or updated).
    public var rowID: Int64
    /// The name of the column that is an alias of the rowid (the table's INTEGER PRIMARY KEY), or `nil` when the table
    /// has none; `didInsert` typically sets the record's id from ``rowID`` when this is its id column.
    public var rowIDColumn: String?
    /// The columns and values the record encoded, as they were inserted.
    public var persistenceContainer: PersistenceContainer
}

/// What an update or save did.
public struct PersistenceSuccess: Sendable {
    /// The columns and values the record encoded, as they were written.
    public var persistenceContainer: PersistenceContainer
}

/// A record that is inserted, updated, saved, upserted and deleted in its table, and may change on insertion
/// (`didInsert` typically takes the new rowid as its id), as GRDB's `MutablePersistableRecord`.
public protocol MutablePersistableRecord: EncodableRecord, TableRecord {
    /// Called before the insert statement runs.
    mutating func willInsert(_ db: Database) throws
    /// Called after a successful insert, with the new rowid.
    mutating func didInsert(_ inserted: InsertionSuccess)
}

/// A record that does not change on insertion, as GRDB's `PersistableRecord`: `insert` and `save` are not mutating.
public protocol PersistableRecord: MutablePersistableRecord {
    /// Called before the insert statement runs (by `insert`, `save` when it inserts, and `upsert`), with the `db` of
    /// the access: the place to check or prepare something. An error it throws stops the insert. The non-mutating form
    /// of ``MutablePersistableRecord/willInsert(_:)``; the default does nothing.
    func willInsert(_ db: Database) throws
    /// Called after a successful insert or upsert, with the new rowid. A non-mutating record cannot store it in
    /// itself (adopt only ``MutablePersistableRecord`` for that); the default does nothing.
    func didInsert(_ inserted: InsertionSuccess)
}

extension MutablePersistableRecord {
    /// The default: does nothing. Implement it to check or fill in the record before it is inserted. As in GRDB's
    /// `willInsert`; this driver has no other persistence callbacks (`willSave`, `aroundInsert`, `didUpdate`...).
    public mutating func willInsert(_ db: Database) throws {}
    /// The default: does nothing. Implement it to take the new rowid as the record's id (`id = inserted.rowID`).
    public mutating func didInsert(_ inserted: InsertionSuccess) {}

    /// Inserts the record; `didInsert` gets the new rowid.
    ///
    /// - Throws: ``DatabaseError`` for a constraint the row breaks (unless `onConflict` says otherwise).
    public mutating func insert(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil) throws {
        try performInsert(db, onConflict: conflictResolution)
    }

    /// The insert itself (``PersistableRecord``'s non-mutating `insert` runs it on a copy).
    mutating func performInsert(_ db: Database, onConflict conflictResolution: Database.ConflictResolution?) throws {
        try willInsert(db)
        var container = PersistenceContainer()
        try encode(to: &container)
        let table = Self.databaseTableName
        try db.insertStatement(table: table, container: container, conflict: conflictResolution)
            .execute(values: container.storage)
        let rowIDColumn = try RowIDColumn.name(db, table: table)
        didInsert(InsertionSuccess(rowID: db.lastInsertedRowID, rowIDColumn: rowIDColumn, persistenceContainer: container))
    }

    /// Inserts a copy of the record and returns it after `didInsert`.
    public func inserted(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil) throws -> Self {
        var copy = self
        try copy.performInsert(db, onConflict: conflictResolution)
        return copy
    }

    /// Updates every column of the record's row, found by primary key.
    ///
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)`` when no row has the record's key.
    public func update(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil) throws {
        try update(db, columns: nil, onConflict: conflictResolution)
    }

    /// Updates these columns of the record's row, found by primary key.
    public func update(_ db: Database, columns: some Collection<String>) throws {
        try update(db, columns: Set(columns.map { $0.lowercased() }), onConflict: nil)
    }

    /// Updates these columns of the record's row, found by primary key.
    public func update(_ db: Database, columns: some Collection<some ColumnExpression>) throws {
        try update(db, columns: Set(columns.map { $0.name.lowercased() }), onConflict: nil)
    }

    private func update(_ db: Database, columns: Set<String>?, onConflict: Database.ConflictResolution?) throws {
        guard try performUpdate(db, columns: columns, onConflict: onConflict) else {
            throw RecordError.recordNotFound(databaseTableName: Self.databaseTableName, key: [:])
        }
    }

    /// Runs the UPDATE; returns whether a row matched.
    private func performUpdate(_ db: Database, columns: Set<String>?, onConflict: Database.ConflictResolution?) throws -> Bool {
        var container = PersistenceContainer()
        try encode(to: &container)
        let (keyColumns, keyValues) = try Self.primaryKey(of: container, db)
        let keySet = Set(keyColumns.map { $0.lowercased() })
        let updated = container.storage.filter { column, _ in
            !keySet.contains(column.lowercased()) && (columns?.contains(column.lowercased()) ?? true)
        }
        let verb = onConflict.map { "UPDATE OR \($0.rawValue)" } ?? "UPDATE"
        let table = SQLQuoting.identifier(Self.databaseTableName)
        let condition = keyColumns.map { "\(SQLQuoting.identifier($0)) = ?" }.joined(separator: " AND ")
        guard !updated.isEmpty else {
            // Nothing to set: the update "succeeds" when the row exists.
            return try Int.fetchOne(
                db, sql: "SELECT count(*) FROM \(table) WHERE \(condition)", arguments: StatementArguments(keyValues)) ?? 0 > 0
        }
        let sets = updated.map { "\(SQLQuoting.identifier($0.0)) = ?" }.joined(separator: ", ")
        try db.execute(
            sql: "\(verb) \(table) SET \(sets) WHERE \(condition)",
            arguments: StatementArguments(updated.map(\.1) + keyValues))
        return db.changesCount > 0
    }

    /// Updates the record's row when it exists, inserts it otherwise (a record whose key is NULL is inserted).
    public mutating func save(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil) throws {
        try performSave(db, onConflict: conflictResolution)
    }

    mutating func performSave(_ db: Database, onConflict conflictResolution: Database.ConflictResolution?) throws {
        var container = PersistenceContainer()
        try encode(to: &container)
        if let (_, keyValues) = try? Self.primaryKey(of: container, db), !keyValues.contains(.null),
            try performUpdate(db, columns: nil, onConflict: conflictResolution)
        {
            return
        }
        try performInsert(db, onConflict: conflictResolution)
    }

    /// Inserts the record, or updates the row it conflicts with (`INSERT ... ON CONFLICT DO UPDATE`); `didInsert`
    /// gets the rowid of the row inserted or updated.
    public mutating func upsert(_ db: Database) throws {
        try performUpsert(db)
    }

    mutating func performUpsert(_ db: Database) throws {
        try willInsert(db)
        var container = PersistenceContainer()
        try encode(to: &container)
        let table = Self.databaseTableName
        let columns = container.columns.map(SQLQuoting.identifier)
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        let keyColumns = Set(try PrimaryKey.columns(db, table: table).map { $0.lowercased() })
        let sets = container.columns.filter { !keyColumns.contains($0.lowercased()) }
            .map { "\(SQLQuoting.identifier($0)) = excluded.\(SQLQuoting.identifier($0))" }
        let action = sets.isEmpty ? "NOTHING" : "UPDATE SET " + sets.joined(separator: ", ")
        let rowID = try Int64.fetchOne(
            db,
            sql: "INSERT INTO \(SQLQuoting.identifier(table)) (\(columns.joined(separator: ", "))) VALUES (\(marks)) "
                + "ON CONFLICT DO \(action) RETURNING rowid",
            arguments: StatementArguments(container.values))
        let rowIDColumn = try RowIDColumn.name(db, table: table)
        didInsert(InsertionSuccess(rowID: rowID ?? db.lastInsertedRowID, rowIDColumn: rowIDColumn, persistenceContainer: container))
    }

    /// Deletes the record's row; returns whether there was one.
    @discardableResult
    public func delete(_ db: Database) throws -> Bool {
        var container = PersistenceContainer()
        try encode(to: &container)
        let (keyColumns, keyValues) = try Self.primaryKey(of: container, db)
        let condition = keyColumns.map { "\(SQLQuoting.identifier($0)) = ?" }.joined(separator: " AND ")
        try db.execute(
            sql: "DELETE FROM \(SQLQuoting.identifier(Self.databaseTableName)) WHERE \(condition)",
            arguments: StatementArguments(keyValues))
        return db.changesCount > 0
    }

    /// Whether the record's row exists.
    public func exists(_ db: Database) throws -> Bool {
        var container = PersistenceContainer()
        try encode(to: &container)
        let (keyColumns, keyValues) = try Self.primaryKey(of: container, db)
        let condition = keyColumns.map { "\(SQLQuoting.identifier($0)) = ?" }.joined(separator: " AND ")
        return try Int.fetchOne(
            db, sql: "SELECT count(*) FROM \(SQLQuoting.identifier(Self.databaseTableName)) WHERE \(condition)",
            arguments: StatementArguments(keyValues)) ?? 0 > 0
    }

    /// The primary key columns of the table and the record's values for them.
    static func primaryKey(of container: PersistenceContainer, _ db: Database) throws -> ([String], [SQLiteValue]) {
        var columns = try PrimaryKey.columns(db, table: databaseTableName)
        if columns.isEmpty { columns = ["rowid"] }
        var values: [SQLiteValue] = []
        for column in columns {
            guard let value = container.value(column) else {
                throw DatabaseError(
                    kind: .invalidArguments, extendedResultCode: .SQLITE_MISUSE,
                    message: "the record of \(databaseTableName) does not encode its primary key column \(column)")
            }
            values.append(value)
        }
        return (columns, values)
    }
}

extension PersistableRecord {
    /// The default: does nothing. Implement it to check the record before it is inserted.
    public func willInsert(_ db: Database) throws {}
    /// The default: does nothing.
    public func didInsert(_ inserted: InsertionSuccess) {}

    /// Inserts the record; `didInsert` gets the new rowid.
    public func insert(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil) throws {
        var copy = self
        try copy.performInsert(db, onConflict: conflictResolution)
    }

    /// Updates the record's row when it exists, inserts it otherwise.
    public func save(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil) throws {
        var copy = self
        try copy.performSave(db, onConflict: conflictResolution)
    }

    /// Inserts the record, or updates the row it conflicts with.
    public func upsert(_ db: Database) throws {
        var copy = self
        try copy.performUpsert(db)
    }
}

/// The column that is an alias of the rowid (an INTEGER PRIMARY KEY), if the table has one.
enum RowIDColumn {
    static func name(_ db: Database, table: String) throws -> String? {
        try db.tableSchema(table).rowIDColumn
    }
}

extension Database {
    /// The compiled INSERT for a record's table, columns and conflict clause. The last one is kept beside the
    /// statement cache, so a loop inserting records of one shape finds it by comparing the column names (no text to
    /// build or hash).
    func insertStatement(
        table: String, container: PersistenceContainer, conflict: Database.ConflictResolution?
    ) throws -> Statement {
        if let last = core.lastInsert, last.conflict == conflict, last.table == table,
           container.hasColumns(last.columns)
        {
            last.statement.checkOut(by: self)
            return last.statement
        }
        let columns = container.columns
        let statement = try cachedStatement(sql: insertSQL(table: table, columns: columns, conflict: conflict))
        core.lastInsert = LastInsert(table: table, columns: columns, conflict: conflict, statement: statement)
        return statement
    }

    /// The INSERT statement for these columns, built once per connection and shape.
    func insertSQL(table: String, columns: [String], conflict: Database.ConflictResolution?) -> String {
        let key = InsertShape(table: table, columns: columns, conflict: conflict)
        if let sql = core.insertSQLCache[key] { return sql }
        let verb = conflict.map { "INSERT OR \($0.rawValue)" } ?? "INSERT"
        let sql: String
        if columns.isEmpty {
            sql = "\(verb) INTO \(SQLQuoting.identifier(table)) DEFAULT VALUES"
        } else {
            let list = columns.map(SQLQuoting.identifier).joined(separator: ", ")
            let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
            sql = "\(verb) INTO \(SQLQuoting.identifier(table)) (\(list)) VALUES (\(marks))"
        }
        if core.insertSQLCache.count > 256 { core.insertSQLCache.removeAll() }
        core.insertSQLCache[key] = sql
        return sql
    }
}
