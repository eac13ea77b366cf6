import MMEXModel
import MMEXSchema
import SQLiteEngine

/// An in-memory database made from `Schema/tables.sql`, the way the iOS app makes one (paragraph by paragraph).
func schemaDatabase() throws -> EngineConnection {
    let connection = try EngineConnection(path: ":memory:", options: .create)
    for paragraph in try MMEXSchema.tablesParagraphs() { try connection.execute(paragraph) }
    return connection
}

extension StoredValue {
    var engineValue: SQLiteValue {
        switch self {
        case .null: .null
        case .integer(let value): .integer(value)
        case .real(let value): .real(value)
        case .text(let value): .text(value)
        case .blob(let value): .blob(value)
        }
    }

    init(_ value: SQLiteValue) {
        switch value {
        case .null: self = .null
        case .integer(let value): self = .integer(value)
        case .real(let value): self = .real(value)
        case .text(let value): self = .text(value)
        case .blob(let value): self = .blob(value)
        }
    }
}

/// A valid value for every column of a record type: distinct integers, text, and a REAL for numeric columns.
func sampleValues(for type: any MMEXRecord.Type) -> [StoredValue] {
    type.columns.enumerated().map { index, column in
        switch column.storage {
        case .integer: .integer(Int64(1000 + index))
        case .text: .text("text \(index)")
        case .numeric: .real(0.25 + Double(index))
        }
    }
}
