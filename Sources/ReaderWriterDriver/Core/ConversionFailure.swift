import SQLiteEngine

/// The words of a conversion error: what a column held that the requested type cannot represent.
enum ConversionFailure {
    /// How much of a text or blob value an error message shows.
    static let excerptLength = 40

    /// "is NULL", or "holds TEXT '2024-13-45'" / "holds BLOB of 3 bytes" / "holds INTEGER 7", then the type.
    static func held<Value>(_ value: SQLiteValue, type: Value.Type) -> String {
        let shown: String
        switch value {
        case .null: return "is NULL"
        case .integer(let number): shown = "INTEGER \(number)"
        case .real(let number): shown = "REAL \(number)"
        case .text(let text):
            let excerpt = text.count > excerptLength ? String(text.prefix(excerptLength)) + "..." : text
            shown = "TEXT '\(excerpt)'"
        case .blob(let bytes): shown = "BLOB of \(bytes.count) bytes"
        }
        return "holds \(shown) which \(Value.self) cannot represent"
    }
}
