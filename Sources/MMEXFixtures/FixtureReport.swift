/// What a generator run wrote: rows per table, in the schema's table order.
public struct FixtureReport: Sendable, Codable, Equatable {
    /// One table's count of rows written by the generator (rows `tables.sql` inserts are not counted).
    public struct TableRows: Sendable, Codable, Equatable {
        public let table: String
        public let rows: Int
    }

    public let spec: FixtureSpec
    /// The generator's content version (see ``FixtureGenerator/contentVersion``).
    public let contentVersion: Int
    public let tables: [TableRows]

    /// Rows written in all tables together (updates of default rows count as rows written).
    public let rowsWritten: Int

    /// Rows written into `table` (by its name, such as `CHECKINGACCOUNT_V1`).
    public func rows(in table: String) -> Int { tables.first { $0.table == table }?.rows ?? 0 }
}
