import SQLiteEngine

// What a connection caches of the record INSERTs it ran (`ConnectionCore.insertSQLCache`, `lastInsert`).

/// A table, its inserted columns and the conflict clause: what an INSERT's text depends on.
struct InsertShape: Hashable {
    let table: String
    let columns: [String]
    let conflict: Database.ConflictResolution?
}

/// The INSERT a connection ran last for a record, with its shape (see
/// ``Database/insertStatement(table:container:conflict:)``).
struct LastInsert {
    let table: String
    let columns: [String]
    let conflict: Database.ConflictResolution?
    let statement: Statement
}
