import Differential
import SQLiteEngine

/// Compares the state a scenario left (the copy `connection` has open) with the state the transcript recorded: the
/// hashes first; where a table's hash differs, its rows, key by key and column by column, from the row detail.
struct StateComparer {
    let recorded: DatabaseStateDigest
    /// The recorded scenario's row and schema detail; `nil` for a format 2 transcript.
    let detail: StateDetail?
    let actual: DatabaseStateDigest
    let connection: EngineConnection
    let source: SourceSnapshot
    let options: Transcript.StateOptions
    /// At most this many row differences per table; the count of the rest is one more difference.
    let maximumRowDifferences: Int

    func findings() throws -> StateFindings {
        var found = StateFindings()
        guard recorded.sha256 != actual.sha256 else { return found }
        if recorded.userVersion != actual.userVersion {
            found.differences.append(StateDifference(
                kind: .userVersion, place: "user_version", field: "user_version", expected: "\(recorded.userVersion)",
                actual: "\(actual.userVersion)"
            ))
        }
        if recorded.schemaSHA256 != actual.schemaSHA256 { found.differences += try schemaDifferences() }
        let left = Dictionary(recorded.tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let right = Dictionary(actual.tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let names = Set(left.keys).union(right.keys).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        for name in names where left[name] != right[name] {
            guard let want = left[name], let got = right[name] else {
                let shown = { (table: DatabaseStateDigest.Table?) in table.map { "table, \($0.rows) rows" } ?? "(absent)" }
                found.differences.append(StateDifference(
                    kind: .rows, place: name, field: "table \(name)", expected: shown(left[name]), actual: shown(right[name]),
                    table: name
                ))
                continue
            }
            let (differences, complete) = try tableDifferences(want, got)
            found.differences += differences
            found.rowsCompared = found.rowsCompared && complete
        }
        return found
    }

    // MARK: Schema

    private func schemaDifferences() throws -> [StateDifference] {
        let hashOnly = StateDifference(
            kind: .schema, place: "schema", field: "schema", expected: "sha256 \(recorded.schemaSHA256.prefix(16))…",
            actual: "sha256 \(actual.schemaSHA256.prefix(16))…"
        )
        var expected = source.schema
        if recorded.schemaSHA256 != source.digest.schemaSHA256 {
            guard let detail else { return [hashOnly] }
            for change in detail.schema { expected[change.key] = change.entry }
        }
        let entries = try connection.schemaEntries(ignoring: options.ignoredTables)
        let keys = Set(expected.keys).union(entries.keys).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let found = keys.filter { expected[$0] != entries[$0] }.map { key in
            StateDifference(
                kind: .schema, place: key, field: "schema \(key)", expected: expected[key] ?? "(absent)",
                actual: entries[key] ?? "(absent)"
            )
        }
        return found.isEmpty ? [hashOnly] : found
    }

    // MARK: Rows

    /// One table's differences, and whether it was compared row by row.
    private func tableDifferences(
        _ want: DatabaseStateDigest.Table, _ got: DatabaseStateDigest.Table
    ) throws -> ([StateDifference], Bool) {
        let name = want.name
        func hashOnly(_ note: String) -> ([StateDifference], Bool) {
            let shown = { (table: DatabaseStateDigest.Table) in "\(table.rows) rows, sha256 \(table.sha256.prefix(16))…" }
            return ([StateDifference(
                kind: .rows, place: name, field: "table \(name)", expected: shown(want), actual: shown(got), table: name,
                note: note
            )], false)
        }
        let sourceShape = try source.table(name).map { _ in
            try TableShape.read(name, source.connection, ignoredColumns: options.ignoredColumns)
        }
        let expectation: TableChanges
        if want.sha256 == source.table(name)?.sha256, let sourceShape {
            expectation = TableChanges(fromSource: true, shape: sourceShape, changes: [])
        } else {
            switch detail?.tables[name] {
            case .rows(let changes)?: expectation = changes
            case .omitted(let count)?:
                return hashOnly(
                    "compared by hash only: the recorded state changed \(count) of its rows, more than the transcript's "
                        + "row-detail limit of \(options.rowDetailLimit)"
                )
            case nil:
                return hashOnly(
                    detail == nil
                        ? "compared by hash only: the transcript keeps no row detail (format 2; record it again for rows)"
                        : "compared by hash only: the transcript keeps no row detail for it"
                )
            }
        }
        if expectation.fromSource && sourceShape != expectation.shape {
            return hashOnly("compared by hash only: the transcript's row detail does not fit the source file's table")
        }
        let shape = try TableShape.read(name, connection, ignoredColumns: options.ignoredColumns)
        guard shape == expectation.shape else {
            let columns = { (shape: TableShape) in
                shape.columns.joined(separator: ", ") + (shape.keyColumns.map { " (key " + $0.joined(separator: ", ") + ")" } ?? "")
            }
            return ([StateDifference(
                kind: .rows, place: "\(name).columns", field: "\(name).columns", expected: columns(expectation.shape),
                actual: columns(shape), table: name
            )], true)
        }
        let differences = try rowDifferences(
            name, shape,
            RecordedRows(
                base: expectation.fromSource ? try KeyedRowReader(name, shape, source.connection) : nil,
                changes: expectation.changes
            ),
            try KeyedRowReader(name, shape, connection)
        )
        if differences.isEmpty {
            return hashOnly(
                "compared by hash only: no row of the transcript's row detail differs (the difference is in a redacted "
                    + "column, or the row detail was edited)"
            )
        }
        return (differences, true)
    }

    private func rowDifferences(
        _ name: String, _ shape: TableShape, _ want: RecordedRows, _ got: KeyedRowReader
    ) throws -> [StateDifference] {
        var want = want
        var got = got
        let redacted = shape.columns.map { options.redactedColumns.contains($0.uppercased()) }
        var found: [StateDifference] = []
        var more = 0
        func note(_ difference: StateDifference) {
            if found.count < maximumRowDifferences { found.append(difference) } else { more += 1 }
        }
        func rowText(_ cells: [String]) -> String {
            StoredRendering.row(zip(cells, redacted).map { $1 ? "<redacted>" : $0 }, columns: shape.columns)
        }
        func missing(_ row: (key: RowKey, cells: [RecordedCell])) {
            let key = row.key.shown(shape)
            note(StateDifference(
                kind: .rows, place: "\(name)[\(key)]", field: "missing row \(name)[\(key)]",
                expected: rowText(row.cells.map(\.literal)), actual: "(absent)", table: name, key: key
            ))
        }
        func extra(_ row: KeyedRow) {
            let key = row.key.shown(shape)
            note(StateDifference(
                kind: .rows, place: "\(name)[\(key)]", field: "extra row \(name)[\(key)]", expected: "(absent)",
                actual: rowText(row.cells.map(\.description)), table: name, key: key
            ))
        }
        var left = try want.next()
        var right = try got.next()
        while true {
            switch (left, right) {
            case (nil, nil):
                if more > 0 {
                    found.append(StateDifference(
                        kind: .rows, place: name, field: "table \(name)", expected: "\(more) more row differences",
                        actual: "not shown", table: name
                    ))
                }
                return found
            case (let recorded?, nil):
                missing(recorded)
                left = try want.next()
            case (nil, let actual?):
                extra(actual)
                right = try got.next()
            case (let recorded?, let actual?):
                if recorded.key < actual.key {
                    missing(recorded)
                    left = try want.next()
                } else if actual.key < recorded.key {
                    extra(actual)
                    right = try got.next()
                } else {
                    let key = recorded.key.shown(shape)
                    for (index, column) in shape.columns.enumerated() where !(try recorded.cells[index].matches(actual.cells[index])) {
                        note(StateDifference(
                            kind: .rows, place: "\(name)[\(key)].\(column)", field: "\(name)[\(key)].\(column)",
                            expected: redacted[index] ? "<redacted>" : recorded.cells[index].rendered,
                            actual: redacted[index] ? "<redacted>" : actual.cells[index].renderedStored,
                            table: name, key: key, column: column
                        ))
                    }
                    left = try want.next()
                    right = try got.next()
                }
            }
        }
    }
}
