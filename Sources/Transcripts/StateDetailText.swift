/// The lines of a scenario's state in a transcript: the hashed lines, with a format 3 transcript's schema changes
/// after `schema` and each table's row detail after its `table` line.
enum StateDetailText {
    static func lines(_ state: DatabaseStateDigest, _ detail: StateDetail?) -> [String] {
        var lines = ["user_version \(state.userVersion)", "schema \(state.schemaSHA256)"]
        for change in detail?.schema ?? [] {
            lines.append(
                change.entry.map { "schema-entry \(CanonicalText.quoted(change.key)) \(CanonicalText.quoted($0))" }
                    ?? "schema-gone \(CanonicalText.quoted(change.key))"
            )
        }
        for table in state.tables {
            lines.append(table.line)
            switch detail?.tables[table.name] {
            case nil: break
            case .omitted(let count)?: lines.append("rows-omitted \(count)")
            case .rows(let changes)?: lines += rowLines(changes)
            }
        }
        return lines
    }

    /// `rows delta|all "COLUMN"... [key "COLUMN"...]`, then one `row` or `gone` line per change.
    private static func rowLines(_ changes: TableChanges) -> [String] {
        var header = "rows " + (changes.fromSource ? "delta" : "all")
        for column in changes.shape.columns { header += " " + CanonicalText.quoted(column) }
        if let key = changes.shape.keyColumns { header += " key" + key.map { " " + CanonicalText.quoted($0) }.joined() }
        return [header] + changes.changes.map { change in
            switch change {
            case .row(let key, let cells): "row \(word(key))" + cells.map { " " + $0.word }.joined()
            case .gone(.rowid(let rowid)): "gone \(rowid)"
            case .gone(.primaryKey(let words)): "gone -" + words.map { " " + $0 }.joined()
            }
        }
    }

    /// A row's key word: its rowid, or `-` for a table without rowid (its key is in its cells).
    private static func word(_ key: RowKey) -> String {
        if case .rowid(let rowid) = key { return String(rowid) }
        return "-"
    }
}

extension Transcript.StateOptions {
    /// The header lines of a format 3 transcript after `large-values`: `row-detail N`, then `ignored-table`,
    /// `ignored-column` and `redacted-column` lines, each list sorted.
    var headerLines: [String] {
        let sorted = { (names: Set<String>) in names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) } }
        return ["row-detail \(rowDetailLimit)"]
            + sorted(ignoredTables).map { "ignored-table \(CanonicalText.quoted($0))" }
            + sorted(ignoredColumns).map { "ignored-column \(CanonicalText.quoted($0))" }
            + sorted(redactedColumns).map { "redacted-column \(CanonicalText.quoted($0))" }
    }
}
