import MMEXModel
import MMEXSessionSupport
import ReaderWriterDriver
import SQLiteEngine

/// Slice 6 on the reader/writer driver: merges another MMEX file into the open one with SQL on the unit's `db`.
///
/// The source (see ``ImportSourceFile``) is attached read-only as `dp_import_N` inside the unit's transaction and
/// the tables of ``ImportCatalogue`` are merged in a savepoint, rolled back for a dry run. SQLite cannot detach a
/// schema the running transaction has read, so the session detaches it once the unit of work ended; the private
/// copies are removed as soon as it is attached.
struct ReaderWriterImportRepository: ImportRepository {
    let unit: ReaderWriterUnit

    func merge(from source: ImportSource, dryRun: Bool) throws -> [ImportTableSummary] {
        try unit.run { db in
            let file = try ImportSourceFile.prepare(source)
            defer { file.discard() }
            try db.execute(sql: "ATTACH DATABASE ? AS \(quoted(file.schema))", arguments: [file.uri])
            unit.scope.noteAttached(file.schema)
            file.discard()
            var summaries: [ImportTableSummary] = []
            try db.inSavepoint {
                summaries = try ImportCatalogue.tables.compactMap { try merge($0, from: file.schema, db) }
                return dryRun ? .rollback : .commit
            }
            return summaries
        }
    }

    private func columns(_ table: String, schema: String, _ db: Database) throws -> [String] {
        try Row.fetchAll(db, sql: "PRAGMA \(quoted(schema)).table_info(\(quoted(table)))").compactMap { row in try row.decode(atIndex: 1) }
    }

    private func exists(_ db: Database, sql: String, _ arguments: [SQLiteValue]) throws -> Bool {
        try Row.fetchOne(db.cachedStatement(sql: sql), arguments: StatementArguments(arguments)) != nil
    }

    /// Merges one table; `nil` when either file lacks it (or the source lacks its id column).
    private func merge(_ table: ImportCatalogue.Table, from schema: String, _ db: Database) throws -> ImportTableSummary? {
        let copied = ImportCatalogue.copiedColumns(
            target: try columns(table.name, schema: "main", db), source: try columns(table.name, schema: schema, db)
        )
        guard let idIndex = copied.firstIndex(where: { $0.caseInsensitiveCompare(table.idColumn) == .orderedSame }) else {
            return nil
        }
        let target = "main.\(quoted(table.name))"
        var existing = Set(try Int64.fetchAll(db, sql: "SELECT \(quoted(table.idColumn)) FROM \(target)"))
        let list = copied.map(quoted).joined(separator: ", ")
        let rows = try Row.fetchAll(
            db, sql: "SELECT \(list) FROM \(quoted(schema)).\(quoted(table.name)) ORDER BY \(quoted(table.idColumn))"
        )
        let insert = try db.cachedStatement(
            sql: "INSERT INTO \(target) (\(list)) VALUES (\(copied.map { _ in "?" }.joined(separator: ", ")))"
        )
        let nameIndex = table.renamed.flatMap { renamed in copied.firstIndex(of: renamed.column) }
        let scopeIndex = table.renamed?.scope.flatMap { copied.firstIndex(of: $0) }
        let conflictKeys = table.conflictKeys.compactMap { key in
            key.allSatisfy(copied.contains) ? key.compactMap { copied.firstIndex(of: $0) } : nil
        }
        var summary = ImportTableSummary(table: table.name, inserted: 0, skipped: 0, renamed: 0)
        for row in rows {
            var values = row.databaseValues
            let id = values[idIndex]
            if case .integer(let number) = id, existing.contains(number) {
                summary.skipped += 1
                continue
            }
            let clashes = try conflictKeys.contains { indices in
                let condition = indices.map { "\(quoted(copied[$0])) = ?" }.joined(separator: " AND ")
                return try exists(db, sql: "SELECT 1 FROM \(target) WHERE \(condition) LIMIT 1", indices.map { values[$0] })
            }
            if clashes {
                summary.skipped += 1
                summary.conflicts += 1
                continue
            }
            if let nameIndex, let renamed = table.renamed, case .text(let name) = values[nameIndex] {
                let scope = scopeIndex.map { values[$0] }
                func taken(_ candidate: String) throws -> Bool {
                    var sql = "SELECT 1 FROM \(target) WHERE \(quoted(renamed.column)) = ? COLLATE NOCASE"
                    var arguments: [SQLiteValue] = [.text(candidate)]
                    if let scope, let column = renamed.scope {
                        sql += " AND \(quoted(column)) IS ?"
                        arguments.append(scope)
                    }
                    return try exists(db, sql: sql + " LIMIT 1", arguments)
                }
                if try taken(name) {
                    let newName = try ImportCatalogue.freeName(for: name, table: table.name, isTaken: taken)
                    values[nameIndex] = .text(newName)
                    summary.renamed += 1
                    summary.renames.append(ImportRename(id: ImportCatalogue.rowId(id), from: name, to: newName))
                }
            }
            try insert.execute(arguments: StatementArguments(values))
            if case .integer(let number) = id { existing.insert(number) }
            summary.inserted += 1
        }
        return summary
    }

    private func quoted(_ identifier: String) -> String { quoteIdentifier(identifier) }
}

/// Vends the repository in reader/writer write units of work (`context.importer`).
extension ImportRepositoryKey: ReaderWriterRepositoryKey {
    package static func writing(in unit: ReaderWriterUnit) -> any ImportRepository {
        ReaderWriterImportRepository(unit: unit)
    }
}
