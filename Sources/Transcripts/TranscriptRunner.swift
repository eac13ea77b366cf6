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
/// logical state (``DatabaseStateDigest``), keeping the schema entries and rows that differ from the source beside
/// the hashes (row detail, up to ``rowDetailLimit`` rows per table). Verifying compares the same way and reports a
/// differing state by table, row key and column, each difference with its porting trap as the differential names it.
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
    /// Recording keeps them in the transcript's header, and verifying a format 3 transcript uses the header's.
    public var ignoredColumns: Set<String>
    /// Tables left out of the state hash whole (rows, indexes, triggers): a table one side adds on purpose, such as
    /// GRDB's `grdb_migrations` ledger (as `StateComparison.ignoredTables` does in the differential). Recording keeps
    /// them in the transcript's header, and verifying a format 3 transcript uses the header's, so the verifying
    /// side cannot forget one; a format 2 transcript is verified with these.
    public var ignoredTables: Set<String>
    /// Columns (any table, compared upper-cased) whose values the row detail never writes (`<redacted>`) and a
    /// mismatch never shows; the table hash still covers them. Recorded in the header. Recording refuses a name no
    /// table of the source has, and a column that keys its table's rows while row detail is kept (``RedactionError``).
    /// Returned values are not redacted: an operation that returns a secret keeps it in the transcript.
    public var redactedColumns: Set<String> = []
    /// At most this many changed rows of one table are kept per scenario when recording (the default is
    /// ``Transcript/StateOptions/defaultRowDetailLimit``); a table changed in more keeps its hash only, and
    /// verifying says so. 0 keeps no row detail.
    public var rowDetailLimit = Transcript.StateOptions.defaultRowDetailLimit
    /// At most this many row differences are reported per table when verifying (the count of the rest is reported
    /// too), as the differential's `StateComparison.maximumRowDetailsPerTable`.
    public var maximumRowDifferencesPerTable = 20
    /// A returned value whose canonical text is longer than this (bytes) is recorded as its length and SHA-256;
    /// so is a stored text or blob of the row detail whose written form is longer.
    public var largeValueLimit: Int
    /// How a thrown error is described. Default: `ComparedErrors.standard`, as the differential harness and shadow
    /// mode describe it (an SQLite failure as its code and constraint or message, whichever library threw it; an
    /// adapter's preset, such as the integrations' `RealLibraryPresets.describeError`, goes here as it goes into the
    /// harness and shadow mode). The copy's path (and its folder) in the text are replaced by
    /// `<database>` (and `<folder>`).
    public var describeError: (any Error) -> String
    /// How verifying compares a recorded error with a thrown one. Default: ``TranscriptErrorComparison/sqliteErrorForm``,
    /// both in the standard form, so a transcript recorded with another description of the same SQLite failure
    /// (an older recorder's type and description, SQLite.swift's words against GRDB's) still agrees.
    public var errorComparison = TranscriptErrorComparison.sqliteErrorForm
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
        self.describeError = ComparedErrors.standard
        self.workDirectory = workDirectory
    }

    /// Runs every scenario on a fresh copy of `file` and returns what the subject did: every outcome, and each
    /// state's hashes with the rows and schema entries it changed relative to `file` (row detail, at most
    /// ``rowDetailLimit`` rows per table, ``redactedColumns`` written as `<redacted>`). The transcript holds the
    /// app's data that way: record on a fixture file.
    ///
    /// - Parameters:
    ///   - scenarios: the scenarios, in the order the transcript keeps them.
    ///   - file: the source; each scenario runs on a fresh copy of it.
    ///   - parameters: what a verifier needs to make the same scenarios again (kept in the header).
    ///   - progress: called before each scenario with its 1-based number and the count.
    /// - Throws: the subject's error when it cannot open a copy (nothing can be recorded), `DifferentialError` when
    ///   the file cannot be copied or a copy cannot be read back, ``TranscriptError/digestUnavailable``,
    ///   ``RedactionError`` for a redacted column that cannot be kept out (before anything is run).
    public func record(
        _ scenarios: [Scenario<Subject>], on file: String, parameters: [Transcript.Parameter] = [],
        progress: (_ scenario: Int, _ of: Int) -> Void = { _, _ in }
    ) throws -> Transcript {
        let source = try SourceFingerprint(of: file)
        let options = Transcript.StateOptions(
            rowDetailLimit: rowDetailLimit, ignoredTables: ignoredTables, ignoredColumns: ignoredColumns,
            redactedColumns: redactedColumns
        )
        let played = try play(scenarios, on: file, limit: largeValueLimit, state: .record(options), progress: progress)
        var transcript = Transcript(
            sourceSHA256: source.sha256, sourceBytes: source.bytes, largeValueLimit: largeValueLimit,
            parameters: parameters, scenarios: played.compactMap(\.record), sidecarSHA256: source.sidecars,
            stateOptions: options
        )
        transcript.numberLines()
        return transcript
    }

    /// Runs `scenarios` (made again from the transcript's parameters) on fresh copies of `file` and compares every
    /// outcome and state with `transcript`: each error by ``errorComparison``; each state by its hashes, and where a
    /// table's hash differs, row by row from the transcript's row detail (a format 2 transcript, or a table changed
    /// in more rows than its row-detail limit, by hash only). Every mismatch is named with its porting trap when the
    /// differential's classifier knows it.
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
        let options = transcript.stateOptions ?? Transcript.StateOptions(
            rowDetailLimit: 0, ignoredTables: ignoredTables, ignoredColumns: ignoredColumns, redactedColumns: redactedColumns
        )
        let played = try play(
            scenarios, on: file, limit: transcript.largeValueLimit, state: .verify(transcript, options), progress: progress
        )
        var comparison = TranscriptComparison(expected: transcript, actual: played)
        comparison.errors = errorComparison
        let mismatches = comparison.mismatches()
        return TranscriptVerification(
            scenarios: transcript.scenarios.count, operations: transcript.operationCount, mismatches: mismatches
        )
    }
}
