/// One difference between the baseline and the candidate.
public struct Mismatch: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Where the difference showed.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// An operation returned different values (or one threw).
        case result
        /// One side could not open its copy, or they failed differently.
        case open
        /// Closing failed differently.
        case close
        /// A table's rows (or its columns) differ on disk.
        case rows
        /// `sqlite_master` differs (tables, indexes, triggers, views).
        case schema
        /// `PRAGMA user_version` differs.
        case userVersion
        /// The journal mode recorded in the file differs (WAL or not).
        case journalMode
        /// The set of files beside the database differs (sidecars left behind).
        case sidecars
        /// Read back through the baseline on the candidate's copy, a read threw or returned something else than the
        /// candidate's own read (``DifferentialHarness/readBack``).
        case readBack
        /// A side's process died (a trap or a signal) while running it, with crash isolation
        /// (``DifferentialHarness/isolatesCrashes``).
        case crash
    }

    /// Where the difference showed: an operation's outcome, a table's rows, the schema, the files beside it...
    public var kind: Kind
    /// The scenario it happened in.
    public var scenario: String
    /// The scenario's seed, for generated scenarios.
    public var seed: UInt64?
    /// The operation's position in the scenario (result mismatches).
    public var operationIndex: Int?
    /// The operation's name (result mismatches).
    public var operation: String?
    /// The field: a path into the returned value (`notes[2].name`), or the place on disk (`NOTE[rowid 3].VALUE`).
    public var field: String
    /// What the baseline returned or left, rendered for reading (`"2024-01-02 10:00:00"`, `threw ...`,
    /// `(absent)`).
    public var baseline: String
    /// What the candidate returned or left, rendered as ``baseline`` is.
    public var candidate: String
    /// The known porting trap this difference is, when the harness recognises one (``PortingTrap/classify(_:)``).
    public var trap: PortingTrap?
    /// The id of the ``KnownDifference`` that covers it, when one does (it is then reported apart and does not fail
    /// the run).
    public var knownDifference: String?
    /// When ``trap`` was given because this mismatch follows from another one in the same scenario (a lookup by a
    /// UUID stored in another form finding nothing): the trap and the root cause's place
    /// (`uuid-form at BOOKMARK[rowid 1].UUID`). `nil` for a root cause and for a difference no trap explains.
    public var followsFrom: String?

    /// A mismatch; the harness builds these, and reports of other runs (a shadow session, a transcript) build
    /// them to share ``ReportPage``.
    ///
    /// - Parameters:
    ///   - kind: Where the difference showed.
    ///   - scenario: The scenario it happened in.
    ///   - seed: The scenario's seed, for a generated scenario.
    ///   - operationIndex: The operation's position in the scenario, for a result mismatch.
    ///   - operation: The operation's name, for a result mismatch.
    ///   - field: The path into the returned value, or the place on disk.
    ///   - baseline: The baseline's side, rendered.
    ///   - candidate: The candidate's side, rendered.
    ///   - trap: The porting trap the difference is, when known.
    ///   - knownDifference: The id of the known difference that covers it, if any.
    ///   - followsFrom: The root cause's trap and place, when this mismatch follows from another.
    public init(
        kind: Kind, scenario: String, seed: UInt64? = nil, operationIndex: Int? = nil, operation: String? = nil,
        field: String, baseline: String, candidate: String, trap: PortingTrap? = nil, knownDifference: String? = nil,
        followsFrom: String? = nil
    ) {
        self.kind = kind
        self.scenario = scenario
        self.seed = seed
        self.operationIndex = operationIndex
        self.operation = operation
        self.field = field
        self.baseline = baseline
        self.candidate = candidate
        self.trap = trap
        self.knownDifference = knownDifference
        self.followsFrom = followsFrom
    }

    /// `result of #3 find("alpha") field found: baseline true, candidate false`.
    public var description: String {
        var text = kind.rawValue
        if let operationIndex, let operation { text += " of #\(operationIndex) \(operation)" }
        text += " at \(field): baseline \(baseline), candidate \(candidate)"
        if let followsFrom { text += " (follows from \(followsFrom))" }
        return text
    }

    /// What identifies "the same failure" while shrinking: kind, operation name without arguments, field path
    /// without indexes and row ids.
    var signature: String {
        let base = operation.map { name in name.firstIndex(of: "(").map { String(name[..<$0]) } ?? name } ?? ""
        var path = ""
        var skipping = false
        for character in field {
            if character == "[" { skipping = true; path += "[]"; continue }
            if character == "]" { skipping = false; continue }
            if !skipping { path.append(character) }
        }
        return "\(kind.rawValue)|\(base)|\(path)"
    }
}
