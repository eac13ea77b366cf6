import MMEXModel
import PersistenceSession

/// The errors both drivers' repositories raise for references MMEX keeps in application code (the schema declares
/// no enforced foreign keys): deleting a row something still uses, or pointing at a row that does not exist.
public enum ReferenceErrors {
    /// `Record` row `id` cannot be deleted: `user` (a table, or `INFOTABLE_V1.BASECURRENCYID`) still refers to it.
    public static func inUse<Record: MMEXRecord>(_ record: Record.Type, id: Int64, by user: String) -> PersistenceError {
        .constraintViolated(
            ConstraintViolation(
                kind: .foreignKey, table: Record.tableName, columns: [Record.primaryKey.name],
                message: "\(Record.tableName) row \(id) is used by \(user)"
            )
        )
    }

    /// A reference to `Record` row `id`, which does not exist.
    public static func missing<Record: MMEXRecord>(_ record: Record.Type, id: Int64) -> PersistenceError {
        .constraintViolated(
            ConstraintViolation(
                kind: .foreignKey, table: Record.tableName, columns: [Record.primaryKey.name],
                message: "\(Record.tableName) has no row \(id)"
            )
        )
    }
}
