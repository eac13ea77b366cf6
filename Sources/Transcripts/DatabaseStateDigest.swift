import SQLiteEngine

/// A logical content hash of a database: what it holds, not how its pages lie, so the same rows give the same hash
/// whichever driver wrote them, with whatever page size, freelist or journal mode.
///
/// Hashed: `user_version`; the schema (`type`, `name`, `tbl_name`, `sql` of every `sqlite_master` row, sorted by type
/// and name; not `rootpage`); and per table, its column names and its rows in rowid order (tables without rowid:
/// their rows sorted), every value with its storage class, so `1`, `1.0` and `'1'` differ. Columns named in
/// `ignoredColumns` (clock stamps) are left out of every table; tables named in `ignoredTables` (a migrator's ledger
/// one side adds on purpose) are left out whole, with their `sqlite_master` rows (indexes, triggers). Not hashed: the journal mode and the files beside
/// the database.
public struct DatabaseStateDigest: Sendable, Hashable {
    /// One table's row count and hash.
    public struct Table: Sendable, Hashable {
        /// The table's name as `sqlite_master` spells it.
        public let name: String
        /// How many rows the table holds.
        public let rows: Int
        /// The SHA-256 (lower-case hex) of the kept column names and every row: with its rowid, in rowid order, or
        /// (a table without rowid) each row's own hash, sorted.
        public let sha256: String

        /// Its transcript line: `table "NAME" ROWS HASH`.
        var line: String { "table \(CanonicalText.quoted(name)) \(rows) \(sha256)" }
    }

    /// The database's `PRAGMA user_version` (the app's schema version).
    public let userVersion: Int64
    /// The SHA-256 of the schema rows.
    public let schemaSHA256: String
    /// Every table, sorted by name.
    public let tables: [Table]
    /// The SHA-256 over the three above (their transcript lines): one value that says whether two states are equal.
    public let sha256: String

    package init(userVersion: Int64, schemaSHA256: String, tables: [Table]) throws(TranscriptError) {
        self.userVersion = userVersion
        self.schemaSHA256 = schemaSHA256
        self.tables = tables
        sha256 = try SHA256Digest.hex(of: Self.hashedLines(userVersion, schemaSHA256, tables).joined(separator: "\n"))
    }

    /// The lines under a transcript's `state` line that its hash covers: `user_version`, `schema` and one `table`
    /// line per table (a format 3 transcript's row detail between them is not hashed: the table hashes cover the
    /// rows already).
    static func hashedLines(_ userVersion: Int64, _ schema: String, _ tables: [Table]) -> [String] {
        ["user_version \(userVersion)", "schema \(schema)"] + tables.map(\.line)
    }

    /// Reads and hashes the database `connection` has open.
    ///
    /// - Parameters:
    ///   - connection: an open connection to the database (read-only is enough).
    ///   - ignoredColumns: column names (compared upper-cased) left out of every table's hash.
    ///   - ignoredTables: tables left out whole: their rows and their `sqlite_master` rows.
    public init(reading connection: EngineConnection, ignoredColumns: Set<String> = [], ignoredTables: Set<String> = []) throws {
        let ignored = Set(ignoredColumns.map { $0.uppercased() })
        let schema = SHA256Digest()
        var tableNames: [String] = []
        let master = try connection.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master")
        var schemaRows: [[SQLiteValue]] = []
        while try master.step() {
            if case .text(let table) = master.value(at: 2), ignoredTables.contains(table) { continue }
            schemaRows.append((0..<4).map { master.value(at: $0) })
        }
        schemaRows.sort { Self.sortKey($0).lexicographicallyPrecedes(Self.sortKey($1)) }
        for row in schemaRows {
            for value in row { Self.feed(value, into: schema) }
            if case .text("table") = row[0], case .text(let name) = row[1] { tableNames.append(name) }
        }
        tableNames.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let tables = try tableNames.map { name in try Self.hashTable(name, connection, ignored) }
        try self.init(userVersion: try connection.userVersion, schemaSHA256: try schema.finish(), tables: tables)
    }

    private static func sortKey(_ row: [SQLiteValue]) -> [UInt8] {
        let type = if case .text(let text) = row[0] { text } else { "" }
        let name = if case .text(let text) = row[1] { text } else { "" }
        return Array(type.utf8) + [0] + Array(name.utf8)
    }

    private static func hashTable(_ name: String, _ connection: EngineConnection, _ ignored: Set<String>) throws -> Table {
        let quoted = quoteIdentifier(name)
        let withRowid = (try? connection.prepare("SELECT rowid FROM \(quoted) LIMIT 0")) != nil
        let statement = try connection.prepare(
            withRowid ? "SELECT rowid, * FROM \(quoted) ORDER BY rowid" : "SELECT * FROM \(quoted)"
        )
        let first: Int32 = withRowid ? 1 : 0
        let kept = (first..<statement.columnCount).filter { !ignored.contains(statement.columnName($0).uppercased()) }
        let digest = SHA256Digest()
        for index in kept { digest.update(field: statement.columnName(index)) }
        var count = 0
        if withRowid {
            while try statement.step() {
                digest.update(UInt64(bitPattern: statement.int64(at: 0)))
                for index in kept { feed(statement.value(at: index), into: digest) }
                count += 1
            }
        } else {
            // No rowid to order by: each row's own hash, sorted, so the order the table returns them in is not hashed.
            var rows: [String] = []
            while try statement.step() {
                let row = SHA256Digest()
                for index in kept { feed(statement.value(at: index), into: row) }
                rows.append(try row.finish())
            }
            rows.sort()
            for row in rows { digest.update(row) }
            count = rows.count
        }
        return Table(name: name, rows: count, sha256: try digest.finish())
    }

    /// A value with its storage class: a tag byte, then the value (integers and reals as 8 big-endian bytes, text
    /// and blobs length-prefixed).
    private static func feed(_ value: SQLiteValue, into digest: SHA256Digest) {
        switch value {
        case .null: digest.update([0x6E])
        case .integer(let number):
            digest.update([0x69])
            digest.update(UInt64(bitPattern: number))
        case .real(let number):
            digest.update([0x72])
            digest.update(number.bitPattern)
        case .text(let text):
            digest.update([0x74])
            digest.update(field: text)
        case .blob(let bytes):
            digest.update([0x62])
            digest.update(UInt64(bytes.count))
            digest.update(bytes)
        }
    }
}
