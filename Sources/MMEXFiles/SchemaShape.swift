import SQLiteEngine

/// The shape of a database's schema: tables with their columns, and indexes, normalized for comparison.
public struct SchemaShape: Sendable, Equatable {
    /// One column as `PRAGMA table_info` describes it.
    public struct Column: Sendable, Equatable, Hashable {
        public let name: String
        public let declaredType: String
        public let notNull: Bool
        public let defaultValue: String?
        public let primaryKeyPosition: Int
    }

    /// Tables (user tables, not `sqlite_*`), by name, with their columns in order.
    public var tables: [String: [Column]]
    /// Index name -> normalized `CREATE INDEX` text (automatic indexes excluded).
    public var indexes: [String: String]
    /// Table name -> normalized `CREATE TABLE` text, which carries collations and constraints.
    public var tableSQL: [String: String]

    /// Reads the shape of a connection's `main` schema.
    public static func read(from connection: EngineConnection) throws(SQLiteError) -> SchemaShape {
        var tables: [String: [Column]] = [:]
        var tableSQL: [String: String] = [:]
        var indexes: [String: String] = [:]
        let objects = try connection.rows(
            "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name"
        )
        for object in objects {
            guard case .text(let type) = object[0], case .text(let name) = object[1] else { continue }
            let sql: String? = if case .text(let text) = object[2] { text } else { nil }
            switch type {
            case "table":
                tableSQL[name] = sql.map(normalizeSQL)
                let info = try connection.rows("PRAGMA table_info(\(quoteIdentifier(name)))")
                tables[name] = info.map { row in
                    Column(
                        name: row[1].textValue ?? "",
                        declaredType: (row[2].textValue ?? "").uppercased(),
                        notNull: row[3] == .integer(1),
                        defaultValue: row[4].textValue,
                        primaryKeyPosition: Int(row[5].integerValue ?? 0)
                    )
                }
            case "index":
                if let sql { indexes[name] = normalizeSQL(sql) }
            default:
                break
            }
        }
        return SchemaShape(tables: tables, indexes: indexes, tableSQL: tableSQL)
    }

    /// SQL text with comments removed, white space folded and letters upper-cased, so two spellings of the same
    /// definition compare equal.
    public static func normalizeSQL(_ sql: String) -> String {
        var withoutComments = ""
        var index = sql.startIndex
        while index < sql.endIndex {
            if sql[index...].hasPrefix("/*"), let end = sql[index...].range(of: "*/") {
                index = end.upperBound
                withoutComments.append(" ")
            } else if sql[index...].hasPrefix("--") {
                index = sql[index...].firstIndex(of: "\n") ?? sql.endIndex
            } else {
                withoutComments.append(sql[index])
                index = sql.index(after: index)
            }
        }
        var folded = ""
        var lastWasSpace = false
        for character in withoutComments.uppercased() {
            if character.isWhitespace {
                lastWasSpace = true
                continue
            }
            if lastWasSpace, let last = folded.last, !"(,".contains(last), !"),".contains(character) {
                folded.append(" ")
            }
            lastWasSpace = false
            folded.append(character)
        }
        return folded
    }
}

/// Differences between a file's schema and the MMEX reference.
public struct SchemaCheck: Sendable, Equatable, Hashable, Codable {
    public var missingTables: [String]
    public var extraTables: [String]
    /// `TABLE.COLUMN` names the reference has and the file lacks.
    public var missingColumns: [String]
    /// `TABLE.COLUMN` names the file has beyond the reference.
    public var extraColumns: [String]

    /// Whether the file has every table and column of the reference (extra ones are allowed).
    public var hasEveryReferenceTable: Bool { missingTables.isEmpty && missingColumns.isEmpty }
    /// No difference at all.
    public var isClean: Bool { hasEveryReferenceTable && extraTables.isEmpty && extraColumns.isEmpty }

    /// The differences as given (names upper case; columns as `TABLE.COLUMN`).
    public init(missingTables: [String] = [], extraTables: [String] = [], missingColumns: [String] = [],
                extraColumns: [String] = []) {
        self.missingTables = missingTables
        self.extraTables = extraTables
        self.missingColumns = missingColumns
        self.extraColumns = extraColumns
    }

    /// Compares a file's shape with the reference shape.
    public init(file: SchemaShape, reference: SchemaShape) {
        let fileTables = Set(file.tables.keys.map { $0.uppercased() })
        let referenceTables = Set(reference.tables.keys.map { $0.uppercased() })
        missingTables = referenceTables.subtracting(fileTables).sorted()
        extraTables = fileTables.subtracting(referenceTables).sorted()
        var missing: [String] = []
        var extra: [String] = []
        let fileByName = Dictionary(file.tables.map { ($0.key.uppercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        for (table, columns) in reference.tables {
            guard let fileColumns = fileByName[table.uppercased()] else { continue }
            let have = Set(fileColumns.map { $0.name.uppercased() })
            let want = Set(columns.map { $0.name.uppercased() })
            missing += want.subtracting(have).map { "\(table.uppercased()).\($0)" }
            extra += have.subtracting(want).map { "\(table.uppercased()).\($0)" }
        }
        missingColumns = missing.sorted()
        extraColumns = extra.sorted()
    }
}

extension SQLiteValue {
    /// The text of a TEXT value, else `nil`.
    public var textValue: String? { if case .text(let value) = self { value } else { nil } }
    /// The integer of an INTEGER value, else `nil`.
    public var integerValue: Int64? { if case .integer(let value) = self { value } else { nil } }
}
