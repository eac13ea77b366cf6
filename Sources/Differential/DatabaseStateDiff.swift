import SQLiteEngine

/// Compares what two databases hold, streaming rows so large files need no memory beyond one row per side.
struct DatabaseStateDiff {
    let baseline: EngineConnection
    let candidate: EngineConnection
    let options: StateComparison
    /// Tables both copies hold byte for byte (``UnchangedTables``): their rows are equal without reading them.
    var unchangedTables: Set<String> = []

    /// Each difference as (kind, field, baseline text, candidate text).
    func differences() throws -> [(kind: Mismatch.Kind, field: String, baseline: String, candidate: String)] {
        var found: [(Mismatch.Kind, String, String, String)] = []
        if options.userVersion {
            let left = try baseline.userVersion
            let right = try candidate.userVersion
            if left != right { found.append((.userVersion, "user_version", String(left), String(right))) }
        }
        if options.journalMode {
            let left = try journalMode(baseline)
            let right = try journalMode(candidate)
            if left != right { found.append((.journalMode, "journal_mode", left, right)) }
        }
        if options.schema {
            let left = try schema(baseline)
            let right = try schema(candidate)
            for key in Set(left.keys).union(right.keys).sorted() where left[key] != right[key] {
                found.append((.schema, key, left[key] ?? "(absent)", right[key] ?? "(absent)"))
            }
        }
        if options.rows {
            let left = try tables(baseline)
            let right = try tables(candidate)
            for table in left.union(right).sorted()
            where !options.ignoredTables.contains(table) && !unchangedTables.contains(table) {
                guard left.contains(table), right.contains(table) else {
                    let shown = { (has: Bool) in has ? "table" : "(absent)" }
                    found.append((.rows, table, shown(left.contains(table)), shown(right.contains(table))))
                    continue
                }
                found += try rowDifferences(table: table)
            }
        }
        return found
    }

    private func journalMode(_ connection: EngineConnection) throws -> String {
        if case .text(let mode)? = try connection.pragma("journal_mode") { return mode.lowercased() }
        return "unknown"
    }

    /// `type name` -> `tbl_name: sql`, for every schema object but those of an ignored table (the table itself, its
    /// indexes and triggers).
    private func schema(_ connection: EngineConnection) throws -> [String: String] {
        try connection.schemaEntries(ignoring: options.ignoredTables)
    }

    private func tables(_ connection: EngineConnection) throws -> Set<String> {
        Set(try connection.rows("SELECT name FROM sqlite_master WHERE type = 'table'").map { $0[0].textOrDescription })
    }

    private func hasRowid(_ connection: EngineConnection, _ table: String) -> Bool {
        (try? connection.prepare("SELECT rowid FROM \(quoteIdentifier(table)) LIMIT 0")) != nil
    }

    private func rowDifferences(table: String) throws -> [(Mismatch.Kind, String, String, String)] {
        let withRowid = hasRowid(baseline, table) && hasRowid(candidate, table)
        let quoted = quoteIdentifier(table)
        let sql = withRowid ? "SELECT rowid, * FROM \(quoted) ORDER BY rowid" : "SELECT * FROM \(quoted)"
        let left = try baseline.prepare(sql)
        let right = try candidate.prepare(sql)
        let skip: Int32 = withRowid ? 1 : 0
        let leftColumns = Array(left.columnNames.dropFirst(Int(skip)))
        let rightColumns = Array(right.columnNames.dropFirst(Int(skip)))
        if leftColumns != rightColumns {
            return [(.rows, "\(table).columns", leftColumns.joined(separator: ", "), rightColumns.joined(separator: ", "))]
        }
        if !withRowid { return try unorderedDifferences(table: table, left, right) }

        var found: [(Mismatch.Kind, String, String, String)] = []
        var extra = 0
        func note(_ difference: (Mismatch.Kind, String, String, String)) {
            if found.count < options.maximumRowDetailsPerTable { found.append(difference) } else { extra += 1 }
        }
        func values(_ statement: EngineStatement) -> [SQLiteValue] {
            (skip..<statement.columnCount).map { statement.value(at: $0) }
        }
        var leftHas = try left.step()
        var rightHas = try right.step()
        while leftHas || rightHas {
            let leftRowid = leftHas ? left.int64(at: 0) : Int64.max
            let rightRowid = rightHas ? right.int64(at: 0) : Int64.max
            if leftHas && (!rightHas || leftRowid < rightRowid) {
                note((.rows, "\(table)[rowid \(leftRowid)]", render(row: values(left), columns: leftColumns), "(absent)"))
                leftHas = try left.step()
            } else if rightHas && (!leftHas || rightRowid < leftRowid) {
                note((.rows, "\(table)[rowid \(rightRowid)]", "(absent)", render(row: values(right), columns: rightColumns)))
                rightHas = try right.step()
            } else {
                let a = values(left)
                let b = values(right)
                for (index, column) in leftColumns.enumerated()
                where !identical(a[index], b[index]) && !options.ignoredColumns.contains(column.uppercased()) {
                    note((.rows, "\(table)[rowid \(leftRowid)].\(column)", render(a[index]), render(b[index])))
                }
                leftHas = try left.step()
                rightHas = try right.step()
            }
        }
        if extra > 0 { found.append((.rows, "\(table)", "\(extra) more row differences", "not shown")) }
        return found
    }

