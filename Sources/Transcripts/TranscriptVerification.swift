import Differential

/// The result of verifying an implementation against a transcript: every place it did not do what the transcript
/// recorded, each with the porting trap it is when one is known.
public struct TranscriptVerification: Sendable, Equatable, Encodable {
    /// Scenarios and operations the transcript holds.
    public let scenarios: Int
    /// How many operations the transcript holds, over all its scenarios.
    public let operations: Int
    /// Every difference found, scenario by scenario in transcript order; within a scenario, root causes first (a
    /// stored form such as a date or a UUID), then what follows from them (``TranscriptMismatch/followsFrom``), as
    /// the differential orders them. Empty when the implementation agrees.
    public let mismatches: [TranscriptMismatch]
    /// Each porting trap the mismatches name, once, with its advice, in the order they first appear (the mismatches
    /// carry only the trap's id in JSON).
    public let traps: [PortingTrap]

    init(scenarios: Int, operations: Int, mismatches: [TranscriptMismatch]) {
        self.scenarios = scenarios
        self.operations = operations
        self.mismatches = mismatches
        var seen: Set<String> = []
        traps = mismatches.compactMap(\.trap).filter { seen.insert($0.id).inserted }
    }

    /// Whether the implementation did exactly what the transcript recorded.
    public var agrees: Bool { mismatches.isEmpty }

    /// One line per mismatch, one line per porting trap they name (its advice), then the summary line.
    public var text: String {
        var lines = mismatches.map(\.description)
        lines += traps.map(\.description)
        lines.append(
            agrees
                ? "transcript verified: \(scenarios) scenarios, \(operations) operations, no mismatch"
                : "transcript differs: \(mismatches.count) mismatches in \(scenarios) scenarios, \(operations) operations"
        )
        return lines.joined(separator: "\n")
    }
}

/// One difference between what a transcript recorded and what the verified implementation did.
public struct TranscriptMismatch: Sendable, Equatable, Encodable, CustomStringConvertible {
    /// The scenario's 1-based number.
    public let scenarioNumber: Int
    /// The scenario's name.
    public let scenario: String
    /// The operation's 1-based number (`nil` for the scenario's open, close and state).
    public let operationNumber: Int?
    /// The operation's name (`nil` for the scenario's open, close and state).
    public let operation: String?
    /// What differs: `result`, `error`, `outcome`, `operation name`, `open`, `close`, `scenario`; for the state
    /// `user_version`, `schema` or `schema index NAME`, `table NAME`, `NAME.columns`, `missing row NAME[rowid 3]`,
    /// `extra row NAME[rowid 4]`, `NAME[rowid 3].COLUMN`.
    public let field: String
    /// What the transcript holds: a returned value in canonical form (or the field's value, see ``path``), `threw
    /// ...`, a stored value as the differential shows it (`'2026-01-02 10:00:00' (text)`), a row, `(absent)`.
    public let expected: String
    /// What the verified implementation did, in the same form as ``expected``.
    public let actual: String
    /// The transcript line of the record that differs (0 when the transcript has none: an extra scenario).
    public let line: Int
    /// Where inside the returned value the difference is (`[0].rating`, `createdAt`), for a `result` that differs
    /// in a field; `nil` when the values are shown whole.
    public internal(set) var path: String?
    /// The table, for a difference in the state's rows.
    public internal(set) var table: String?
    /// The row's key (`rowid 3`, or the primary key of a table without rowid: `CODE='EUR'`), for a difference in one
    /// row.
    public internal(set) var key: String?
    /// The column, for a difference in one stored value.
    public internal(set) var column: String?
    /// The porting trap this difference is, as the differential's classifier names it (`date-format`,
    /// `uuid-form`, ...); its advice is in ``TranscriptVerification/traps``.
    public internal(set) var trap: PortingTrap?
    /// When ``trap`` was given because this difference follows from another one (a lookup by a UUID stored in
    /// another form finding nothing): the trap and the root cause's place.
    public internal(set) var followsFrom: String?
    /// Why the difference is not shown finer, when it is not (`compared by hash only: ...`).
    public internal(set) var note: String?

    init(
        scenarioNumber: Int, scenario: String, operationNumber: Int?, operation: String?, field: String,
        expected: String, actual: String, line: Int
    ) {
        self.scenarioNumber = scenarioNumber
        self.scenario = scenario
        self.operationNumber = operationNumber
        self.operation = operation
        self.field = field
        self.expected = expected
        self.actual = actual
        self.line = line
    }

    /// `line 12: scenario 1 "add and list", operation 2 books: result at [0].rating: transcript 4.5; got 9.0`, then
    /// the note, the trap's id in brackets and what it follows from, when there are.
    public var description: String {
        let place = operation.map { "operation \(operationNumber ?? 0) \($0)" } ?? "scenario"
        var text = "line \(line): scenario \(scenarioNumber) \"\(scenario)\", \(place): \(field)"
            + (path.map { " at \($0)" } ?? "") + ": transcript \(expected); got \(actual)"
        if let note { text += " (\(note))" }
        if let trap { text += " [\(trap.id)]" }
        if let followsFrom { text += " (follows from \(followsFrom))" }
        return text
    }

    private enum CodingKeys: String, CodingKey {
        case scenarioNumber, scenario, operationNumber, operation, field, expected, actual, line, path, table, key, column
        case trap, followsFrom, note
    }

    /// The fields as they are, but the trap as its id only (``TranscriptVerification/traps`` has each trap's name
    /// and advice once).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scenarioNumber, forKey: .scenarioNumber)
        try container.encode(scenario, forKey: .scenario)
        try container.encodeIfPresent(operationNumber, forKey: .operationNumber)
        try container.encodeIfPresent(operation, forKey: .operation)
        try container.encode(field, forKey: .field)
        try container.encode(expected, forKey: .expected)
        try container.encode(actual, forKey: .actual)
        try container.encode(line, forKey: .line)
        try container.encodeIfPresent(path, forKey: .path)
        try container.encodeIfPresent(table, forKey: .table)
        try container.encodeIfPresent(key, forKey: .key)
        try container.encodeIfPresent(column, forKey: .column)
        try container.encodeIfPresent(trap?.id, forKey: .trap)
        try container.encodeIfPresent(followsFrom, forKey: .followsFrom)
        try container.encodeIfPresent(note, forKey: .note)
    }
}
