import Foundation

/// A golden transcript: what one session returned for every operation of a list of scenarios run on fresh copies of
/// one file, and the state each scenario left, as deterministic, line-oriented text (the format is described in
/// <doc:TranscriptFormat>).
///
/// Record it once from the implementation that is the reference (``TranscriptRunner/record(_:on:parameters:progress:)``),
/// keep the text, and verify any other implementation against it later (``TranscriptRunner/verify(_:against:on:progress:)``),
/// after the reference's code is gone.
public struct Transcript: Sendable, Equatable {
    /// The version of the text format this toolkit writes: 3, which keeps row detail beside the state hashes
    /// (<doc:TranscriptFormat>). A transcript read from version 2 text is written back as version 2.
    public static let formatVersion = 3
    /// The versions of the text format this toolkit reads: 2 (state hashes only) and 3.
    public static let readableVersions = [2, 3]

    /// The SHA-256 of the source file's bytes: what `sha256sum FILE` prints.
    public var sourceSHA256: String
    /// The SHA-256 of each sidecar the source had when recorded, by suffix (`-wal`, `-journal`): their committed or
    /// hot content is part of the database, so a verification refuses a file whose sidecars differ.
    public var sidecarSHA256: [String: String]
    /// The source file's size in bytes (the main file).
    public var sourceBytes: UInt64
    /// Returned values whose canonical text is longer than this many bytes are kept as their length and SHA-256.
    public var largeValueLimit: Int
    /// What the caller needs to make the same scenarios again (seed, operation count, slices), in order.
    public var parameters: [Parameter]
    /// What the subject did in each scenario, in the order they ran.
    public var scenarios: [ScenarioRecord]
    /// How the states were recorded (row detail, ignored and redacted tables and columns); `nil` for a transcript
    /// in format 2, which keeps the state hashes only and is verified with the runner's own ignored tables and
    /// columns.
    public var stateOptions: StateOptions?

    /// A transcript from its parts; ``TranscriptRunner/record(_:on:parameters:progress:)`` builds one, and a reader
    /// of the text format another.
    ///
    /// - Parameters:
    ///   - sourceSHA256: The SHA-256 (lower-case hex) of the source file's bytes.
    ///   - sourceBytes: The source file's size in bytes.
    ///   - largeValueLimit: The canonical-text length in bytes above which a returned value was kept as its length
    ///     and SHA-256.
    ///   - parameters: What makes the same scenarios again, in header order.
    ///   - scenarios: What the subject did, scenario by scenario.
    ///   - sidecarSHA256: The SHA-256 of each sidecar the source had, by suffix; empty when it had none.
    ///   - stateOptions: How the states were recorded (format 3); `nil` for a format 2 transcript.
    public init(
        sourceSHA256: String, sourceBytes: UInt64, largeValueLimit: Int, parameters: [Parameter],
        scenarios: [ScenarioRecord], sidecarSHA256: [String: String] = [:], stateOptions: StateOptions? = nil
    ) {
        self.sourceSHA256 = sourceSHA256
        self.sidecarSHA256 = sidecarSHA256
        self.sourceBytes = sourceBytes
        self.largeValueLimit = largeValueLimit
        self.parameters = parameters
        self.scenarios = scenarios
        self.stateOptions = stateOptions
    }

    /// A named value of the header (`seed`: `1`). Names are lower-case letters, digits and `-`.
    public struct Parameter: Sendable, Hashable {
        /// The parameter's name (`seed`, `operations`, `slices`).
        public let name: String
        /// Its value, as text (a number is written in decimal).
        public let value: String

        /// A header parameter.
        ///
        /// - Parameters:
        ///   - name: Lower-case letters, digits and `-`.
        ///   - value: The value as text.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The value of a parameter, if the header has it.
    public func parameter(_ name: String) -> String? { parameters.last { $0.name == name }?.value }

    /// One scenario as recorded.
    public struct ScenarioRecord: Sendable, Equatable {
        /// The scenario's name, as the scenario gave it.
        public var name: String
        /// The seed a generated scenario came from, so a verifier can make it again; `nil` for a hand-written one.
        public var seed: UInt64?
        /// What each operation did, in the order they ran.
        public var operations: [OperationRecord]
        /// What closing the session did.
        public var close: Outcome
        /// The database after the session closed.
        public var state: DatabaseStateDigest
        /// The line of its `scenario` record in ``Transcript/text``.
        public var line: Int = 0
        /// The schema entries and rows the state holds otherwise than the source (format 3); `nil` in format 2.
        var stateDetail: StateDetail?
        /// The line of its `state` record in ``Transcript/text`` (where a state mismatch points).
        var stateLine = 0
    }

