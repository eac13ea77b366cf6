extension TranscriptReader {
    /// A format 3 header's state lines after `large-values`: `row-detail N`, then any `ignored-table`,
    /// `ignored-column` and `redacted-column` lines, each list in sorted order.
    mutating func stateOptionsHeader() throws(TranscriptError) -> Transcript.StateOptions {
        let words = try next(expecting: "the row-detail line")
        guard words.count == 2, words[0] == "row-detail" else { throw malformed("expected 'row-detail N'") }
        let limit: Int = try integer(words[1], "the row-detail limit")
        guard limit >= 0 else { throw malformed("the row-detail limit is negative") }
        var lists: [String: [String]] = [:]
        for kind in ["ignored-table", "ignored-column", "redacted-column"] {
            while let line = peek(), line.hasPrefix(kind + " ") {
                let words = try next(expecting: "an \(kind) line")
                guard words.count == 2 else { throw malformed("expected '\(kind) \"NAME\"'") }
                let name = try string(words[1], "the name")
                if let last = lists[kind]?.last, !Array(last.utf8).lexicographicallyPrecedes(Array(name.utf8)) {
                    throw malformed("the \(kind) lines are not in sorted order")
                }
                lists[kind, default: []].append(name)
            }
        }
        let columnCase = { (names: [String]) in names.allSatisfy { $0 == $0.uppercased() } }
        guard columnCase(lists["ignored-column"] ?? []), columnCase(lists["redacted-column"] ?? []) else {
            throw malformed("ignored and redacted column names are written upper-cased")
        }
        return Transcript.StateOptions(
            rowDetailLimit: limit, ignoredTables: Set(lists["ignored-table"] ?? []),
            ignoredColumns: Set(lists["ignored-column"] ?? []), redactedColumns: Set(lists["redacted-column"] ?? [])
        )
    }

    /// The `schema-entry "KEY" "ENTRY"` and `schema-gone "KEY"` lines after a format 3 state's `schema` line.
    mutating func schemaChanges() throws(TranscriptError) -> [SchemaChange] {
        var changes: [SchemaChange] = []
        while let line = peek(), line.hasPrefix("schema-entry ") || line.hasPrefix("schema-gone ") {
            let words = try next(expecting: "a schema change")
            let change: SchemaChange
            if words[0] == "schema-entry", words.count == 3 {
                change = SchemaChange(key: try string(words[1], "the schema key"), entry: try string(words[2], "the schema entry"))
            } else if words[0] == "schema-gone", words.count == 2 {
                change = SchemaChange(key: try string(words[1], "the schema key"), entry: nil)
            } else {
                throw malformed("expected 'schema-entry \"TYPE NAME\" \"TABLE: SQL\"' or 'schema-gone \"TYPE NAME\"'")
            }
            if let last = changes.last, !Array(last.key.utf8).lexicographicallyPrecedes(Array(change.key.utf8)) {
                throw malformed("the schema changes are not in sorted order")
            }
            changes.append(change)
        }
        return changes
    }

    /// The row detail after a format 3 `table` line of `rows` rows: `rows-omitted N`, or a `rows` line and its
    /// `row` and `gone` lines; `nil` when there is none (the table is as in the source).
    mutating func tableDetail(rows: Int, limit: Int) throws(TranscriptError) -> TableDetail? {
        guard let line = peek() else { return nil }
        if line.hasPrefix("rows-omitted ") {
            let words = try next(expecting: "a rows-omitted line")
            guard words.count == 2 else { throw malformed("expected 'rows-omitted N'") }
            let count: Int = try integer(words[1], "the changed-row count")
            guard count > limit else { throw malformed("rows-omitted \(count) is within the row-detail limit \(limit)") }
            return .omitted(changedRows: count)
        }
        guard line.hasPrefix("rows ") else { return nil }
        let header = try next(expecting: "a rows line")
        let shape = try tableShape(header)
        let fromSource = header[1] == "delta"
        var changes: [RowChange] = []
        while let line = peek(), line.hasPrefix("row ") || line.hasPrefix("gone ") {
            let words = try next(expecting: "a row")
            let change = try rowChange(words, shape)
            if let last = changes.last, !(last.key < change.key) { throw malformed("the rows are not in key order") }
            if !fromSource, case .gone = change { throw malformed("a 'gone' line under 'rows all'") }
            changes.append(change)
        }
        guard changes.count <= limit else { throw malformed("\(changes.count) rows, more than the row-detail limit \(limit)") }
        guard fromSource || changes.count == rows else {
            throw malformed("'rows all' lists \(changes.count) rows; the table line counts \(rows)")
        }
        return .rows(TableChanges(fromSource: fromSource, shape: shape, changes: changes))
    }

    /// `rows delta|all "COLUMN"... [key "COLUMN"...]`.
    private func tableShape(_ words: [Substring]) throws(TranscriptError) -> TableShape {
        guard words.count >= 2, words[1] == "delta" || words[1] == "all" else {
            throw malformed("expected 'rows delta \"COLUMN\"...' or 'rows all \"COLUMN\"...'")
        }
        var columns: [String] = []
        var key: [String]?
        for word in words.dropFirst(2) {
            if word == "key", key == nil {
                key = []
            } else if key != nil {
                key?.append(try string(word, "a key column"))
            } else {
                columns.append(try string(word, "a column name"))
            }
        }
        if let key, key.isEmpty || !key.allSatisfy(columns.contains) {
            throw malformed("the key columns must be columns of the table")
        }
        return TableShape(columns: columns, keyColumns: key)
    }

    /// `row ROWID CELL...`, `row - CELL...` (a table without rowid), `gone ROWID`, `gone - KEYCELL...`.
    private func rowChange(_ words: [Substring], _ shape: TableShape) throws(TranscriptError) -> RowChange {
        guard words.count >= 2 else { throw malformed("expected 'row KEY CELL...' or 'gone KEY'") }
        let keyed = shape.keyColumns != nil
        let rowid: Int64? = keyed ? nil : try integer(words[1], "the rowid")
        if keyed && words[1] != "-" { throw malformed("a row of a table without rowid has '-' for its key") }
        let cells = try words.dropFirst(2).map { word throws(TranscriptError) in
            guard let cell = RecordedCell(word: word) else { throw malformed("not a cell: \(word.prefix(60))") }
            return cell
        }
        func keyWords(_ cells: [RecordedCell]) throws(TranscriptError) -> [String] {
            try cells.map { cell throws(TranscriptError) in
                guard case .value = cell else { throw malformed("a key value is written whole") }
                return cell.word
            }
        }
        if words[0] == "gone" {
            if let rowid {
                guard cells.isEmpty else { throw malformed("expected 'gone ROWID'") }
                return .gone(.rowid(rowid))
            }
            guard cells.count == shape.keyIndexes.count else { throw malformed("expected 'gone - KEYCELL...'") }
            return .gone(.primaryKey(try keyWords(cells)))
        }
        guard words[0] == "row", cells.count == shape.columns.count else {
            throw malformed("expected 'row KEY' and \(shape.columns.count) cells")
        }
        if let rowid { return .row(.rowid(rowid), cells) }
        return .row(.primaryKey(try keyWords(shape.keyIndexes.map { cells[$0] })), cells)
    }
}
