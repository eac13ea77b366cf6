import Foundation
import MMEXDifferential
import PersistenceSession
import SQLiteEngine
import Transcripts

/// `driverport record`: runs the ported slices' scenarios through the legacy session on fresh copies of FILE and
/// writes what it returned and left behind as a golden transcript, for `driverport verify` once the legacy code is
/// gone.
struct RecordCommand: Command {
    let name = "record"
    let summary = "record a golden transcript of the legacy session on copies of FILE (for 'verify' later)"
    let help = """
    Usage: driverport record FILE --out TRANSCRIPT [--cipher NAME] [--key-env NAME | --key-file PATH | --key-stdin]
                                  [--slices NAMES] [--seed N] [--operations N] [--session legacy|queue|pool]
                                  [--redact COLUMN]... [--row-detail-limit N] [--json]

    Runs "open and close", then each chosen slice's scenarios (its hand-written cases, then seeded random operation
    sequences, the same ones 'driverport diff' runs) through the legacy session, every scenario on a fresh copy of
    FILE (with its -wal and -journal), and writes TRANSCRIPT: FILE's SHA-256, the scenarios and operations in order,
    every returned value in canonical form (large ones as their SHA-256) or the error thrown (an SQLite failure as
    its code and constraint, whichever driver threw it), and a logical hash of the database each scenario left
    (user_version, schema, every table's rows in rowid order with their storage classes; not the journal mode, not
    the PB_UPDATED_AT clock stamps), with the rows and schema entries it changed relative to FILE (row detail), so
    'verify' reports a differing state by table, row and column. FILE is never opened for writing. The same FILE and
    options always give the same bytes; any session gives the same transcript. The transcript holds the data the
    scenarios wrote and read: record on a fixture, and redact columns that hold secrets. The format (version 3;
    version 2 transcripts still verify) is described in the Transcripts module's documentation (TranscriptFormat)
    and in MIGRATION.md.

    Options:
      --out PATH       the transcript to write (replaced if it is a transcript; any other file there is refused)
      --slices NAMES   comma-separated slices (default: every ported slice: \(SliceRegistry.ported.map(\.name).joined(separator: ", ")))
      --seed N         the first random scenario's seed (default 1)
      --operations N   random operations per slice (default 100; 0: hand-written scenarios only)
      --session NAME   record from another session (legacy, queue or pool; default legacy, the reference)
      --redact COLUMN  a column (of any table) whose stored values the row detail writes as <redacted>; repeat for
                       several. Refused (exit 64) when no table of FILE has it, or when it keys its table's rows
                       (then use --row-detail-limit 0). Values an operation returns are not redacted.
      --row-detail-limit N
                       keep at most N changed rows per table and scenario (default \(Transcript.StateOptions.defaultRowDetailLimit)); a table
                       changed in more keeps its hash only; 0 keeps state hashes only, as format 2 did
    \(KeyOptions.help)
      --json           {"transcript", "scenarios", "operations", "sourceSHA256", "session"}

    Exit 0 when written; 64 usage; 65 FILE is not an MMEX database or the key is wrong; 66 FILE is missing;
    73 TRANSCRIPT cannot be written.
    """
    let flags: Set<String> = Set(["json"]).union(KeyOptions.flagNames)
    let options: Set<String> = Set(["out", "slices", "seed", "operations", "session", "redact", "row-detail-limit"])
        .union(KeyOptions.optionNames)

    private struct Summary: Encodable {
        let transcript: String
        let scenarios: Int
        let operations: Int
        let sourceSHA256: String
        let session: String
    }

    func run(_ arguments: ArgumentList, console: Console) throws -> ExitCode {
        let path = try arguments.requirePositionals(["FILE"])[0]
        guard let out = arguments.option("out") else { throw CLIError.usage("missing --out TRANSCRIPT; see --help") }
        try refuseToOverwrite(out, source: path)
        try OutputLocation.check(out, what: "the transcript")
        let keyOptions = try KeyOptions(arguments)
        let driver = try TranscriptSupport.session(arguments, default: .legacy)
        let names = try DiffCommand.sliceNames(arguments)
        let redacted = try Self.redactedColumns(arguments)
        let rowDetailLimit =
            try arguments.integer("row-detail-limit", range: 0...10_000_000) ?? Transcript.StateOptions.defaultRowDetailLimit
        let plan: TranscriptPlan
        do {
            plan = try TranscriptPlan(
                slices: names,
                options: DiffOptions(
                    seed: try DiffCommand.seed(arguments),
                    randomOperations: try arguments.integer("operations", range: 0...10_000_000) ?? 100
                )
            )
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError.usage("--slices: \(error)")
        }
        let key = try TranscriptSupport.openedKey(path, keyOptions: keyOptions, console: console)
        let transcript: Transcript
        do {
            var runner = try TranscriptSupport.runner(driver, path: path, key: key)
            runner.redactedColumns = redacted
            runner.rowDetailLimit = rowDetailLimit
            transcript = try runner.record(
                try plan.scenarios(), on: path, parameters: plan.parameters.map { Transcript.Parameter($0.name, $0.value) },
                progress: TranscriptSupport.progress(console, "recording")
            )
            console.endProgress()
        } catch let error as RedactionError {
            console.endProgress()
            throw CLIError.usage("--redact: \(error); nothing was written")
        } catch {
            throw ErrorMapping.cliError(for: error, path: path)
        }
        do {
            try transcript.write(to: out)
        } catch {
            throw CLIError("\(out): cannot write the transcript (\(SystemErrorReason.of(error)))", exitCode: .cannotCreate)
        }
        if arguments.flag("json") {
            try console.json(
                Summary(
                    transcript: out, scenarios: transcript.scenarios.count, operations: transcript.operationCount,
                    sourceSHA256: transcript.sourceSHA256, session: driver.rawValue
                )
            )
        } else {
            console.line(
                "recorded \(transcript.scenarios.count) scenarios, \(transcript.operationCount) operations of the "
                    + "\(driver.rawValue) session on \(path) to \(out)"
            )
        }
        return .ok
    }

    /// `--redact COLUMN`, every time it is given: a column name, not a `TABLE.COLUMN` (redaction is by column name in
    /// every table).
    private static func redactedColumns(_ arguments: ArgumentList) throws(CLIError) -> Set<String> {
        var columns: Set<String> = []
        for column in arguments.values("redact") {
            guard !column.isEmpty, !column.contains(".") else {
                throw .usage("--redact takes a column name (redacted in every table that has it), not '\(column)'")
            }
            columns.insert(column)
        }
        return columns
    }

    /// `--out` may replace a transcript, never FILE, its sidecars or any other file.
    private func refuseToOverwrite(_ out: String, source: String) throws(CLIError) {
        let target = URL(fileURLWithPath: out).standardizedFileURL.resolvingSymlinksInPath().path
        let file = URL(fileURLWithPath: source).standardizedFileURL.resolvingSymlinksInPath().path
        if ["", "-wal", "-journal", "-shm"].contains(where: { file + $0 == target }) {
            throw .usage("--out must not be FILE or a file beside it: FILE is never written")
        }
        guard FileManager.default.fileExists(atPath: out) else { return }
        let head = FileHandle(forReadingAtPath: out).flatMap { handle in
            defer { try? handle.close() }
            return try? handle.read(upToCount: 22)
        }
        guard let head, String(decoding: head, as: UTF8.self) == "driverport-transcript " else {
            throw CLIError("\(out): exists and is not a transcript; nothing was written (remove it or choose another --out)",
                           exitCode: .cannotCreate)
        }
    }
}
