/// A record could not be mapped to or from column values; names the table, column and field.
public struct RecordMappingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// A NOT NULL column held NULL.
        case nullInNotNullColumn
        /// The stored value's storage class does not fit the field (`found` is SQLite's `typeof()` name).
        case wrongStorage(expected: String, found: String)
        /// The number of values is not the number of columns.
        case valueCount(expected: Int, found: Int)
        /// A field has no column in ``MMEXRecord/columns`` (a model bug, caught by the model tests).
        case unmappedField
        /// A field's type is not one the mapping knows (a model bug).
        case unsupportedType(String)
    }

    public let table: String
    /// The SQL column, when one is involved.
    public let column: String?
    /// The Swift field, when one is involved.
    public let field: String?
    public let reason: Reason

    public init(table: String, column: String?, field: String?, reason: Reason) {
        self.table = table
        self.column = column
        self.field = field
        self.reason = reason
    }

    public var description: String {
        let place = [table + (column.map { ".\($0)" } ?? ""), field.map { "(field \($0))" }]
            .compactMap { $0 }.joined(separator: " ")
        switch reason {
        case .nullInNotNullColumn: return "\(place): NULL in a NOT NULL column"
        case .wrongStorage(let expected, let found): return "\(place): expected \(expected), found \(found)"
        case .valueCount(let expected, let found): return "\(place): expected \(expected) column values, found \(found)"
        case .unmappedField: return "\(place): the field has no column"
        case .unsupportedType(let type): return "\(place): unsupported field type \(type)"
        }
    }
}