    /// Tables without rowid: compared as sorted multisets of rendered rows.
    private func unorderedDifferences(
        table: String, _ left: EngineStatement, _ right: EngineStatement
    ) throws -> [(Mismatch.Kind, String, String, String)] {
        func all(_ statement: EngineStatement) throws -> [String] {
            var rows: [String] = []
            while try statement.step() {
                rows.append((0..<statement.columnCount).map { render(statement.value(at: $0)) }.joined(separator: ", "))
            }
            return rows.sorted()
        }
        let a = try all(left)
        let b = try all(right)
        guard a != b else { return [] }
        let onlyLeft = a.filter { !b.contains($0) }.prefix(options.maximumRowDetailsPerTable)
        let onlyRight = b.filter { !a.contains($0) }.prefix(options.maximumRowDetailsPerTable)
        return [(.rows, table, onlyLeft.joined(separator: " | "), onlyRight.joined(separator: " | "))]
    }

    private func identical(_ a: SQLiteValue, _ b: SQLiteValue) -> Bool { a.isIdentical(to: b) }

    private func render(_ value: SQLiteValue) -> String { value.renderedStored }

    private func render(row: [SQLiteValue], columns: [String]) -> String {
        StoredRendering.row(row.map(\.description), columns: columns)
    }
}

// How the differential shows and compares stored values, opened to the package's other modules (a transcript's row
// detail reports its differences in exactly these words).

extension SQLiteValue {
    /// Equal for the state comparison: reals by bit pattern (`-0.0` is not `0.0`), everything else by value.
    package func isIdentical(to other: SQLiteValue) -> Bool {
        if case .real(let x) = self, case .real(let y) = other { return x.bitPattern == y.bitPattern }
        return self == other
    }

    /// A stored value as a mismatch shows it: its SQL literal (cut at 120 characters) and its storage class,
    /// `'2026-01-02' (text)`, `5 (integer)`; ``PortingTrap/classify(_:)`` reads this form back.
    package var renderedStored: String {
        let text = description
        let shown = text.count > 120 ? String(text.prefix(120)) + "…" : text
        return "\(shown) (\(storageClass))"
    }
}

/// The differential's text for a whole row.
package enum StoredRendering {
    /// A row as a missing or extra row shows it: `ID=3, NAME='x'` (each cell as given), cut at 200 characters.
    package static func row(_ cells: [String], columns: [String]) -> String {
        let text = zip(columns, cells).map { "\($0)=\($1)" }.joined(separator: ", ")
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}

extension EngineConnection {
    /// Every schema object as the differential compares it: `type name` -> `tbl_name: sql`, leaving out those of
    /// `ignoredTables` (the table itself, its indexes and triggers).
    package func schemaEntries(ignoring ignoredTables: Set<String>) throws(SQLiteError) -> [String: String] {
        var result: [String: String] = [:]
        for row in try rows("SELECT type, name, tbl_name, sql FROM sqlite_master") {
            let type = row[0].textOrDescription
            let name = row[1].textOrDescription
            let table = row[2].textOrDescription
            if ignoredTables.contains(table) { continue }
            result["\(type) \(name)"] = "\(table): \(row[3].textOrDescription)"
        }
        return result
    }
}

extension SQLiteValue {
    /// Text as is; anything else as SQL-literal text.
    var textOrDescription: String {
        if case .text(let text) = self { return text }
        return description
    }
}
