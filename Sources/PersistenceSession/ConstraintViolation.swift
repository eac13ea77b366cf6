/// Which constraint a write broke, parsed from SQLite's report.
public struct ConstraintViolation: Sendable, Hashable, CustomStringConvertible {
    /// The kind of constraint.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A `UNIQUE` constraint or unique index (`SQLITE_CONSTRAINT_UNIQUE`).
        case unique
        /// A `PRIMARY KEY`, or a duplicate rowid (`SQLITE_CONSTRAINT_PRIMARYKEY`, `SQLITE_CONSTRAINT_ROWID`).
        case primaryKey
        /// A `NOT NULL` column given NULL (`SQLITE_CONSTRAINT_NOTNULL`).
        case notNull
        /// A `FOREIGN KEY` with no parent row, or a parent row still referenced (`SQLITE_CONSTRAINT_FOREIGNKEY`);
        /// SQLite names no table or column for it.
        case foreignKey
        /// A `CHECK` constraint (`SQLITE_CONSTRAINT_CHECK`); its columns hold the constraint's name or expression.
        case check
        /// Any other constraint (a trigger's `RAISE`, a commit hook's veto, a datatype mismatch in a `STRICT`
        /// table), or one the message did not name.
        case other
    }

    /// Which kind of constraint failed.
    public let kind: Kind
    /// The table, when SQLite named one (`UNIQUE constraint failed: INFOTABLE_V1.INFONAME`).
    public let table: String?
    /// The columns SQLite named, in order.
    public let columns: [String]
    /// SQLite's message as it reported it.
    public let message: String

    /// A violation with its parts given directly, for an adapter whose library reports them already parsed, or a
    /// test that expects one.
    ///
    /// - Parameters:
    ///   - kind: Which kind of constraint failed.
    ///   - table: The table, or `nil` when the report names none.
    ///   - columns: The columns, in the order the report names them (may be empty).
    ///   - message: The library's message, unchanged.
    public init(kind: Kind, table: String?, columns: [String], message: String) {
        self.kind = kind
        self.table = table
        self.columns = columns
        self.message = message
    }

    /// Parses SQLite's extended result code (`SQLITE_CONSTRAINT_*`) and message (`<KIND> constraint failed: T.a, T.b`);
    /// given only the primary code (19), reads the kind from the message.
    public init(sqliteExtendedCode: Int32, message: String) {
        let kind: Kind =
            switch sqliteExtendedCode {
            case 2067: .unique  // SQLITE_CONSTRAINT_UNIQUE
            case 1555, 2579: .primaryKey  // SQLITE_CONSTRAINT_PRIMARYKEY, _ROWID
            case 1299: .notNull  // SQLITE_CONSTRAINT_NOTNULL
            case 787: .foreignKey  // SQLITE_CONSTRAINT_FOREIGNKEY
            case 275: .check  // SQLITE_CONSTRAINT_CHECK
            case 19: Self.kind(namedIn: message)  // the primary code only: SQLite's message names the kind
            default: .other
            }
        var table: String?
        var columns: [String] = []
        if let colon = message.firstRange(of: "constraint failed: ") {
            for part in message[colon.upperBound...].split(separator: ",") {
                let item = part.trimmingSpaces
                if let dot = item.firstIndex(of: ".") {
                    table = table ?? String(item[..<dot])
                    columns.append(String(item[item.index(after: dot)...]))
                } else if kind == .check || kind == .other {
                    columns.append(String(item))
                }
            }
        }
        self.init(kind: kind, table: table, columns: columns, message: message)
    }

    /// The kind SQLite's message names (`UNIQUE constraint failed: ...`), for a library that reports only the
    /// primary code 19; `.other` when the message names none.
    static func kind(namedIn message: String) -> Kind {
        let prefixes: [(String, Kind)] = [
            ("UNIQUE constraint failed", .unique), ("NOT NULL constraint failed", .notNull),
            ("FOREIGN KEY constraint failed", .foreignKey), ("CHECK constraint failed", .check),
        ]
        return prefixes.first { message.hasPrefix($0.0) }?.1 ?? .other
    }

    /// `unique on INFOTABLE_V1(INFONAME)`.
    public var description: String {
        var text = kind.rawValue
        if let table { text += " on \(table)(\(columns.joined(separator: ", ")))" }
        else if !columns.isEmpty { text += " (\(columns.joined(separator: ", ")))" }
        return text
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var result = self
        while result.first == " " { result.removeFirst() }
        while result.last == " " { result.removeLast() }
        return result
    }
}
