/// One value as a database column holds it, in one of SQLite's five storage classes, without any driver type.
///
/// The neutral currency between a record and a driver: ``MMEXRecord/storedValues()`` and
/// ``MMEXRecord/init(storedValues:)`` map a record to and from these, and report queries return them as cells. Each
/// driver converts to and from its own value type at its edge.
public enum StoredValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The storage class name SQLite's `typeof()` returns: `null`, `integer`, `real`, `text`, `blob`.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        }
    }

    /// Whether this is NULL.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension StoredValue: CustomStringConvertible {
    /// SQL-literal-like text: `NULL`, `12`, `0.1`, `'text'`, `x'00ff'`.
    public var description: String {
        switch self {
        case .null: return "NULL"
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let text):
            var quoted = "'"
            for character in text { quoted += character == "'" ? "''" : String(character) }
            return quoted + "'"
        case .blob(let bytes):
            let digits = Array("0123456789abcdef")
            var hex = "x'"
            for byte in bytes {
                hex.append(digits[Int(byte >> 4)])
                hex.append(digits[Int(byte & 0x0F)])
            }
            return hex + "'"
        }
    }
}

extension StoredValue: Codable {
    private enum CodingKeys: String, CodingKey {
        case null, integer, real, text, blob
    }

    /// Decodes `{"null": true}`, `{"integer": 1}`, `{"real": 0.5}`, `{"text": "..."}` or `{"blob": [0, 255]}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let value = try container.decodeIfPresent(Int64.self, forKey: .integer) {
            self = .integer(value)
        } else if let value = try container.decodeIfPresent(Double.self, forKey: .real) {
            self = .real(value)
        } else if let value = try container.decodeIfPresent(String.self, forKey: .text) {
            self = .text(value)
        } else if let value = try container.decodeIfPresent([UInt8].self, forKey: .blob) {
            self = .blob(value)
        } else if container.contains(.null) {
            self = .null
        } else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "a StoredValue needs one storage class key"
                )
            )
        }
    }

    /// Encodes the storage class as the key, so JSON keeps `1` and `1.0` and `"1"` apart.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .null: try container.encode(true, forKey: .null)
        case .integer(let value): try container.encode(value, forKey: .integer)
        case .real(let value): try container.encode(value, forKey: .real)
        case .text(let value): try container.encode(value, forKey: .text)
        case .blob(let value): try container.encode(value, forKey: .blob)
        }
    }
}
