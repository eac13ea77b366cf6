import Differential

extension CanonicalText {
    /// Reads a returned value's canonical text (``value(_:)``) back into its field tree, so two recorded values can
    /// be compared field by field as the differential compares them; `nil` when the text is not one.
    static func fieldValue(_ text: String) -> FieldValue? {
        var reader = CanonicalValueReader(Array(text.unicodeScalars))
        guard let value = reader.value(), reader.atEnd else { return nil }
        return value
    }
}

/// A recursive reader of canonical values: objects, arrays, quoted strings, `null`, `true`, `false` and numbers.
private struct CanonicalValueReader {
    let scalars: [Unicode.Scalar]
    var index = 0
    /// Deeper than this is not a value this toolkit wrote (and would exhaust the stack).
    static let maximumDepth = 512

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var atEnd: Bool { index == scalars.count }

    mutating func value(depth: Int = 0) -> FieldValue? {
        guard index < scalars.count, depth < Self.maximumDepth else { return nil }
        switch scalars[index] {
        case "{":
            index += 1
            var members: [FieldValue.Member] = []
            if consume("}") { return .object(members) }
            repeat {
                guard let key = string(), consume(":"), let item = value(depth: depth + 1) else { return nil }
                members.append(FieldValue.Member(named: key, item))
            } while consume(",")
            return consume("}") ? .object(members) : nil
        case "[":
            index += 1
            var items: [FieldValue] = []
            if consume("]") { return .array(items) }
            repeat {
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
            } while consume(",")
            return consume("]") ? .array(items) : nil
        case "\"":
            return string().map(FieldValue.string)
        default:
            return literal()
        }
    }

    private mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
        guard index < scalars.count, scalars[index] == scalar else { return false }
        index += 1
        return true
    }

    /// A quoted string, read by ``CanonicalText/unquoted(_:)``.
    private mutating func string() -> String? {
        guard index < scalars.count, scalars[index] == "\"" else { return nil }
        var end = index + 1
        var escaped = false
        while end < scalars.count {
            if escaped {
                escaped = false
            } else if scalars[end] == "\\" {
                escaped = true
            } else if scalars[end] == "\"" {
                break
            }
            end += 1
        }
        guard end < scalars.count else { return nil }
        var quoted = String.UnicodeScalarView()
        quoted.append(contentsOf: scalars[index...end])
        index = end + 1
        return CanonicalText.unquoted(Substring(String(quoted)))
    }

    private mutating func literal() -> FieldValue? {
        let start = index
        while index < scalars.count, !["," as Unicode.Scalar, "]", "}", ":"].contains(scalars[index]) { index += 1 }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start..<index])
        let word = String(view)
        switch word {
        case "null": return .null
        case "true": return .bool(true)
        case "false": return .bool(false)
        default:
            if let integer = Int64(word) { return .integer(integer) }
            if let unsigned = UInt64(word) { return .unsigned(unsigned) }
            if let double = Double(word), String(double) == word || double.isNaN { return .double(double) }
            return nil
        }
    }
}
