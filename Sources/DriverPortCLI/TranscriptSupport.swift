import Foundation
import MMEXDifferential
import MMEXModel
import MMEXSession
import PersistenceSession
import Transcripts

/// What `record` and `verify` share: the session option, the runner over one MMEX session, the errors of a
/// transcript as one line.
enum TranscriptSupport {
    /// `--session NAME` as a driver (default `fallback`).
    static func session(_ arguments: ArgumentList, default fallback: DriverKind) throws(CLIError) -> DriverKind {
        guard let name = arguments.option("session") else { return fallback }
        guard let driver = DriverKind.known(name) else {
            throw .usage("--session takes queue, pool or legacy, not '\(name)'")
        }
        return driver
    }

    /// The runner that opens `driver`'s session on each copy of `path` (with the deterministic minter, as the
    /// differential does) and reads the copies back with the key.
    static func runner(
        _ driver: DriverKind, path: String, key: DatabaseKey?
    ) throws -> TranscriptRunner<any MMEXSession> {
        var runner = TranscriptRunner(
            side: driver.differentialSide(.file(path: path, key: key)),
            inspect: try TranscriptPlan.inspect(key: key),
            ignoredColumns: TranscriptPlan.ignoredColumns,
            workDirectory: DiffCommand.scratchDirectory
        )
        runner.describeError = TranscriptPlan.describeError
        return runner
    }

    /// Checks that FILE opens (a clear error for a missing file, a wrong key, not MMEX) and returns its key.
    static func openedKey(_ path: String, keyOptions: KeyOptions, console: Console) throws -> DatabaseKey? {
        do {
            let key = try DiffCommand.databaseKey(for: path, keyOptions: keyOptions, console: console)
            try TranscriptPlan.checkOpens(path, key: key)
            return key
        } catch let error as CLIError {
            throw error
        } catch {
            throw ErrorMapping.cliError(for: error, path: path)
        }
    }

    /// A transcript that cannot be used, in one line naming the transcript (and the line): exit 66 when it is
    /// missing or cannot be read, 65 when what it holds is wrong.
    static func unusable(_ error: TranscriptFileError) -> CLIError {
        switch error.error {
        case .missing, .unreadable: CLIError(error.description, exitCode: .noInput)
        default: CLIError(error.description, exitCode: .dataError)
        }
    }

    /// A transcript error met while verifying FILE against TRANSCRIPT (another file's transcript).
    static func unusable(_ error: TranscriptError, transcript: String) -> CLIError {
        CLIError("\(transcript): \(error.description)", exitCode: .dataError)
    }

    /// Progress on a terminal: `scenario 3/120`.
    static func progress(_ console: Console, _ verb: String) -> (Int, Int) -> Void {
        { number, count in console.progress("\(verb): scenario \(number)/\(count)") }
    }
}
