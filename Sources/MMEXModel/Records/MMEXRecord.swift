/// One row of an MMEX table as a plain value: the contract every record type keeps.
///
/// Each conformer is a struct with one stored property per column, in the table's column order, named in Swift style;
/// ``columns`` documents the mapping (property ``MMEXColumn/field`` ↔ SQL ``MMEXColumn/name``) and is the one place
/// both drivers' repositories and the differential suite read it from. A NOT NULL column is a non-optional property, a
/// nullable one an optional. The `integer primary key` (always the first column) is ``id``: SQLite never stores NULL
/// there, so it is non-optional even where the schema does not say NOT NULL.
///
/// A record whose ``id`` is ``unsavedID`` (0) has not been stored yet: inserting repositories mint an id for it with
/// the session's ``IdentifierMinter``; any other id is stored as given.
///
/// Codable keys are the Swift field names (JSON output reads like the model); ``storedValues()`` and
/// ``init(storedValues:)`` map to and from column values in ``columns`` order.
public protocol MMEXRecord: Sendable, Hashable, Codable {
    /// The table, e.g. `ACCOUNTLIST_V1`.
    static var tableName: String { get }
    /// Every column of the MMEX v21 table, in schema order.
    static var columns: [MMEXColumn] { get }
    /// The primary key (the first column).
    var id: Int64 { get set }
}

extension MMEXRecord {
    /// The id of a record not stored yet (0: MMEX never mints it).
    public static var unsavedID: Int64 { 0 }

    /// Whether ``id`` is ``unsavedID``.
    public var isUnsaved: Bool { id == Self.unsavedID }

    /// The primary key column.
    public static var primaryKey: MMEXColumn { columns[0] }

    /// The SQL names of every column, in order (`ACCOUNTID, ACCOUNTNAME, ...`), for select lists and inserts.
    public static var columnNames: [String] { columns.map(\.name) }

    /// The column a Swift field maps to, if any.
    public static func column(forField field: String) -> MMEXColumn? {
        columns.first { $0.field == field }
    }

    /// The column with an SQL name (compared ASCII case-insensitively, as SQLite compares identifiers), if any.
    public static func column(named name: String) -> MMEXColumn? {
        let wanted = name.asciiUppercased
        return columns.first { $0.name.asciiUppercased == wanted }
    }
}

/// One column of an MMEX table and the Swift field it maps to.
public struct MMEXColumn: Sendable, Hashable, Codable {
    /// The declared storage, as `tables.sql` declares it.
    public enum Storage: String, Sendable, Hashable, Codable {
        /// `integer`: ids, flags, counts (Swift `Int64`).
        case integer
        /// `TEXT`: names, notes, dates (Swift `String`, ``MMEXDate`` or an ``OpenTextEnum``).
        case text
        /// `numeric`: amounts and rates (Swift ``Amount``).
        case numeric
    }

    /// The SQL column name, e.g. `ACCOUNTNAME`.
    public let name: String
    /// The Swift property name, e.g. `name`.
    public let field: String
    /// The declared storage.
    public let storage: Storage
    /// Whether the column allows NULL (and the property is optional).
    public let isNullable: Bool

    public init(_ name: String, field: String, _ storage: Storage, nullable: Bool = false) {
        self.name = name
        self.field = field
        self.storage = storage
        self.isNullable = nullable
    }

    /// The primary key column: `integer primary key`, never NULL in a stored row.
    public static func id(_ name: String) -> MMEXColumn {
        MMEXColumn(name, field: "id", .integer)
    }
}

extension String {
    /// This string with ASCII letters upper-cased (SQLite's identifier and NOCASE comparisons are ASCII-only).
    var asciiUppercased: String {
        String(decoding: utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
    }
}
