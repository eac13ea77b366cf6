/// One side of a mismatch, parsed back from how the harness renders it.
enum RenderedValue: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    /// Hexadecimal digits.
    case blob(String)
    case bool(Bool)

    /// A stored value (`'x' (text)`) or a returned one (`"x"`, `1`, `1.5`, `true`, `null`); `nil` for anything else
    /// (an outcome, an absent row, a cut text).
    init?(parsing rendered: String) {
        for storage in ["null", "integer", "real", "text", "blob"] where rendered.hasSuffix(" (\(storage))") {
            let literal = String(rendered.dropLast(storage.count + 3))
            guard let value = Self.storedLiteral(literal, storage) else { return nil }
            self = value
            return
        }
        guard let value = Self.returned(rendered) else { return nil }
        self = value
    }

    private static func storedLiteral(_ literal: String, _ storage: String) -> RenderedValue? {
        switch storage {
        case "null": return .null
        case "integer": return Int64(literal).map(RenderedValue.integer)
        case "real": return Double(literal).map(RenderedValue.real)
        case "text":
            guard literal.count >= 2, literal.hasPrefix("'"), literal.hasSuffix("'"), !literal.hasSuffix("…") else {
                return nil
            }
            let inner = literal.dropFirst().dropLast()
            var text = ""
            var previousQuote = false
            for character in inner {
                if character == "'" && previousQuote { previousQuote = false; continue }
                previousQuote = character == "'"
                text.append(character)
            }
            return .text(text)
        default:
            guard literal.hasPrefix("x'"), literal.hasSuffix("'") else { return nil }
            return .blob(String(literal.dropFirst(2).dropLast()))
        }
    }

    private static func returned(_ text: String) -> RenderedValue? {
        if text == "null" { return .null }
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
            return .text(String(text.dropFirst().dropLast()))
        }
        if let integer = Int64(text) { return .integer(integer) }
        if let real = Double(text), text.contains(where: { $0 == "." || $0 == "e" }) { return .real(real) }
        return nil
    }
}

/// The form of a date written as text: `yyyy-MM-dd`, then optionally a separator, `HH:mm`, `:ss`, a fraction and
/// a zone. Two values of the same form differ in value only; of different forms, in form (the trap).
struct DateShape: Equatable {
    var separator: Character?
    var hasSeconds = false
    var fractionDigits = 0
    var zone = ""

    init?(_ text: String) {
        let characters = Array(text)
        func digits(_ range: Range<Int>) -> Bool {
            range.upperBound <= characters.count && range.allSatisfy { characters[$0].isASCII && characters[$0].isNumber }
        }
        guard characters.count >= 10, digits(0..<4), characters[4] == "-", digits(5..<7), characters[7] == "-",
              digits(8..<10)
        else { return nil }
        var index = 10
        if index == characters.count { return }
        guard characters[index] == "T" || characters[index] == " ", digits(11..<13), characters.count > 13,
              characters[13] == ":", digits(14..<16)
        else { return nil }
        separator = characters[index]
        index = 16
        if index < characters.count, characters[index] == ":" {
            guard digits(17..<19) else { return nil }
            hasSeconds = true
            index = 19
            if index < characters.count, characters[index] == "." {
                index += 1
                while index < characters.count, characters[index].isASCII, characters[index].isNumber {
                    fractionDigits += 1
                    index += 1
                }
            }
        }
        let rest = String(characters[index...])
        guard rest.isEmpty || rest == "Z" || ((rest.hasPrefix("+") || rest.hasPrefix("-")) && rest.count <= 6) else {
            return nil
        }
        zone = rest
    }
}
