import Differential
import SQLiteEngine

/// How the row detail reads one table: the columns it keeps, and what keys its rows.
struct TableShape: Sendable, Hashable {
    /// The kept columns (every column but the ignored ones), in the table's order.
    var columns: [String]
    /// `nil` for a table with rowid (keyed by rowid, as the state hash orders it and the differential names it); for a
    /// table without rowid, its primary-key columns, in key order.
    var keyColumns: [String]?

    /// The shape of `table` in the database `connection` has open.
    static func read(_ table: String, _ connection: EngineConnection, ignoredColumns: Set<String>) throws -> TableShape {
        let quoted = quoteIdentifier(table)
        let columns = try connection.prepare("SELECT * FROM \(quoted) LIMIT 0").columnNames
            .filter { !ignoredColumns.contains($0.uppercased()) }
        if (try? connection.prepare("SELECT rowid FROM \(quoted) LIMIT 0")) != nil {
            return TableShape(columns: columns, keyColumns: nil)
        }
        let keyColumns = try primaryKey(quoted, connection).map(\.name).filter { columns.contains($0) }
        return TableShape(columns: columns, keyColumns: keyColumns.isEmpty ? columns : keyColumns)
    }

    /// The primary-key columns of the table `quoted` names, in key order, with their declared types (upper-cased).
    private static func primaryKey(_ quoted: String, _ connection: EngineConnection) throws -> [(name: String, type: String)] {
        // table_info: cid, name, type, notnull, dflt_value, pk
        var key: [(position: Int64, name: String, type: String)] = []
        for row in try connection.rows("PRAGMA table_info(\(quoted))") where row.count > 5 {
            if case .integer(let position) = row[5], position > 0, case .text(let name) = row[1] {
                let type = if case .text(let declared) = row[2] { declared.uppercased() } else { "" }
                key.append((position, name, type))
            }
        }
        return key.sorted { $0.position < $1.position }.map { ($0.name, $0.type) }
    }

    /// Refuses a redacted column whose values name the table's rows in the row detail
    /// (``RedactionError/keyColumn(table:column:)``): a key column, or a rowid table's `INTEGER PRIMARY KEY` (the
    /// rowid itself).
    func checkRedactions(_ redacted: Set<String>, table: String, _ connection: EngineConnection) throws {
        var naming = keyColumns ?? []
        if keyColumns == nil {
            let key = try Self.primaryKey(quoteIdentifier(table), connection)
            if key.count == 1, key[0].type == "INTEGER" { naming = [key[0].name] }
        }
        if let column = naming.first(where: { redacted.contains($0.uppercased()) }) {
            throw RedactionError.keyColumn(table: table, column: column)
        }
    }

    /// The positions of the key columns among ``columns`` (empty for a rowid table).
    var keyIndexes: [Int] { (keyColumns ?? []).compactMap { columns.firstIndex(of: $0) } }
}

/// What identifies a row in the row detail, ordered as the rows are read.
enum RowKey: Sendable, Hashable, Comparable {
    /// A table with rowid: its rowid.
    case rowid(Int64)
    /// A table without rowid: the words (``RecordedCell/word(_:)``) of its primary-key values, compared as text.
    case primaryKey([String])

    static func < (a: RowKey, b: RowKey) -> Bool {
        switch (a, b) {
        case (.rowid(let x), .rowid(let y)): return x < y
        case (.primaryKey(let x), .primaryKey(let y)):
            return x.lexicographicallyPrecedes(y) { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        case (.rowid, .primaryKey): return true
        case (.primaryKey, .rowid): return false
        }
    }

    /// The key of a row of a table without rowid.
    static func primaryKey(of cells: [SQLiteValue], _ shape: TableShape) -> RowKey {
        .primaryKey(shape.keyIndexes.map { RecordedCell.word(cells[$0]) })
    }

    /// As a mismatch names the row: `rowid 3`, or `CODE='EUR', YEAR=2026` for a table without rowid.
    func shown(_ shape: TableShape) -> String {
        switch self {
        case .rowid(let rowid): return "rowid \(rowid)"
        case .primaryKey(let words):
            return zip(shape.keyColumns ?? [], words).map { column, word in
                let literal = RecordedCell(word: Substring(word))?.literal ?? word
                return "\(column)=\(literal)"
            }.joined(separator: ", ")
        }
    }
}

/// One row as the row detail reads it.
struct KeyedRow {
    let key: RowKey
    /// The kept columns' values, in ``TableShape/columns`` order.
    let cells: [SQLiteValue]
}

/// A table's rows in key order: a table with rowid streamed in rowid order (one row in memory), a table without
/// rowid read whole and sorted by key.
struct KeyedRowReader {
    private let statement: EngineStatement?
    private var sorted: IndexingIterator<[KeyedRow]>

    /// Reads `table` of `connection` by `shape` (which must be the table's own shape there).
    init(_ table: String, _ shape: TableShape, _ connection: EngineConnection) throws {
        let columns = shape.columns.map(quoteIdentifier)
        let quoted = quoteIdentifier(table)
        if shape.keyColumns == nil {
            statement = try connection.prepare(
                "SELECT " + (["rowid"] + columns).joined(separator: ", ") + " FROM \(quoted) ORDER BY rowid"
            )
            sorted = [].makeIterator()
        } else {
            statement = nil
            let select = try connection.prepare(
                "SELECT " + (columns.isEmpty ? "NULL" : columns.joined(separator: ", ")) + " FROM \(quoted)"
            )
            var rows: [KeyedRow] = []
            while try select.step() {
                let cells = shape.columns.indices.map { select.value(at: Int32($0)) }
                rows.append(KeyedRow(key: RowKey.primaryKey(of: cells, shape), cells: cells))
            }
            sorted = rows.sorted { $0.key < $1.key }.makeIterator()
        }
    }

    /// The next row in key order, `nil` after the last.
    mutating func next() throws -> KeyedRow? {
        guard let statement else { return sorted.next() }
        guard try statement.step() else { return nil }
        let cells = (1..<statement.columnCount).map { statement.value(at: $0) }
        return KeyedRow(key: .rowid(statement.int64(at: 0)), cells: cells)
    }
}
