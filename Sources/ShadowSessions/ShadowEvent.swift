import Differential
import Foundation

/// What a shadow session publishes: a compared unit that differed, or an error of the shadow machinery itself.
public struct ShadowEvent: Sendable, Encodable {
    /// Whether an event reports a difference between the sides or a failure of the shadow itself.
    public enum Kind: String, Sendable, Codable {
        /// The candidate returned, threw or wrote something else than the control.
        case mismatch
        /// The shadow itself failed (copying the file, opening the candidate, comparing): the app's unit was not
        /// affected and the shadow is re-made before the next compared unit.
        case error
    }

    /// What one side did in the unit, its values already cleaned (``ShadowOptions/clean``).
    public struct Side: Sendable, Encodable {
        /// The returned value as a field tree; `nil` when it threw, or returned a value that is not `Encodable`.
        public var result: FieldValue?
        /// The error as compared (``ShadowOptions/describeError``, by default the tools' standard form) when it threw.
        public var error: String?
        /// Wall-clock seconds of the unit on this side.
        public var seconds: Double

        enum CodingKeys: String, CodingKey { case result, error, seconds }

        /// Writes `result` as plain JSON (objects, arrays, numbers, strings, booleans, null) and `error`, each only
        /// when set, and `seconds`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(result.map(EncodableFieldValue.init), forKey: .result)
            try container.encodeIfPresent(error, forKey: .error)
            try container.encode(seconds, forKey: .seconds)
        }
    }

    /// One place where the two sides differ, values cleaned.
    public struct Difference: Sendable, Codable, Hashable {
        /// `result` (returned values or errors), `rows`, `schema`, `userVersion` (the state after a write).
        public var kind: String
        /// A path into the returned value (`entries[2].value`, `(error)`, `(outcome)`) or a place on disk
        /// (`INFOTABLE_V1[rowid 3].INFOVALUE`).
        public var field: String
        /// The control's side, rendered and cleaned (``ShadowOptions/clean``): what the app was given, or what
        /// the real file holds.
        public var control: String
        /// The candidate's side, rendered and cleaned as ``control`` is.
        public var candidate: String
        /// The porting trap this difference is (or follows from), `nil` when none is named.
        public var trap: String?
        /// When the trap was given because the difference follows from another one in the unit: that one's place
        /// (``Differential/Mismatch/followsFrom``).
        public var followsFrom: String?
    }

    /// Whether this event is a ``Kind/mismatch`` or a shadow ``Kind/error``.
    public var kind: Kind
    /// When it happened (ISO 8601, UTC).
    public var date: String
    /// The unit's name (``ShadowUnit``).
    public var unit: String
    /// `read` or `write`.
    public var operation: String
    /// What the control did in the unit; `nil` for an ``Kind/error`` event.
    public var control: Side?
    /// What the candidate did on the shadow copy; `nil` for an ``Kind/error`` event.
    public var candidate: Side?
    /// The differences (mismatches), at most ``ShadowSession``'s limit per unit.
    public var differences: [Difference]
    /// Every porting trap the differences are instances of (`PortingTrap` ids of Differential, e.g. `uuid-form`,
    /// `date-parse`), root causes first, each once; empty when none is.
    public var traps: [String]
    /// The first of ``traps`` (the root cause), `null` when none is named: kept for log readers of one trap per event.
    public var trap: String? { traps.first }
    /// For ``Kind/error``: which step of the shadow failed and why.
    public var error: String?

    enum CodingKeys: String, CodingKey { case kind, date, unit, operation, control, candidate, differences, trap, traps, error }

    /// Writes every key; `trap` is always present (`null` when no trap is named), `control`, `candidate`
    /// and `error` only when set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(date, forKey: .date)
        try container.encode(unit, forKey: .unit)
        try container.encode(operation, forKey: .operation)
        try container.encodeIfPresent(control, forKey: .control)
        try container.encodeIfPresent(candidate, forKey: .candidate)
        try container.encode(differences, forKey: .differences)
        // Always present (null until named), so a log reader can rely on the key.
        try container.encode(trap, forKey: .trap)
        try container.encode(traps, forKey: .traps)
        try container.encodeIfPresent(error, forKey: .error)
    }

    /// A unit's differences with their porting traps named, root causes first, and every trap they show, each
    /// once. A difference no rule names but that follows from a form difference in the same unit takes its name
    /// (``Differential/Mismatch/followsFrom``). The shadow copy holds what the control's file holds, so equal stored
    /// rows mean equal stored text: a returned date that differs then was parsed differently (`date-parse`).
    package static func namingTraps(_ differences: [Mismatch]) -> (differences: [Mismatch], traps: [String]) {
        let named = TrapConsequences.attribute(
            differences.map { difference in
                var named = difference
                named.trap = named.trap ?? PortingTrap.classify(named)
                return named
            },
            comparesRows: true
        )
        var traps: [String] = []
        for id in named.compactMap(\.trap?.id) where !traps.contains(id) { traps.append(id) }
        return (named, traps)
    }

    static func now() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date())
    }
}

/// A field tree as plain JSON: objects, arrays, numbers, strings, booleans, null.
struct EncodableFieldValue: Encodable {
    let value: FieldValue

    init(_ value: FieldValue) { self.value = value }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        switch value {
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for member in members { try container.encode(EncodableFieldValue(member.value), forKey: Key(member.key)) }
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(EncodableFieldValue(item)) }
        default:
            var container = encoder.singleValueContainer()
            switch value {
            case .null: try container.encodeNil()
            case .bool(let flag): try container.encode(flag)
            case .integer(let number): try container.encode(number)
            case .unsigned(let number): try container.encode(number)
            case .double(let number):
                // JSON has no NaN or infinity: such doubles are written as text.
                if number.isFinite { try container.encode(number) } else { try container.encode(String(number)) }
            case .string(let text): try container.encode(text)
            case .object, .array: break
            }
        }
    }
}
