import LegacyDriver
import LegacySessions
import MMEXModel
import MMEXSessionSupport
import MMEXSession
import PersistenceSession

/// What a legacy repository works with during one unit of work: the session's retained connection, the unit's
/// scope, the id minter, and what error messages need.
package struct LegacyUnit {
    let db: Connection
    let scope: UnitScope
    let minter: IdentifierMinter
    let path: String?
    let keyGiven: Bool

    /// The MMEX unit of a generic engine's unit of work.
    init(_ unit: LegacyUnitOfWork, minter: IdentifierMinter, path: String?, keyGiven: Bool) {
        db = unit.connection
        scope = unit.scope
        self.minter = minter
        self.path = path
        self.keyGiven = keyGiven
    }

    /// Runs one repository call: refuses it after the unit ended, and reports driver failures as
    /// ``PersistenceError``s.
    func run<T>(_ body: () throws -> T) throws -> T {
        try scope.check()
        do {
            return try body()
        } catch {
            throw LegacyErrors.mapped(error, path: path, keyGiven: keyGiven)
        }
    }

    /// Reads a row's value; a value of the wrong storage class is reported by table and column.
    func read<V>(_ table: String, _ body: () throws(LegacyError) -> V) throws -> V {
        do {
            return try body()
        } catch {
            throw LegacyErrors.unreadable(error, table: table) ?? LegacyErrors.mapped(error, path: path, keyGiven: keyGiven)
        }
    }
}
