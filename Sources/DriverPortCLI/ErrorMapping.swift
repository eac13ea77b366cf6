import Differential
import MMEXFiles
import MMEXSession
import PersistenceSession
import SQLiteCipher
import SQLiteEngine

/// Turns any error a command meets into the one line and exit code the user sees.
enum ErrorMapping {
    /// What to tell the user about an encrypted file (every command takes the key options).
    static let encryptedHint = "give its key with --key-env, --key-file or --key-stdin"

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
                return CLIError("\(prefix)not a database (or encrypted: \(encryptedHint))", exitCode: .dataError)
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
        case let error as UpgradeError:
            return upgradeError(error)
        case let error as SnapshotCalculator.BadAmount:
            return CLIError("\(path.map { "\($0): " } ?? "")\(error)", exitCode: .dataError)
        case let error as CipherError:
            return cipherError(error, path: path)
        case let error as EngineUnavailableError:
            return CLIError(error.description, exitCode: .software)
        case let error as PersistenceError:
            return persistenceError(error)
        case let error as DifferentialError:
            // Reading a copy back can fail on a file damaged deep inside: name the file and where to look.
            if case .cannotInspect = error, let path {
                return CLIError("\(path): \(error.description) (the file may be damaged: see 'driverport inspect')", exitCode: .dataError)
            }
            return CLIError(error.description, exitCode: .dataError)
        default:
            return CLIError("\(path.map { "\($0): " } ?? "")\(error)", exitCode: .software)
        }
    }

    /// A session's error: its description already names the file.
    static func persistenceError(_ error: PersistenceError) -> CLIError {
        let code: ExitCode
        switch error {
        case .notFound: code = .noInput
        case .alreadyExists: code = .cannotCreate
        case .notADatabase, .wrongKey, .wrongKindOfFile, .schemaTooNew, .corrupt, .missingTable, .constraintViolated,
            .database:
            code = .dataError
        case .readOnly: code = .noPermission
        case .busy: code = .temporaryFailure
        case .io: code = .ioError
        case .closed, .invalidUse: code = .software
        }
        return CLIError(error.description, exitCode: code)
    }

    static func upgradeError(_ error: UpgradeError) -> CLIError {
        let code: ExitCode
        switch error {
        case .newerThanSupported, .cannotDowngrade, .notMMEX, .shapeConflict, .stepFailed, .integrityCheckFailed:
            code = .dataError
        case .unknownTarget: code = .usage
        case .noScript: code = .software
        case .changedDuringUpgrade, .walInUse: code = .temporaryFailure
        case .backupFailed: code = .cannotCreate
        }
        return CLIError(error.description, exitCode: code)
    }

    /// Cipher errors are data errors (65) in one line, except those that are about the output, a lock or the disk.
    private static func cipherError(_ error: CipherError, path: String?) -> CLIError {
        let prefix = path.map { "\($0): " } ?? ""
        switch error {
        case .outputExists: return CLIError(error.description, exitCode: .cannotCreate)
        case .databaseInUse: return CLIError(prefix + error.description, exitCode: .temporaryFailure)
        case .io(let detail): return CLIError(prefix + detail, exitCode: .ioError)
        case .cancelled: return CLIError(prefix + error.description, exitCode: .temporaryFailure)
        case .sqlite(let sqliteError): return cliError(for: sqliteError, path: path)
        case .wrongKey(let format):
            // One wording for a wrong key, whether a session or the codec found it.
            let tried = format.map { "; tried as \($0.rawValue)" } ?? ""
            let text = PersistenceError.wrongKey(path: path ?? "the file").description
            return CLIError(String(text.dropLast()) + tried + ")", exitCode: .dataError)
        case .keyRequired:
            return CLIError(prefix + "not a plain SQLite database: it is encrypted (\(encryptedHint)) "
                + "or not a database", exitCode: .dataError)
        default: return CLIError(prefix + error.description, exitCode: .dataError)
        }
    }
}
