import Differential
import SQLiteEngine

extension StateDetail {
    /// What a transcript keeps of `state` (the copy `connection` has open, hashed by `options`) beside its hashes:
    /// the schema entries and the rows of every table that differ from `source`.
    static func recording(
        _ state: DatabaseStateDigest, _ connection: EngineConnection, source: SourceSnapshot,
        options: Transcript.StateOptions, largeValueLimit: Int
    ) throws -> StateDetail {
        var detail = StateDetail()
        if state.schemaSHA256 != source.digest.schemaSHA256 {
            let entries = try connection.schemaEntries(ignoring: options.ignoredTables)
            let keys = Set(entries.keys).union(source.schema.keys).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            for key in keys where entries[key] != source.schema[key] {
                detail.schema.append(SchemaChange(key: key, entry: entries[key]))
            }
        }
        for table in state.tables where table.sha256 != source.table(table.name)?.sha256 {
            detail.tables[table.name] = try TableDetail.recording(
                table.name, connection, source: source, options: options, largeValueLimit: largeValueLimit
            )
        }
        return detail
    }
}

extension TableDetail {
    /// The rows of `table` in the state `connection` has open that differ from the source's (every row when the
    /// source has no such table or other columns), or `omitted` when there are more than the limit.
    static func recording(
        _ table: String, _ connection: EngineConnection, source: SourceSnapshot, options: Transcript.StateOptions,
        largeValueLimit: Int
    ) throws -> TableDetail {
        let shape = try TableShape.read(table, connection, ignoredColumns: options.ignoredColumns)
        if options.rowDetailLimit > 0 { try shape.checkRedactions(options.redactedColumns, table: table, connection) }
        let sourceShape = try source.table(table).map { _ in
            try TableShape.read(table, source.connection, ignoredColumns: options.ignoredColumns)
        }
        let fromSource = sourceShape == shape
        var base = fromSource ? try KeyedRowReader(table, shape, source.connection) : nil
        var rows = try KeyedRowReader(table, shape, connection)
        let keyIndexes = Set(shape.keyIndexes)
        let redacted = shape.columns.map { options.redactedColumns.contains($0.uppercased()) }
        var changes: [RowChange] = []
        var count = 0
        func note(_ change: @autoclosure () throws -> RowChange) throws {
            count += 1
            if count <= options.rowDetailLimit { changes.append(try change()) }
        }
        func recorded(_ row: KeyedRow) throws -> RowChange {
            // A key value is kept whole (it names the row); a redacted column's value is never kept.
            let cells = try row.cells.enumerated().map { index, value throws(TranscriptError) in
                keyIndexes.contains(index)
                    ? RecordedCell.value(value)
                    : try RecordedCell.recording(value, limit: largeValueLimit, redacted: redacted[index])
            }
            return .row(row.key, cells)
        }
        var left = try base?.next()
        var right = try rows.next()
        while true {
            switch (left, right) {
            case (nil, nil):
                return count > options.rowDetailLimit
                    ? .omitted(changedRows: count) : .rows(TableChanges(fromSource: fromSource, shape: shape, changes: changes))
            case (let gone?, nil):
                try note(.gone(gone.key))
                left = try base?.next()
            case (nil, let added?):
                try note(try recorded(added))
                right = try rows.next()
            case (let old?, let new?):
                if old.key < new.key {
                    try note(.gone(old.key))
                    left = try base?.next()
                } else if new.key < old.key {
                    try note(try recorded(new))
                    right = try rows.next()
                } else {
                    if !zip(old.cells, new.cells).allSatisfy({ $0.isIdentical(to: $1) }) { try note(try recorded(new)) }
                    left = try base?.next()
                    right = try rows.next()
                }
            }
        }
    }
}
