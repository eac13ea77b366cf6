import Differential
import SQLiteEngine

/// One cell of a transcript's row detail: a stored value with its storage class, written as one word so a row stays
/// on one line.
///
/// The word's shape gives the storage class: `NULL`; an integer without a point (`12`); a real as Swift's shortest
/// text that reads back to the same bits, always with a point or an exponent (`4.0`, `1e+20`, `inf`); text in
/// double quotes with JSON's escapes (`"Dune"`, `"a\nb"`); a blob as `x'00ff'`. Text or a blob whose word would be
/// longer than the transcript's `large-values` limit is kept as `~text:BYTES:SHA256` (the word's length and hash);
/// a value of a redacted column as `<redacted>`.
enum RecordedCell: Sendable, Hashable {
    /// The value itself.
    case value(SQLiteValue)
    /// Text or a blob whose word is `bytes` long with this SHA-256.
    case large(StorageClass, bytes: Int, sha256: String)
    /// A value of a redacted column: never written, never compared.
    case redacted

    /// The cell to write for `value`: redacted, kept as its hash when its word is longer than `limit`, else itself.
    static func recording(_ value: SQLiteValue, limit: Int, redacted: Bool) throws(TranscriptError) -> RecordedCell {
        if redacted { return .redacted }
        switch value {
        case .text, .blob:
            let word = word(value)
            let bytes = word.utf8.count
            return bytes > limit ? .large(value.storageClass, bytes: bytes, sha256: try SHA256Digest.hex(of: word)) : .value(value)
        default:
            return .value(value)
        }
    }

    /// The word a value is written as (never abbreviated).
    static func word(_ value: SQLiteValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let number): String(number)
        case .real(let number): String(number)
        case .text(let text): CanonicalText.quoted(text)
        case .blob(let bytes): "x'" + bytes.hexString + "'"
        }
    }

    /// The cell's word in the transcript.
    var word: String {
        switch self {
        case .value(let value): Self.word(value)
        case .large(let storage, let bytes, let sha256): "~\(storage):\(bytes):\(sha256)"
        case .redacted: "<redacted>"
        }
    }

    /// Reads a word ``word`` wrote; `nil` when it is not one (a word that reads as a value but is not written
    /// that way, `+5` or `1.50`, is not one either).
    init?(word: Substring) {
        if word == "<redacted>" {
            self = .redacted
            return
        }
        if word.first == "~" {
            let parts = word.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 3, let bytes = Int(parts[1]), bytes >= 0, parts[2].count == 64,
                  parts[2].allSatisfy({ $0.isHexDigit && !$0.isUppercase })
            else { return nil }
            switch parts[0] {
            case "text": self = .large(.text, bytes: bytes, sha256: String(parts[2]))
            case "blob": self = .large(.blob, bytes: bytes, sha256: String(parts[2]))
            default: return nil
            }
            return
        }
        guard let value = Self.value(word), Self.word(value) == word else { return nil }
        self = .value(value)
    }

    private static func value(_ word: Substring) -> SQLiteValue? {
        if word == "NULL" { return .null }
        if word.first == "\"" { return CanonicalText.unquoted(word).map(SQLiteValue.text) }
        if word.hasPrefix("x'"), word.hasSuffix("'"), word.count >= 3 {
            let hex = Array(word.dropFirst(2).dropLast().utf8)
            guard hex.count % 2 == 0 else { return nil }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(hex.count / 2)
            for index in stride(from: 0, to: hex.count, by: 2) {
                guard let byte = UInt8(String(decoding: hex[index...index + 1], as: UTF8.self), radix: 16) else { return nil }
                bytes.append(byte)
            }
            return .blob(bytes)
        }
        if let integer = Int64(word) { return .integer(integer) }
        if let real = Double(word), !real.isNaN { return .real(real) }
        return nil
    }

    /// Whether `value` is what the cell recorded: the same storage class and value (reals by bit pattern), the same
    /// word's hash for a large one; a redacted cell matches anything.
    func matches(_ value: SQLiteValue) throws(TranscriptError) -> Bool {
        switch self {
        case .value(let recorded): return recorded.isIdentical(to: value)
        case .large(let storage, let bytes, let sha256):
            guard value.storageClass == storage else { return false }
            let word = Self.word(value)
            guard word.utf8.count == bytes else { return false }
            return try SHA256Digest.hex(of: word) == sha256
        case .redacted: return true
        }
    }

    /// As a mismatch shows a stored value (the differential's form, which the trap classifier reads):
    /// `'Dune' (text)`; a large one as its size and hash; a redacted one as `<redacted>`.
    var rendered: String {
        switch self {
        case .value(let value): value.renderedStored
        case .large(let storage, let bytes, let sha256): "(\(bytes) bytes of \(storage), sha256 \(sha256.prefix(16))…)"
        case .redacted: "<redacted>"
        }
    }

    /// As a missing or extra row shows the cell: its SQL literal.
    var literal: String {
        switch self {
        case .value(let value): value.description
        case .large(let storage, let bytes, _): "(\(bytes) bytes of \(storage))"
        case .redacted: "<redacted>"
        }
    }
}
