import Differential

/// How a shadow session decides which units to compare, what counts as a difference, and where reports go: the
/// controls of GitHub's Scientist (`enabled?`, `run_if`, `ignore`, `clean`, `compare`, `raise_on_mismatches`,
/// `publish`), applied to units of work.
public struct ShadowOptions: Sendable {
    /// Asked before every unit: `false` turns the shadow off (the app's unit runs on the control alone). A remote
    /// switch goes here.
    public var isEnabled: @Sendable () -> Bool = { true }
    /// The share of enabled units that are compared, from 0 (none) to 1 (every one). Units are drawn at random (from
    /// ``samplingSeed``), so a pattern in the app's calls cannot hide from the sample.
    public var sampleRate: Double = 1
    /// The seed of the sampling draws; `nil` for a random one.
    public var samplingSeed: UInt64?
    /// Asked for every enabled unit before sampling: `false` runs it on the control alone. Exclude units whose closure
    /// has effects outside its context (it runs once per side when compared).
    public var runIf: @Sendable (ShadowUnit) -> Bool = { _ in true }
    /// Known differences: a compared unit whose every difference one of these covers counts as ignored and is not
    /// published as a mismatch.
    public var ignore: [ShadowIgnoreRule] = []
    /// Redacts a value before it is published (amounts, names): called with the field's path (`(result)`,
    /// `payees[2].name`, `ACCOUNTLIST_V1[rowid 3].INITIALBAL`) and its value. Comparison always sees the raw values.
    public var clean: @Sendable (_ field: String, _ value: FieldValue) -> FieldValue = { _, value in value }
    /// Decides whether two returned values agree; `nil` compares field by field (`FieldValue`: integers are not
    /// doubles, doubles by bit pattern). Returned values that are not `Encodable` are not compared (after a write,
    /// the state comparison still runs). A value whose `encode(to:)` throws is never taken as agreeing: on one side
    /// it is a mismatch, on both an error event (the unit could not be compared).
    public var compare: (@Sendable (_ control: FieldValue, _ candidate: FieldValue) -> Bool)?
    /// Whether a compared write also compares the resulting state of the shadow copy with the real file.
    public var comparesState = true
    /// What of the state is compared: every table's rows, the schema and `user_version` by default. Journal mode and
    /// sidecars are off: the candidate's driver may keep its copy in another journal mode on purpose.
    public var stateComparison: StateComparison = {
        var comparison = StateComparison.all
        comparison.journalMode = false
        comparison.sidecars = false
        return comparison
    }()
    /// For tests: the first mismatch is thrown into the caller as a ``ShadowMismatchError`` (after the control
    /// committed). Never in a shipping app.
    public var raiseOnMismatches = false
    /// Where mismatches and the shadow's own errors go.
    public var publisher: any ShadowPublisher = DiscardingShadowPublisher()
    /// Draws the session resets as each unit starts (``ShadowDraws``).
    public var draws: [any ShadowDrawsResetting] = []

    /// How a thrown error is described before the two sides' errors are compared (the shadow copy's path is then
    /// replaced by the real file's). Default: ``ComparedErrors/standard(_:)``, as the differential and transcripts
    /// describe errors (an SQLite failure as its code and constraint or message, whichever library threw it).
    public var describeError: @Sendable (any Error) -> String = ComparedErrors.standard

    /// The defaults: every unit compared, no ignore rules, values published as they are (to no one), the
    /// state after a write compared without journal mode and sidecars, mismatches never thrown.
    public init() {}
}

/// A known difference: mismatches it covers are not published. Built from the differential's own vocabulary
/// (`Mismatch`), so the recorded differences of a differential run can be carried over as they are.
public struct ShadowIgnoreRule: Sendable {
    /// A name for reports and logs.
    public let id: String
    let covers: @Sendable (ShadowUnit, Mismatch) -> Bool

    /// A rule from a predicate over the unit and one difference (`kind` `.result` for returned values and errors,
    /// `.rows`, `.schema`, `.userVersion` for state).
    public init(_ id: String, covers: @escaping @Sendable (ShadowUnit, Mismatch) -> Bool) {
        self.id = id
        self.covers = covers
    }
}

/// Ready-made ``ShadowOptions/clean`` hooks.
public enum ShadowClean {
    /// Replaces the values of fields whose last path component (case-insensitively, without indexes) is in `names`
    /// by `"<redacted>"`, and every value inside them: `amount`, `payeeName`, `INITIALBAL`.
    public static func redacting(_ names: Set<String>) -> @Sendable (String, FieldValue) -> FieldValue {
        let wanted = Set(names.map { $0.uppercased() })
        return { field, value in
            if wanted.contains(lastComponent(field)) { return .string("<redacted>") }
            return redact(value, wanted)
        }
    }

    private static func lastComponent(_ field: String) -> String {
        var last = field.split(separator: ".").last.map(String.init) ?? field
        if let bracket = last.firstIndex(of: "[") { last = String(last[..<bracket]) }
        return last.uppercased()
    }

    private static func redact(_ value: FieldValue, _ wanted: Set<String>) -> FieldValue {
        switch value {
        case .object(let members):
            return .object(members.map { member in
                wanted.contains(member.key.uppercased())
                    ? FieldValue.Member(named: member.key, .string("<redacted>"))
                    : FieldValue.Member(named: member.key, redact(member.value, wanted))
            })
        case .array(let items):
            return .array(items.map { redact($0, wanted) })
        default:
            return value
        }
    }
}

/// Thrown into the caller by a session with ``ShadowOptions/raiseOnMismatches`` (tests only): the first mismatch.
public struct ShadowMismatchError: Error, Sendable, CustomStringConvertible {
    /// The mismatch event of the unit that differed, as it was also published: its differences and both sides.
    public let event: ShadowEvent

    /// Names the unit and the first difference: where, and what each side had there.
    public var description: String {
        let first = event.differences.first.map { " at \($0.field): control \($0.control), candidate \($0.candidate)" } ?? ""
        return "the candidate differs from the control in \(event.unit)\(first)"
    }
}
