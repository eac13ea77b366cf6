import SQLiteEngine

/// The unique keys of a database's tables (its PRIMARY KEY and UNIQUE constraints and indexes), with each column's
/// declared collation and NOT NULL: what a planted-bug run needs to tell which statements can return two rows that an
/// ORDER BY term has to put in order.
package struct SchemaKeys: Sendable, Hashable {
    package struct Column: Sendable, Hashable {
        /// The collation equal values compare with (the declared one; `BINARY` when none is declared).
        package var collation: String
        /// NOT NULL, or the table's INTEGER PRIMARY KEY (the rowid).
        package var notNull: Bool
    }

    /// One unique key: its columns (upper-cased) with the collation the key is unique under.
    package typealias Key = [String: String]

    package struct Table: Sendable, Hashable {
        package var columns: [String: Column] = [:]
        package var keys: [Key] = []
    }

    /// Tables by upper-cased name.
    package var tables: [String: Table] = [:]

    package init(tables: [String: Table] = [:]) {
        self.tables = tables
    }

    private static func text(_ value: SQLiteValue?) -> String? {
        if case .text(let text)? = value { return text }
        return nil
    }

    private static func integer(_ value: SQLiteValue?) -> Int64? {
        if case .integer(let number)? = value { return number }
        return nil
    }

    /// Reads the keys of every table of `connection`'s main schema.
    package static func read(from connection: EngineConnection) throws(SQLiteError) -> SchemaKeys {
        var keys = SchemaKeys()
        let tables = try connection.rows("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql IS NOT NULL")
        for row in tables {
            guard let name = text(row.first), let sql = text(row.dropFirst().first) else { continue }
            let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let declared = declaredCollations(sql)
            var table = Table()
            var primaryKey: [(Int64, String)] = []
            var integerRowid = false
            // table_info: cid, name, type, notnull, dflt_value, pk
            let info = try connection.rows("PRAGMA table_info(\(quoted))")
            for column in info {
                guard let columnName = text(column.count > 1 ? column[1] : nil)?.uppercased() else { continue }
                let type = (text(column.count > 2 ? column[2] : nil) ?? "").uppercased()
                let notNull = integer(column.count > 3 ? column[3] : nil) == 1
                let pk = integer(column.count > 5 ? column[5] : nil) ?? 0
                if pk > 0 { primaryKey.append((pk, columnName)) }
                if pk == 1, type == "INTEGER" { integerRowid = true }
                table.columns[columnName] = Column(collation: declared[columnName] ?? "BINARY", notNull: notNull)
            }
            if primaryKey.count == 1, integerRowid, let rowid = primaryKey.first?.1 {
                table.columns[rowid]?.notNull = true
            }
            if !primaryKey.isEmpty {
                table.keys.append(Dictionary(uniqueKeysWithValues: primaryKey.map { ($0.1, table.columns[$0.1]?.collation ?? "BINARY") }))
            }
            // index_list: seq, name, unique, origin, partial
            for index in try connection.rows("PRAGMA index_list(\(quoted))") {
                guard integer(index.count > 2 ? index[2] : nil) == 1, integer(index.count > 4 ? index[4] : nil) != 1,
                    let indexName = text(index.count > 1 ? index[1] : nil)
                else { continue }
                let indexQuoted = "\"" + indexName.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                var key: Key = [:]
                var usable = true
                // index_xinfo: seqno, cid, name, desc, coll, key
                for column in try connection.rows("PRAGMA index_xinfo(\(indexQuoted))") where integer(column.count > 5 ? column[5] : nil) == 1 {
                    guard let columnName = text(column.count > 2 ? column[2] : nil)?.uppercased() else {
                        usable = false  // an expression index
                        continue
                    }
                    key[columnName] = (text(column.count > 4 ? column[4] : nil) ?? "BINARY").uppercased()
                }
                if usable, !key.isEmpty { table.keys.append(key) }
            }
            keys.tables[name.uppercased()] = table
        }
        return keys
    }

    /// The `COLLATE` each column definition of a `CREATE TABLE` statement declares, by upper-cased column name.
    static func declaredCollations(_ sql: String) -> [String: String] {
        let tokens = SQLToken.tokens(sql).filter { $0.kind != .space }
        guard let open = tokens.firstIndex(where: { $0.text == "(" }) else { return [:] }
        var result: [String: String] = [:]
        var depth = 0
        var definition: [SQLToken] = []
        func finish() {
            defer { definition = [] }
            guard let first = definition.first, let name = SQLToken.name(first) else { return }
            if ["CONSTRAINT", "PRIMARY", "UNIQUE", "CHECK", "FOREIGN"].contains(first.upper) { return }
            if let collate = definition.firstIndex(where: { $0.upper == "COLLATE" }), collate + 1 < definition.count,
                let collation = SQLToken.name(definition[collate + 1])
            {
                result[name] = collation
            }
        }
        for token in tokens[(open + 1)...] {
            if token.text == "(" { depth += 1 }
            if token.text == ")" {
                if depth == 0 { break }
                depth -= 1
            }
            if depth == 0, token.text == "," {
                finish()
                continue
            }
            definition.append(token)
        }
        finish()
        return result
    }
}

extension SQLToken {
    /// The name a word or quoted-name token spells (upper-cased, the last part of a dotted word), or `nil` for a
    /// value, a parameter or a symbol.
    package static func name(_ token: SQLToken) -> String? {
        switch token.kind {
        case .word:
            guard let first = token.text.unicodeScalars.first, !("0"..."9").contains(first) else { return nil }
            return token.text.split(separator: ".").last.map { String($0).uppercased() }
        case .literal:
            guard let quote = token.text.first, ["\"", "`", "["].contains(quote), token.text.count >= 2 else { return nil }
            return String(token.text.dropFirst().dropLast()).uppercased()
        default: return nil
        }
    }

    /// The qualifier of a dotted word (`T.COL` → `T`), upper-cased.
    package static func qualifier(_ token: SQLToken) -> String? {
        guard token.kind == .word else { return nil }
        let parts = token.text.split(separator: ".")
        return parts.count > 1 ? parts.dropLast().last.map { String($0).uppercased() } : nil
    }
}
