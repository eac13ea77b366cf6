import Differential
import Foundation
import SQLiteEngine

/// Records a ``Transcript`` from one implementation of anything (a whole session, a repository, a toy type), and
/// verifies an implementation against one: the differential harness's two sides split in time, so the reference can
/// be deleted once its answers are kept.
///
/// Each scenario runs on a fresh copy of the source file (the source is only read), in order: open the subject on the
/// copy, run every operation (each returned value becomes its `FieldValue` tree, then its canonical text; each
/// thrown error its normalized description), close the subject, then read the copy back (``inspect``) and hash its
/// logical state (``DatabaseStateDigest``).
///
/// ```swift
/// let runner = TranscriptRunner(side: DifferentialSide(name: "legacy", open: { try LegacyStore.open(at: $0) },
///                                                      close: { try $0.close() }))
/// let transcript = try runner.record(scenarios, on: "app.sqlite")
/// try transcript.write(to: "app.transcript")
/// // Later, with the legacy code gone:
/// let verifier = TranscriptRunner(side: DifferentialSide(name: "queue", open: ..., close: ...))
/// let result = try verifier.verify(scenarios, against: try Transcript(contentsOf: "app.transcript"), on: "app.sqlite")
/// #expect(result.agrees, "\(result.mismatches)")
/// ```
public struct TranscriptRunner<Subject> {
    /// How to open and close the implementation on a copy.
    public var side: DifferentialSide<Subject>
    /// Opens a copy after the subject closed it, to hash its state. Default: the system SQLite, read-only (give one
    /// that applies the key for encrypted files).
    public var inspect: (_ path: String) throws -> EngineConnection
    /// Columns (any table, compared upper-cased) left out of the state hash: values a trigger stamps with the clock.
    public var ignoredColumns: Set<String>
    /// Tables left out of the state hash whole (rows, indexes, triggers): a table one side adds on purpose, such as
    /// GRDB's `grdb_migrations` ledger (as `StateComparison.ignoredTables` does in the differential).
    public var ignoredTables: Set<String>
    /// A returned value whose canonical text is longer than this (bytes) is recorded as its length and SHA-256.
    public var largeValueLimit: Int
    /// How a thrown error is described. Default: its type and description, as the differential harness describes
    /// it. The copy's path (and its folder) in the text are replaced by `<database>` (and `<folder>`).
    public var describeError: (any Error) -> String
    /// Where the working copies go (a private folder is made and removed inside).
    public var workDirectory: URL

    /// A runner for one implementation.
    ///
    /// - Parameters:
    ///   - side: How to open the implementation on a copy and close it.
    ///   - inspect: Opens a copy, after the subject closed it, to hash its state; the default opens it read-only
    ///     through the system SQLite (give one that applies the key for an encrypted file).
    ///   - ignoredColumns: Column names (any table, compared upper-cased) left out of the state hash.
    ///   - ignoredTables: Tables left out of the state hash whole.
    ///   - largeValueLimit: The canonical-text length in bytes above which a returned value is kept as its length
    ///     and SHA-256 when recording (a negative value counts as 0); verifying uses the transcript's own limit.
    ///   - workDirectory: Where the working copies go; the default is the system's temporary folder.
    public init(
        side: DifferentialSide<Subject>,
        inspect: @escaping (_ path: String) throws -> EngineConnection = {
            try EngineConnection(path: $0, options: .readOnly)
        },
        ignoredColumns: Set<String> = [],
        ignoredTables: Set<String> = [],
        largeValueLimit: Int = 1024,
        workDirectory: URL = FileManager.default.temporaryDirectory
    ) {
        self.side = side
        self.inspect = inspect
        self.ignoredColumns = ignoredColumns
        self.ignoredTables = ignoredTables
        self.largeValueLimit = max(0, largeValueLimit)
        self.describeError = { error in "\(type(of: error)): \(error)" }
        self.workDirectory = workDirectory
    }

    /// Runs every scenario on a fresh copy of `file` and returns what the subject did.
    ///
    /// - Parameters:
    ///   - scenarios: the scenarios, in the order the transcript keeps them.
    ///   - file: the source; each scenario runs on a fresh copy of it.
    ///   - parameters: what a verifier needs to make the same scenarios again (kept in the header).
    ///   - progress: called before each scenario with its 1-based number and the count.
    /// - Throws: the subject's error when it cannot open a copy (nothing can be recorded), `DifferentialError` when
    ///   the file cannot be copied or a copy cannot be read back, ``TranscriptError/digestUnavailable``.
    public func record(
        _ scenarios: [Scenario<Subject>], on file: String, parameters: [Transcript.Parameter] = [],
        progress: (_ scenario: Int, _ of: Int) -> Void = { _, _ in }
    ) throws -> Transcript {
        let source = try SourceFingerprint(of: file)
        let played = try play(scenarios, on: file, limit: largeValueLimit, progress: progress) { error in throw error }
        var transcript = Transcript(
            sourceSHA256: source.sha256, sourceBytes: source.bytes, largeValueLimit: largeValueLimit,
            parameters: parameters, scenarios: played.compactMap(\.record), sidecarSHA256: source.sidecars
        )
        transcript.numberLines()
        return transcript
    }

