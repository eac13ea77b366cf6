import MMEXModel
import MMEXSessionSupport
import MMEXSession
import PersistenceSession
import ReaderWriterDriver
import ReaderWriterSessions
import SQLiteEngine

/// What a reader/writer repository works with during one unit of work: the `db` handle the queue or pool lent to
/// it, the unit's scope, the id minter, and what error messages need.
package struct ReaderWriterUnit {
    let db: Database
    let scope: UnitScope
    let minter: IdentifierMinter
    let path: String?
    let keyGiven: Bool

    /// The MMEX unit of a generic engine's unit of work.
    init(_ unit: ReaderWriterUnitOfWork, minter: IdentifierMinter, path: String?, keyGiven: Bool) {
        db = unit.db
        scope = unit.scope
        self.minter = minter
        self.path = path
        self.keyGiven = keyGiven
    }

    /// Runs one repository call: refuses it after the unit ended (before touching `db`, whose use after its
    /// closure would stop the program), and reports driver failures as ``PersistenceError``s.
    func run<T>(_ body: (Database) throws -> T) throws -> T {
        try scope.check()
        do {
            return try body(db)
        } catch {
            throw ReaderWriterErrors.mapped(error, path: path, keyGiven: keyGiven)
        }
    }
}

extension Row {
    /// A column that must hold TEXT (`INFONAME`, `INFOVALUE`, ...): read strictly, as the model maps columns, so a
    /// value of another storage class is reported by table and column rather than converted.
    func text(_ index: Int, table: String, column: String) throws -> String {
        let value = try decode(SQLiteValue.self, atIndex: index)
        guard case .text(let text) = value else {
            throw SessionErrors.unreadableValue(table: table, column: column, found: value.typeName, expected: "text")
        }
        return text
    }

    /// A nullable TEXT column (`SETTINGVALUE`).
    func optionalText(_ index: Int, table: String, column: String) throws -> String? {
        let value = try decode(SQLiteValue.self, atIndex: index)
        if case .null = value { return nil }
        return try text(index, table: table, column: column)
    }

    /// An INTEGER column (ids).
    func integer(_ index: Int, table: String, column: String) throws -> Int64 {
        let value = try decode(SQLiteValue.self, atIndex: index)
        guard case .integer(let number) = value else {
            throw SessionErrors.unreadableValue(table: table, column: column, found: value.typeName, expected: "integer")
        }
        return number
    }
}

extension SQLiteValue {
    /// SQLite's `typeof()` name of the value.
    var typeName: String {
        switch self {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        }
    }
}
