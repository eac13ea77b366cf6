import Differential

/// The canonical, one-line text of values in a transcript: the same value always gives the same bytes, and no text
/// ever holds a line break, so every record stays on its own line.
package enum CanonicalText {
    /// A string in double quotes, JSON's escapes for `"`, `\` and control characters (`\n`, `\t`, `\r`, else
    /// `\u00XX`); every other character as its UTF-8.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let scalar where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Reads a string ``quoted(_:)`` wrote (the whole of `text`), or `nil` when it is not one.
    package static func unquoted(_ text: Substring) -> String? {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return nil }
        var result = String.UnicodeScalarView()
        var scalars = text.dropFirst().dropLast().unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\"" { return nil }
            guard scalar == "\\" else {
                result.append(scalar)
                continue
            }
            switch scalars.next() {
            case "\"": result.append("\"")
            case "\\": result.append("\\")
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "u":
                var hex = ""
                for _ in 0..<4 { if let digit = scalars.next() { hex.unicodeScalars.append(digit) } }
                guard hex.count == 4, let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else {
                    return nil
                }
                result.append(decoded)
            default: return nil
            }
        }
        return String(result)
    }

    /// A returned value: JSON-like, object members sorted by key (objects compare by key), integers without a
    /// point (`1`), floating-point numbers as Swift's shortest round-trip text (`1.0`, `-0.0`, `1e+20`, `nan`,
    /// `inf`), so `1` and `1.0` stay apart as the differential keeps them.
    package static func value(_ value: FieldValue) -> String {
        var text = ""
        render(value, into: &text)
        return text
    }

    private static func render(_ value: FieldValue, into text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .integer(let number): text += String(number)
        case .unsigned(let number): text += String(number)
        case .double(let number): text += String(number)
        case .string(let string): text += quoted(string)
        case .array(let items):
            text += "["
            for (offset, item) in items.enumerated() {
                if offset > 0 { text += "," }
                render(item, into: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            let sorted = members.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
            for (offset, member) in sorted.enumerated() {
                if offset > 0 { text += "," }
                text += quoted(member.key) + ":"
                render(member.value, into: &text)
            }
            text += "}"
        }
    }
}