    /// Runs `scenarios` (made again from the transcript's parameters) on fresh copies of `file` and compares every
    /// outcome and state with `transcript`.
    ///
    /// - Throws: ``TranscriptError/foreignSource(line:recorded:actual:)`` (before running anything) when `file` is
    ///   not the file the transcript was recorded on; `DifferentialError` when the file cannot be copied or read
    ///   back. A subject that cannot open a copy, or answers differently, is a mismatch, never thrown.
    public func verify(
        _ scenarios: [Scenario<Subject>], against transcript: Transcript, on file: String,
        progress: (_ scenario: Int, _ of: Int) -> Void = { _, _ in }
    ) throws -> TranscriptVerification {
        let source = try SourceFingerprint(of: file)
        guard source.sha256 == transcript.sourceSHA256, source.sidecars == transcript.sidecarSHA256 else {
            throw TranscriptError.foreignSource(line: 2, recorded: transcript.sourceSHA256, actual: source.sha256)
        }
        let played = try play(scenarios, on: file, limit: transcript.largeValueLimit, progress: progress) { _ in }
        let mismatches = TranscriptComparison(expected: transcript, actual: played).mismatches()
        return TranscriptVerification(
            scenarios: transcript.scenarios.count, operations: transcript.operationCount, mismatches: mismatches
        )
    }

    // MARK: Playing scenarios

    /// Plays every scenario; `openFailed` decides what a copy the subject cannot open does: rethrow (recording), or
    /// return, and the scenario is played as that failure (verifying).
    private func play(
        _ scenarios: [Scenario<Subject>], on file: String, limit: Int, progress: (Int, Int) -> Void,
        openFailed: (any Error) throws -> Void
    ) throws -> [PlayedScenario] {
        let scratch: ScratchFolder
        do {
            scratch = try ScratchFolder.make(kind: "transcript", in: workDirectory)
        } catch {
            throw DifferentialError.cannotCopy(path: file, reason: "\(error)")
        }
        defer { scratch.remove() }
        let folder = scratch.url
        // Every scenario gets its copy in its own folder under the same name, so error texts (which may quote the
        // path) read the same in every run once the path is replaced.
        let copy = folder.appendingPathComponent("copy").appendingPathComponent(URL(fileURLWithPath: file).lastPathComponent).path
        var records: [PlayedScenario] = []
        for (index, scenario) in scenarios.enumerated() {
            progress(index + 1, scenarios.count)
            try freshCopy(of: file, at: copy)
            let subject: Subject
            do { subject = try side.open(copy) } catch {
                try openFailed(error)
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
            let state: DatabaseStateDigest
            do {
                let connection = try inspect(copy)
                defer { connection.close() }
                state = try DatabaseStateDigest(
                    reading: connection, ignoredColumns: ignoredColumns, ignoredTables: ignoredTables
                )
            } catch {
                throw DifferentialError.cannotInspect(side: side.name, reason: describe(error, copy))
            }
            records.append(
                .played(.init(name: scenario.name, seed: scenario.seed, operations: operations, close: close, state: state))
            )
        }
        return records
    }

    /// A value's canonical text, or its size and hash when longer than `limit`.
    static func outcome(of value: FieldValue, limit: Int) throws(TranscriptError) -> Transcript.Outcome {
        let text = CanonicalText.value(value)
        let bytes = text.utf8.count
        return bytes > limit ? .returnedLarge(bytes: bytes, sha256: try SHA256Digest.hex(of: text)) : .returned(text)
    }

    /// An error's description on one line, with the copy's path and folder replaced by placeholders.
    private func describe(_ error: any Error, _ path: String) -> String {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return describeError(error)
            .replacingOccurrences(of: path, with: "<database>")
            .replacingOccurrences(of: folder, with: "<folder>")
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

/// One scenario as a subject played it: its record, or the error its subject threw when opening the copy.
enum PlayedScenario {
    case played(Transcript.ScenarioRecord)
    case openFailed(name: String, error: String)

    var record: Transcript.ScenarioRecord? {
        if case .played(let record) = self { return record }
        return nil
    }
}

/// The SHA-256 of a file's bytes (what `sha256sum` prints) and of each of its `-wal` and `-journal` present, read in
/// chunks.
struct SourceFingerprint: Equatable {
    let sha256: String
    let bytes: UInt64
    let sidecars: [String: String]

    init(of path: String) throws {
        (sha256, bytes) = try Self.digest(path)
        var sidecars: [String: String] = [:]
        for suffix in Transcript.sidecarSuffixes where FileManager.default.fileExists(atPath: path + suffix) {
            sidecars[suffix] = try Self.digest(path + suffix).sha256
        }
        self.sidecars = sidecars
    }

    private static func digest(_ path: String) throws -> (sha256: String, bytes: UInt64) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DifferentialError.cannotCopy(path: path, reason: "cannot open it for reading")
        }
        defer { try? handle.close() }
        let digest = SHA256Digest()
        var bytes: UInt64 = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            chunk.withUnsafeBytes { digest.update($0) }
            bytes += UInt64(chunk.count)
        }
        return (try digest.finish(), bytes)
    }
}
