import Differential
import Foundation
import MMEXDifferential
import PersistenceSession
import Transcripts

/// `driverport verify`: runs the scenarios a golden transcript names through one session on fresh copies of FILE and
/// reports every place its answers or the state it leaves differ from the transcript.
struct VerifyCommand: Command {
    let name = "verify"
    let summary = "verify a session against a golden transcript recorded by 'record', on copies of FILE"
    let help = """
    Usage: driverport verify FILE --transcript TRANSCRIPT [--cipher NAME] [--key-env NAME | --key-file PATH |
                                  --key-stdin] [--session queue|pool|legacy] [--json] [--html OUT]

    Reads TRANSCRIPT (written by 'driverport record'), checks that FILE is the file it was recorded on (its SHA-256),
    makes the same scenarios again from the slices, seed and operation count in its header, runs them through the
    chosen session, every scenario on a fresh copy of FILE, and compares every operation's value or error and the
    logical hash of the state each scenario left with the transcript. FILE is never opened for writing.

    Prints each mismatch with its transcript line, scenario and operation (a state difference by table, row key and
    column, from the transcript's row detail) and the porting trap it is, each trap's advice once, then a summary
    line.

    Options:
      --transcript PATH  the transcript to verify against
      --session NAME     queue (default), pool or legacy
    \(KeyOptions.help)
      --json             {"file", "transcript", "session", "scenarios", "operations", "mismatches", "details": [...],
                         "traps": [{"id", "name", "advice"}]}
    \(HTMLReportOutput.help)

    Exit 0 when the session does what the transcript holds; 1 on a mismatch; 65 when TRANSCRIPT is malformed,
    truncated or was recorded on another file (one line naming it and the line), or FILE is not an MMEX database or
    the key is wrong; 66 FILE or TRANSCRIPT is missing or unreadable; 73 the --html page cannot be created; 64 usage.
    """
    let flags: Set<String> = Set(["json"]).union(KeyOptions.flagNames)
    let options: Set<String> = Set(["transcript", "session", HTMLReportOutput.optionName]).union(KeyOptions.optionNames)

    private struct Report: Encodable {
        let file: String
        let transcript: String
        let session: String
        let scenarios: Int
        let operations: Int
        let mismatches: Int
        let details: [TranscriptMismatch]
        let traps: [PortingTrap]
    }

    func run(_ arguments: ArgumentList, console: Console) throws -> ExitCode {
        let path = try arguments.requirePositionals(["FILE"])[0]
        guard let transcriptPath = arguments.option("transcript") else {
            throw CLIError.usage("missing --transcript TRANSCRIPT; see --help")
        }
        let keyOptions = try KeyOptions(arguments)
        let driver = try TranscriptSupport.session(arguments, default: .queue)
        let html = try HTMLReportOutput(arguments)
        let transcript: Transcript
        do { transcript = try Transcript(contentsOf: transcriptPath) } catch {
            throw TranscriptSupport.unusable(error)
        }
        let plan: TranscriptPlan
        do {
            plan = try TranscriptPlan(parameters: Dictionary(
                transcript.parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last }
            ))
        } catch {
            throw CLIError("\(transcriptPath): the header does not describe MMEX scenarios: \(error)", exitCode: .dataError)
        }
        let key = try TranscriptSupport.openedKey(path, keyOptions: keyOptions, console: console)
        let result: TranscriptVerification
        do {
            let runner = try TranscriptSupport.runner(driver, path: path, key: key)
            result = try runner.verify(
                try plan.scenarios(), against: transcript, on: path,
                progress: TranscriptSupport.progress(console, "verifying")
            )
            console.endProgress()
        } catch let error as TranscriptError {
            throw TranscriptSupport.unusable(error, transcript: transcriptPath)
        } catch {
            throw ErrorMapping.cliError(for: error, path: path)
        }
        try html?.write(result.page(file: path, transcript: transcriptPath, implementation: driver.rawValue))
        if arguments.flag("json") {
            try console.json(
                Report(
                    file: path, transcript: transcriptPath, session: driver.rawValue, scenarios: result.scenarios,
                    operations: result.operations, mismatches: result.mismatches.count, details: result.mismatches,
                    traps: result.traps
                )
            )
        } else {
            console.line(result.text.replacingOccurrences(of: "transcript verified", with: "\(driver.rawValue) session verified"))
        }
        return result.agrees ? .ok : .differenceFound
    }
}
