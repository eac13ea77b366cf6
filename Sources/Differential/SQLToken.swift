/// A token of SQL text (words, operators, parentheses, commas), with literals, quoted names and comments kept whole
/// so nothing inside them is split: what reading a schema's keys (``SchemaKeys``) and the planted-bug run's mutant
/// finder need.
package struct SQLToken {
    package enum Kind { case word, symbol, literal, space }
    package let kind: Kind
    package let text: String
    package let start: Int
    package let end: Int

    package var upper: String { kind == .word ? text.uppercased() : text }

    package static func tokens(_ sql: String) -> [SQLToken] {
        let bytes = Array(sql.utf8)
        var tokens: [SQLToken] = []
        var index = 0
        func add(_ kind: Kind, _ start: Int, _ end: Int) {
            tokens.append(SQLToken(kind: kind, text: String(decoding: bytes[start..<end], as: UTF8.self), start: start, end: end))
        }
        func isWordByte(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x5F || byte == 0x24 || byte >= 0x80
        }
        while index < bytes.count {
            let start = index
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
                add(.space, start, index)
            case 0x27, 0x22, 0x60:  // 'text', "name", `name`: doubled quotes stay inside
                index += 1
                while index < bytes.count {
                    if bytes[index] == byte {
                        if index + 1 < bytes.count, bytes[index + 1] == byte { index += 2; continue }
                        index += 1
                        break
                    }
                    index += 1
                }
                add(.literal, start, index)
            case 0x5B:  // [name]
                while index < bytes.count, bytes[index] != 0x5D { index += 1 }
                index = min(index + 1, bytes.count)
                add(.literal, start, index)
            case 0x2D where index + 1 < bytes.count && bytes[index + 1] == 0x2D:  // -- comment
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                add(.space, start, index)
            case 0x3C, 0x3E, 0x3D, 0x21, 0x7C:  // < > = ! |: longest operator
                index += 1
                if index < bytes.count, [0x3D, 0x3E, 0x7C].contains(bytes[index]) { index += 1 }
                add(.symbol, start, index)
            case 0x3F, 0x3A, 0x40:  // ?NNN, :name, @name
                index += 1
                while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
                add(.literal, start, index)
            default:
                if isWordByte(byte) {
                    while index < bytes.count, isWordByte(bytes[index]) || bytes[index] == 0x2E { index += 1 }
                    add(.word, start, index)
                } else {
                    index += 1
                    add(.symbol, start, index)
                }
            }
        }
        return tokens
    }
}
