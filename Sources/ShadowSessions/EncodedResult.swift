import Differential

/// One side's returned value as the shadow compares it.
enum EncodedResult {
    /// The unit threw, or its value is not `Encodable`: nothing to compare field by field.
    case notCompared
    /// The value's fields.
    case value(FieldValue)
    /// The value's `encode(to:)` threw (the error's type and description).
    case unencodable(String)

    var value: FieldValue? {
        if case .value(let value) = self { return value }
        return nil
    }

    var isUnencodable: Bool {
        if case .unencodable = self { return true }
        return false
    }

    /// As a mismatch shows this side.
    var shown: String {
        switch self {
        case .notCompared: "a value that is not Encodable"
        case .value(let value): value.rendered()
        case .unencodable(let error): "a value that could not be encoded (\(error))"
        }
    }
}