    /// One operation as recorded.
    public struct OperationRecord: Sendable, Equatable {
        /// The operation's name, as the scenario gave it.
        public var name: String
        /// What the operation returned or threw.
        public var outcome: Outcome
        /// The line of its `op` record in ``Transcript/text``.
        public var line: Int = 0
    }

    /// What an operation (or closing) did.
    public enum Outcome: Sendable, Hashable {
        /// Returned this value (canonical text), or closed without error (`""`).
        case returned(String)
        /// Returned a value whose canonical text is `bytes` long with this SHA-256.
        case returnedLarge(bytes: Int, sha256: String)
        /// Threw: the error's normalized description.
        case threw(String)

        /// For a mismatch line: the value (cut at 200 characters), the hash, or `threw ...`.
        public var shown: String {
            switch self {
            case .returned(let text): text.count > 200 ? String(text.prefix(200)) + "…" : text
            case .returnedLarge(let bytes, let sha256): "(\(bytes) bytes, sha256 \(sha256.prefix(16))…)"
            case .threw(let description): "threw \(description)"
            }
        }
    }

    /// How many operations the scenarios hold.
    public var operationCount: Int { scenarios.reduce(0) { $0 + $1.operations.count } }

    /// The sidecars a source line may name, in the order it names them.
    static let sidecarSuffixes = ["-wal", "-journal"]

    // MARK: Text

    /// The transcript as text: every record on its own line, `\n` line ends, the same bytes for the same content.
    public var text: String { rendered().lines.joined(separator: "\n") + "\n" }

    /// Sets every scenario's and operation's ``ScenarioRecord/line`` to where ``text`` puts it.
    mutating func numberLines() {
        for (index, place) in rendered().places.enumerated() {
            scenarios[index].line = place.scenario
            scenarios[index].stateLine = place.state
            for (operation, line) in place.operations.enumerated() { scenarios[index].operations[operation].line = line }
        }
    }

    /// The lines of ``text``, and the 1-based line of each scenario's and operation's record.
    private func rendered() -> (lines: [String], places: [(scenario: Int, operations: [Int], state: Int)]) {
        var lines = [
            "driverport-transcript \(stateOptions == nil ? 2 : Self.formatVersion)",
            "source sha256 \(sourceSHA256) bytes \(sourceBytes)"
                + Self.sidecarSuffixes.compactMap { suffix in
                    sidecarSHA256[suffix].map { " \(suffix.dropFirst())-sha256 \($0)" }
                }.joined(),
            "large-values \(largeValueLimit)",
        ]
        if let stateOptions { lines += stateOptions.headerLines }
        for parameter in parameters { lines.append("parameter \(parameter.name) \(CanonicalText.quoted(parameter.value))") }
        var places: [(scenario: Int, operations: [Int], state: Int)] = []
        for (index, scenario) in scenarios.enumerated() {
            lines.append(
                "scenario \(index + 1) \(CanonicalText.quoted(scenario.name)) seed \(scenario.seed.map(String.init) ?? "-")"
            )
            var place = (scenario: lines.count, operations: [Int](), state: 0)
            for (number, operation) in scenario.operations.enumerated() {
                lines.append("op \(number + 1) \(CanonicalText.quoted(operation.name))")
                place.operations.append(lines.count)
                lines.append(Self.line(operation.outcome))
            }
            switch scenario.close {
            case .threw(let description): lines.append("close ! \(CanonicalText.quoted(description))")
            default: lines.append("close ok")
            }
            lines.append("state \(scenario.state.sha256)")
            place.state = lines.count
            places.append(place)
            lines += StateDetailText.lines(scenario.state, scenario.stateDetail)
        }
        lines.append("end scenarios \(scenarios.count) operations \(operationCount)")
        return (lines, places)
    }

    static func line(_ outcome: Outcome) -> String {
        switch outcome {
        case .returned(let text): "= " + text
        case .returnedLarge(let bytes, let sha256): "~ \(bytes) \(sha256)"
        case .threw(let description): "! " + CanonicalText.quoted(description)
        }
    }

    /// Writes ``text`` to `path` (replacing a file there) through a temporary file beside it, so a reader never
    /// sees half a transcript.
    public func write(to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Reads the transcript at `path`.
    ///
    /// - Throws: ``TranscriptFileError`` (missing, unreadable, malformed, truncated, another version).
    public init(contentsOf path: String) throws(TranscriptFileError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw TranscriptError.missing(path: path).at(path)
        }
        guard !isDirectory.boolValue else { throw TranscriptError.unreadable(path: path, reason: "a folder").at(path) }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw TranscriptError.unreadable(path: path, reason: error.localizedDescription).at(path)
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw TranscriptError.unreadable(path: path, reason: "not UTF-8 text").at(path)
        }
        do { self = try Transcript(parsing: text) } catch { throw error.at(path) }
    }
}
