import LegacyDriver
import MMEXModel
import MMEXSessionSupport
import SQLiteEngine

/// Slice 6 on the legacy driver: the import the way the MMEX app writes it, with the connection's `attach` and the
/// query builder over `Table(name, database:)`.
///
/// Same contract as the reader/writer importer: the source (``ImportSourceFile``) attached read-only as
/// `dp_import_N` inside the unit's transaction, the tables of ``ImportCatalogue`` merged in a savepoint that a dry
/// run rolls back, the attachment detached by the session once the unit's transaction ended (SQLite cannot detach a
/// schema the running transaction has read). Columns are only known at run time, so rows are read and written as raw
/// values through expressions whose bindings carry each value's own storage class.
struct LegacyImportRepository: ImportRepository {
    let unit: LegacyUnit

    private struct DryRun: Error {}

    func merge(from source: ImportSource, dryRun: Bool) throws -> [ImportTableSummary] {
        try unit.run {
            let file = try ImportSourceFile.prepare(source)
            defer { file.discard() }
            try unit.db.attach(.uri(file.uri), as: file.schema)
            unit.scope.noteAttached(file.schema)
            file.discard()
            var summaries: [ImportTableSummary] = []
            do {
                try unit.db.savepoint {
                    summaries = try ImportCatalogue.tables.compactMap { try merge($0, from: file.schema) }
                    if dryRun { throw DryRun() }
                }
            } catch is DryRun {}
            return summaries
        }
    }

    private func columns(_ table: String, schema: String) throws -> [String] {
        try unit.db.prepare("PRAGMA \(quoteIdentifier(schema)).table_info(\(quoteIdentifier(table)))").allValues()
            .compactMap { row in row.count > 1 ? { if case .text(let name) = row[1] { name } else { nil } }() : nil }
    }

    private func value(_ value: SQLiteValue) -> SQLExpression<String?> { SQLExpression<String?>("?", [value]) }

    private func merge(_ spec: ImportCatalogue.Table, from schema: String) throws -> ImportTableSummary? {
        let copied = ImportCatalogue.copiedColumns(
            target: try columns(spec.name, schema: "main"), source: try columns(spec.name, schema: schema)
        )
        guard let idIndex = copied.firstIndex(where: { $0.caseInsensitiveCompare(spec.idColumn) == .orderedSame }) else {
            return nil
        }
        let target = Table(spec.name, database: "main")
        let source = Table(spec.name, database: schema)
        let columnExpressions = copied.map { SQLExpression<String?>($0) }
        let idColumn = SQLExpression<String?>(spec.idColumn)
        let nameIndex = spec.renamed.flatMap { renamed in copied.firstIndex(of: renamed.column) }
        let scopeIndex = spec.renamed?.scope.flatMap { copied.firstIndex(of: $0) }
        let conflictKeys = spec.conflictKeys.compactMap { key in
            key.allSatisfy(copied.contains) ? key.compactMap { copied.firstIndex(of: $0) } : nil
        }
        var summary = ImportTableSummary(table: spec.name, inserted: 0, skipped: 0, renamed: 0)
        let idInteger = SQLExpression<Int64>(spec.idColumn)
        var existing = Set(try unit.db.prepare(target.select(idInteger)).map { try $0.get(idInteger) })
        let rows = try unit.db.prepare(source.select(columnExpressions).order(idColumn)).map(\.values)
        for row in rows {
            var values = row
            let id = values[idIndex]
            if case .integer(let number) = id, existing.contains(number) {
                summary.skipped += 1
                continue
            }
            let clashes = try conflictKeys.contains { indices in
                var query = target.select(idColumn)
                for index in indices {
                    query = query.filter(SQLExpression<Bool>(columnExpressions[index] == value(values[index])))
                }
                return try unit.db.pluck(query.limit(1)) != nil
            }
            if clashes {
                summary.skipped += 1
                summary.conflicts += 1
                continue
            }
            if let nameIndex, let renamed = spec.renamed, case .text(let name) = values[nameIndex] {
                let scope = scopeIndex.map { values[$0] }
                let nameColumn = SQLExpression<String>(renamed.column)
                func taken(_ candidate: String) throws -> Bool {
                    var query = target.select(idColumn).filter(nameColumn.collate(.nocase) == candidate)
                    if let scope, let column = renamed.scope {
                        query = query.filter(SQLExpression<Bool>("\(quoteIdentifier(column)) IS ?", [scope]))
                    }
                    return try unit.db.pluck(query.limit(1)) != nil
                }
                if try taken(name) {
                    let newName = try ImportCatalogue.freeName(for: name, table: spec.name, isTaken: taken)
                    values[nameIndex] = .text(newName)
                    summary.renamed += 1
                    summary.renames.append(ImportRename(id: ImportCatalogue.rowId(id), from: name, to: newName))
                }
            }
            let setters = zip(columnExpressions, values).map { column, stored in column <- value(stored) }
            try unit.db.run(target.insert(setters))
            if case .integer(let number) = id { existing.insert(number) }
            summary.inserted += 1
        }
        return summary
    }
}

/// Vends the repository in legacy write units of work (`context.importer`).
extension ImportRepositoryKey: LegacyRepositoryKey {
    package static func writing(in unit: LegacyUnit) -> any ImportRepository { LegacyImportRepository(unit: unit) }
}
