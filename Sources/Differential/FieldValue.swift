/// A returned value as a tree of named fields: what the harness compares and what a mismatch quotes.
///
/// Built from any `Encodable` by ``FieldValue/init(encoding:)``. Keeps integers and floating-point numbers apart
/// (`1` is not `1.0`), keeps object member order for display, and compares objects by key.
public indirect enum FieldValue: Sendable, Hashable {
    /// A null: `nil`, or an encoder that was given nothing.
    case null
    /// A Boolean.
    case bool(Bool)
    /// A signed integer, or an unsigned one that fits in `Int64` (so `UInt8(1)` and `1` compare equal).
    case integer(Int64)
    /// An unsigned integer above `Int64.max`.
    case unsigned(UInt64)
    /// A floating-point number (`Float` widened to `Double`); never equal to an ``integer(_:)`` of the same value.
    case double(Double)
    /// A string.
    case string(String)
    /// An ordered list: an unkeyed container (an array, a set in its encoding order).
    case array([FieldValue])
    /// A keyed container (a struct, a dictionary) as its members in encoding order; compared by key.
    case object([Member])

    /// One named member of an object.
    public struct Member: Sendable, Hashable {
        /// The member's coding key, as its `stringValue`.
        public let key: String
        /// The member's value.
        public let value: FieldValue
    }

    /// The value of a member, if this is an object that has it.
    public subscript(key: String) -> FieldValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// Compact JSON-like text, cut at `limit` characters.
    public func rendered(limit: Int = 200) -> String {
        var text = ""
        render(into: &text, limit: limit)
        if text.count > limit { text = String(text.prefix(limit)) + "…" }
        return text
    }

    private func render(into text: inout String, limit: Int) {
        if text.count > limit { return }
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .integer(let value): text += String(value)
        case .unsigned(let value): text += String(value)
        case .double(let value): text += String(value)
        case .string(let value): text += "\"" + value + "\""
        case .array(let items):
            text += "["
            for (offset, item) in items.enumerated() {
                if offset > 0 { text += ", " }
                item.render(into: &text, limit: limit)
                if text.count > limit { return }
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (offset, member) in members.enumerated() {
                if offset > 0 { text += ", " }
                text += member.key + ": "
                member.value.render(into: &text, limit: limit)
                if text.count > limit { return }
            }
            text += "}"
        }
    }

    /// Exact equality for comparison: doubles by bit pattern (so `-0.0` differs from `0.0`), NaN equal to NaN,
    /// objects by key regardless of member order.
    func isIdentical(to other: FieldValue) -> Bool {
        switch (self, other) {
        case (.double(let a), .double(let b)): return a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isIdentical(to: $1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            return a.allSatisfy { member in
                b.first { $0.key == member.key }.map { member.value.isIdentical(to: $0.value) } ?? false
            }
        default: return self == other
        }
    }
}
