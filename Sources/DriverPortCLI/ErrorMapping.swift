import MMEXFiles
import SQLiteEngine

/// Turns any error a command meets into the one line and exit code the user sees.
enum ErrorMapping {
    static func cliError(for error: any Error, path: String? = nil) -> CLIError {
        switch error {
        case let error as CLIError:
            return error
        case let error as DatabaseFileError:
            switch error {
            case .missing, .notRegularFile, .unreadable: return CLIError(error.description, exitCode: .noInput)
            case .empty, .truncated, .badHeader: return CLIError(error.description, exitCode: .dataError)
            case .exists, .cannotCreate: return CLIError(error.description, exitCode: .cannotCreate)
            }
        case let error as SQLiteError:
            let prefix = path.map { "\($0): " } ?? ""
            switch error.code {
            case ResultCode.notadb:
                return CLIError("\(prefix)not a database (or encrypted: give its key with --key-env, --key-file or --key-stdin)", exitCode: .dataError)
            case ResultCode.corrupt:
                return CLIError("\(prefix)the database is corrupt (\(error.message))", exitCode: .dataError)
            case ResultCode.cantopen:
                return CLIError("\(prefix)cannot open (\(error.message))", exitCode: .noInput)
            case ResultCode.ioerr, ResultCode.full:
                return CLIError("\(prefix)I/O error (\(error.message))", exitCode: .ioError)
            case ResultCode.busy, ResultCode.locked:
                return CLIError("\(prefix)the database is locked by another connection; try again", exitCode: .temporaryFailure)
            case ResultCode.readonly, ResultCode.perm:
                return CLIError("\(prefix)cannot write (\(error.message))", exitCode: .noPermission)
            default:
                return CLIError("\(prefix)\(error)", exitCode: .dataError)
            }
        case let error as PrivateCopyError:
            return CLIError(error.description, exitCode: .ioError)
        case let error as EngineUnavailableError:
            return CLIError(error.description, exitCode: .software)
        default:
            return CLIError("\(path.map { "\($0): " } ?? "")\(error)", exitCode: .software)
        }
    }
}
