import Differential
import Foundation
import SQLiteEngine

/// What playing the scenarios does with the state each one left.
enum StateUse {
    /// Keep it: its hashes and its row detail relative to the source.
    case record(Transcript.StateOptions)
    /// Compare it with the transcript's, by the transcript's rules (or the runner's, for a format 2 transcript).
    case verify(Transcript, Transcript.StateOptions)

    var options: Transcript.StateOptions {
        switch self {
        case .record(let options), .verify(_, let options): options
        }
    }
}

extension TranscriptRunner {
    /// Plays every scenario, each on a fresh copy of `file`, and keeps or compares the state each left (`state`). A
    /// copy the subject cannot open is rethrown when recording (nothing can be recorded), and played as that failure
    /// when verifying.
    func play(
        _ scenarios: [Scenario<Subject>], on file: String, limit: Int, state use: StateUse, progress: (Int, Int) -> Void
    ) throws -> [PlayedScenario] {
        let scratch: ScratchFolder
        do {
            scratch = try ScratchFolder.make(kind: "transcript", in: workDirectory)
        } catch {
            throw DifferentialError.cannotCopy(path: file, reason: "\(error)")
        }
        defer { scratch.remove() }
        let folder = scratch.url
        let name = URL(fileURLWithPath: file).lastPathComponent
        // Every scenario gets its copy in its own folder under the same name, so error texts (which may quote the
        // path) read the same in every run once the path is replaced.
        let copy = folder.appendingPathComponent("copy").appendingPathComponent(name).path
        // The source as every scenario starts from it, read once: what row detail is relative to.
        let pristine = folder.appendingPathComponent("source").appendingPathComponent(name).path
        try freshCopy(of: file, at: pristine)
        let source: SourceSnapshot
        do {
            source = try SourceSnapshot(try inspect(pristine), options: use.options)
        } catch {
            throw DifferentialError.cannotInspect(side: side.name, reason: describe(error, pristine))
        }
        defer { source.close() }
        if case .record(let options) = use { try source.checkRedactions(options) }
        var records: [PlayedScenario] = []
        for (index, scenario) in scenarios.enumerated() {
            progress(index + 1, scenarios.count)
            try freshCopy(of: file, at: copy)
            let subject: Subject
            do { subject = try side.open(copy) } catch {
                if case .record = use { throw error }
                records.append(.openFailed(name: scenario.name, error: describe(error, copy)))
                continue
            }
            var operations: [Transcript.OperationRecord] = []
            for operation in scenario.operations {
                let outcome: Transcript.Outcome
                switch Result(catching: { try operation.outcome(on: subject) }) {
                case .success(let value): outcome = try Self.outcome(of: value, limit: limit)
                case .failure(let error): outcome = .threw(describe(error, copy))
                }
                operations.append(.init(name: operation.name, outcome: outcome))
            }
            let close: Transcript.Outcome
            do {
                try side.close(subject)
                close = .returned("")
            } catch {
                close = .threw(describe(error, copy))
            }
            let (state, detail, findings) = try readState(copy, use, index: index, scenario: scenario.name, source: source, limit: limit)
            var record = Transcript.ScenarioRecord(
                name: scenario.name, seed: scenario.seed, operations: operations, close: close, state: state
            )
            record.stateDetail = detail
            records.append(.played(record, state: findings))
        }
        return records
    }

    /// The state the copy at `copy` holds, hashed by `use`'s rules; when recording, its row detail; when verifying, how
    /// it compares with the recorded scenario (`nil` when the scenario at `index` is not the recorded one).
    private func readState(
        _ copy: String, _ use: StateUse, index: Int, scenario: String, source: SourceSnapshot, limit: Int
    ) throws -> (DatabaseStateDigest, StateDetail?, StateFindings?) {
        do {
            let connection = try inspect(copy)
            defer { connection.close() }
            let options = use.options
            let state = try DatabaseStateDigest(
                reading: connection, ignoredColumns: options.ignoredColumns, ignoredTables: options.ignoredTables
            )
            switch use {
            case .record:
                let detail = try StateDetail.recording(state, connection, source: source, options: options, largeValueLimit: limit)
                return (state, detail, nil)
            case .verify(let transcript, _):
                guard index < transcript.scenarios.count, transcript.scenarios[index].name == scenario else {
                    return (state, nil, nil)
                }
                let recorded = transcript.scenarios[index]
                let findings = try StateComparer(
                    recorded: recorded.state, detail: recorded.stateDetail, actual: state, connection: connection,
                    source: source, options: options, maximumRowDifferences: maximumRowDifferencesPerTable
                ).findings()
                return (state, nil, findings)
            }
        } catch {
            throw DifferentialError.cannotInspect(side: side.name, reason: describe(error, copy))
        }
    }

    /// A value's canonical text, or its size and hash when longer than `limit`.
    static func outcome(of value: FieldValue, limit: Int) throws(TranscriptError) -> Transcript.Outcome {
        let text = CanonicalText.value(value)
        let bytes = text.utf8.count
        return bytes > limit ? .returnedLarge(bytes: bytes, sha256: try SHA256Digest.hex(of: text)) : .returned(text)
    }

    /// An error's description on one line, with the copy's path and folder replaced by placeholders (as the
    /// differential harness describes its copies' errors).
    private func describe(_ error: any Error, _ path: String) -> String {
        ComparedErrors.placeholding(describeError(error), copy: path)
    }

    /// Makes `target` (and its folder) exactly `source`: the main file, its `-wal` and `-journal`, nothing else.
    private func freshCopy(of source: String, at target: String) throws {
        let manager = FileManager.default
        let folder = URL(fileURLWithPath: target).deletingLastPathComponent()
        do {
            try? manager.removeItem(at: folder)
            try ScratchFolder.makeFolder(at: folder)
            for suffix in ["", "-wal", "-journal"] where suffix.isEmpty || manager.fileExists(atPath: source + suffix) {
                try FileCopy.copy(source + suffix, to: target + suffix, mode: 0o600)
            }
        } catch {
            throw DifferentialError.cannotCopy(path: source, reason: "\(error)")
        }
    }
}
