import MMEXModel
import MMEXSessionSupport
import ReaderWriterDriver
import SQLiteEngine

/// Slice 6 on the reader/writer driver: merges another MMEX file into the open one with SQL on the unit's `db`.
///
/// The source (see ``ImportSourceFile``) is attached read-only as `dp_import_N` inside the unit's transaction and
/// the tables of ``ImportCatalogue`` are merged in a savepoint, rolled back for a dry run. SQLite cannot detach a
/// schema the running transaction has read, so the attachment stays until the next import on this connection
/// detaches it (or the session closes); the private copies are removed as soon as it is attached.
struct ReaderWriterImportRepository: ImportRepository {
    let unit: ReaderWriterUnit

    func merge(from source: ImportSource, dryRun: Bool) throws -> [ImportTableSummary] {
        try unit.run { db in
            try detachEarlierSources(db)
            let file = try ImportSourceFile.prepare(source)
            defer { file.discard() }
            try db.execute(sql: "ATTACH DATABASE ? AS \(quoted(file.schema))", arguments: [file.uri])
            file.discard()
            var summaries: [ImportTableSummary] = []
            try db.inSavepoint {
                summaries = try ImportCatalogue.tables.compactMap { try merge($0, from: file.schema, db) }
                return dryRun ? .rollback : .commit
            }
            return summaries
        }
    }

    /// Detaches the sources of earlier imports on this connection (their transactions have ended); one still read by
    /// the running transaction stays.
    private func detachEarlierSources(_ db: Database) throws {
        let names = try Row.fetchAll(db, sql: "PRAGMA database_list").compactMap { row -> String? in
            let name: String? = try row[1]
            return name.flatMap { $0.hasPrefix(ImportCatalogue.schemaPrefix) ? $0 : nil }
        }
        for name in names { try? db.execute(sql: "DETACH DATABASE \(quoted(name))") }
    }

    private func columns(_ table: String, schema: String, _ db: Database) throws -> [String] {
        try Row.fetchAll(db, sql: "PRAGMA \(quoted(schema)).table_info(\(quoted(table)))").compactMap { row in try row[1] }
    }

    private func exists(_ db: Database, sql: String, _ arguments: [SQLiteValue]) throws -> Bool {
        try Row.fetchOne(db, sql: sql, arguments: StatementArguments(arguments)) != nil
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
            if try exists(db, sql: "SELECT 1 FROM \(target) WHERE \(quoted(table.idColumn)) = ?", [id]) {
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
            summary.inserted += 1
        }
        return summary
    }

    private func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
