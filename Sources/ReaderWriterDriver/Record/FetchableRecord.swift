/// A type built from a result row.
///
/// Write `init(row:)` by hand, reading columns by index, for the fastest decoding (no allocation, no name
/// lookup). A `Decodable` type gets `init(row:)` for free: its coding keys are matched to column names.
///
/// ```swift
/// struct Account: FetchableRecord {
///     var id: Int64, name: String, balance: Double?
///     init(row: Row) throws { id = try row.decode(atIndex: 0); name = row[1]; balance = row[2] }
/// }
/// let accounts = try Account.fetchAll(db, sql: "SELECT id, name, balance FROM account")
/// ```
public protocol FetchableRecord {
    /// Builds a value from a row (valid only during the call).
    init(row: Row) throws
}

extension FetchableRecord where Self: Decodable {
    /// Decodes the record from the row's columns, matching coding keys to column names.
    public init(row: Row) throws {
        self = try Self(from: RowDecoder(row: row))
    }
}
